// The lab's time zone (Settings): a server whose computer runs in UTC, a browser in New York, a lab
// in Shanghai. Once the admin picks Asia/Shanghai, the screens show Shanghai times and the export
// downloaded from the same screen carries the same minute.
import fs from 'node:fs';
import Papa from 'papaparse';
import { ADMIN, expect, loginViaUi, seedUsers, startApp, test as base, type RunningApp } from './fixtures';

const test = base.extend<{ utcApp: RunningApp }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  utcApp: async ({}, use) => {
    const app = await startApp({ env: { TZ: 'UTC' } });
    await use(app);
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  },
});
test.use({ timezoneId: 'America/New_York' });

function minuteIn(iso: string, zone: string): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

test('the admin sets the lab zone: screens and the export show the lab\'s times, not the server\'s or the browser\'s', async ({ page, utcApp }) => {
  const admin = await seedUsers(utcApp);
  const item = await admin.req<{ id: number; created_at: string }>('POST', '/api/inventory', { name: 'Acetone', cas_number: '67-64-1', quantity: 500, unit: 'mL' });
  const shanghai = minuteIn(item.created_at, 'Asia/Shanghai');

  await loginViaUi(page, utcApp, ADMIN, '/settings');
  const card = page.getByTestId('time-zone-card');
  // Default: the computer's zone, the one the server runs in.
  await expect(card).toContainText('Same as this computer (Coordinated Universal Time)');
  await card.getByRole('combobox').fill('Shanghai');
  await page.locator('.ant-select-item-option[title="China Standard Time (Asia/Shanghai)"]').click();
  await expect(page.getByText('Time zone saved: China Standard Time')).toBeVisible();
  await expect(card).toContainText('China Standard Time (Asia/Shanghai)');

  // The audit log shows the creation in Shanghai time (neither UTC nor New York).
  await page.getByRole('menuitem', { name: 'Audit log' }).click();
  const table = page.getByTestId('audit-table');
  await expect(table).toContainText(shanghai);
  await expect(table).not.toContainText(minuteIn(item.created_at, 'America/New_York'));

  // The export of the inventory made on this UTC server carries the same minute.
  await page.getByRole('menuitem', { name: 'Inventory' }).click();
  await expect(page.getByRole('row', { name: /Acetone/ })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const file = await download.path();
  const rows = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
  expect(Object.values(rows.find((r) => r.Name === 'Acetone')!)).toContain(shanghai);
});
