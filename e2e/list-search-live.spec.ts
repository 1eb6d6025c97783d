// Search as you type on the inventory list (real server, real Chromium): the table shows the rows
// of what was typed last even when an earlier term's answer comes late; typing asks without
// "submitted" and only Enter marks a search as submitted; opening the screen asks for its first
// page once; a cell's full text still shows on hover.
import type { Page, Request } from '@playwright/test';
import { ADMIN, loginViaUi, seedUsers, test, expect } from './fixtures';

const ITEMS = [
  { name: 'Acetone', cas_number: '67-64-1' },
  { name: 'Acetic acid', cas_number: '64-19-7' },
  { name: 'Xanthene', cas_number: '92-83-1' },
  { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5' },
];

const rowNames = (page: Page) => page.getByTestId('records-table').locator('tbody tr.ant-table-row').getByTestId('item-name').allInnerTexts();
const listRequests = (page: Page) => {
  const seen: URL[] = [];
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/inventory/') seen.push(u);
  });
  return seen;
};

test('an earlier term answered late never replaces the rows of the term typed after it', async ({ page, app }) => {
  const admin = await seedUsers(app);
  for (const it of ITEMS) await admin.req('POST', '/api/inventory', { ...it, quantity: 1 });
  await loginViaUi(page, app, ADMIN);
  await expect(page.getByTestId('list-total')).toContainText('4');

  // The answer for "ace" is held until the rows for "xan" are on screen.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = false;
  await page.route(/\/api\/inventory\/\?.*search=ace(&|$)/, async (route) => {
    held = true;
    await gate;
    await route.continue().catch(() => undefined);
  });
  const box = page.getByTestId('list-search');
  await box.fill('ace');
  await expect.poll(() => held).toBe(true);
  await box.fill('xan');
  await expect.poll(() => rowNames(page)).toEqual(['Xanthene']);
  release();
  // Give the late answer every chance to land, then the rows must still be the last term's.
  await page.waitForTimeout(500);
  expect(await rowNames(page)).toEqual(['Xanthene']);
  await expect(page.getByTestId('list-total')).toContainText('1');
  await expect(box).toHaveValue('xan');
});

test('typing asks as it goes without "submitted"; Enter asks once more as submitted; the screen asks for its first page once', async ({ page, app }) => {
  const admin = await seedUsers(app);
  for (const it of ITEMS) await admin.req('POST', '/api/inventory', { ...it, quantity: 1 });
  await loginViaUi(page, app, ADMIN);
  await expect(page.getByTestId('list-total')).toContainText('4');

  const opened = listRequests(page);
  await page.reload();
  await expect(page.getByTestId('records-table').locator('tbody tr.ant-table-row')).toHaveCount(4);
  await page.waitForTimeout(300);
  expect(opened.length).toBe(1);

  const seen = listRequests(page);
  const box = page.getByTestId('list-search');
  await box.pressSequentially('acet', { delay: 30 });
  await expect.poll(() => rowNames(page)).toEqual(expect.arrayContaining(['Acetone', 'Acetic acid']));
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((u) => !u.searchParams.has('submitted'))).toBe(true);
  expect(seen.at(-1)!.searchParams.get('search')).toBe('acet');

  await box.press('Enter');
  await expect.poll(() => seen.filter((u) => u.searchParams.get('submitted') === 'true').map((u) => u.searchParams.get('search'))).toEqual(['acet']);
});

test('a name cut short shows its whole text on hover', async ({ page, app }) => {
  const admin = await seedUsers(app);
  for (const it of ITEMS) await admin.req('POST', '/api/inventory', { ...it, quantity: 1 });
  await loginViaUi(page, app, ADMIN);
  // The name is the link to the item's detail; its whole text is the link's title (the browser's own
  // hover text: an antd tooltip re-rendered the link between press and release and lost quick clicks).
  const name = page.getByTestId('records-table').getByTestId('item-name').filter({ hasText: '乙醇' });
  await expect(name).toHaveAttribute('title', '乙醇 (Ethanol)');
  await name.click();
  await expect(page.getByTestId('item-detail')).toContainText('乙醇');
});
