// Search results in the order people expect (real server, real Chromium, zh-CN UI): a search with
// no column picked lists the exact match first; a column the user picks sorts by pinyin; the export
// comes in Chinese (headers and statuses) and in the same order as the list.
import fs from 'node:fs';
import Papa from 'papaparse';
import { MEMBER, loginViaUi, seedUsers, test, expect } from './fixtures';

const ROWS = [
  { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5' },
  { name: '甲醇', english_name: 'Methanol', cas_number: '67-56-1' },
  { name: '二乙醇胺', english_name: 'Diethanolamine', cas_number: '111-42-2' },
  { name: '乙醇胺', english_name: 'Ethanolamine', cas_number: '141-43-5' },
  { name: '丙酮', english_name: 'Acetone', cas_number: '67-64-1' },
  { name: '二氯甲烷', english_name: 'Dichloromethane', cas_number: '75-09-2' },
];

test('ETHANOL lists 乙醇 first; sorting by name follows pinyin; the export is in Chinese in the list order', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const nameOf = new Map<string, string>();
  for (const r of ROWS) nameOf.set(String((await admin.req<{ id: number }>('POST', '/api/inventory', { ...r, quantity: 1 })).id), r.name);
  await loginViaUi(page, app, MEMBER);
  await page.evaluate(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.reload();
  const table = page.getByTestId('records-table');
  // The rows shown, by record id (independent of how the cells lay the name out).
  const names = async () => (await table.locator('tbody tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key') ?? ''))).map((id) => nameOf.get(id));
  await expect(page.getByTestId('list-total')).toContainText('6');

  await page.getByTestId('list-search').fill('ETHANOL');
  await page.getByTestId('list-search').press('Enter');
  await expect(page.getByTestId('list-total')).toContainText('4');
  await expect.poll(names).toEqual(['乙醇', '乙醇胺', '二乙醇胺', '甲醇']);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true }).data;
  expect(rows.map((r) => r['名称'])).toEqual(['乙醇', '乙醇胺', '二乙醇胺', '甲醇']);
  expect(rows.every((r) => r['状态'] === '在库' && r['危险品'] === '否')).toBe(true);

  await page.getByTestId('list-search').fill('');
  await page.getByTestId('list-search').press('Enter');
  await expect(page.getByTestId('list-total')).toContainText('6');
  await table.getByRole('columnheader', { name: '名称' }).click();
  await expect.poll(names).toEqual(['丙酮', '二氯甲烷', '二乙醇胺', '甲醇', '乙醇', '乙醇胺']);
});
