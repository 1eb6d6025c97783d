// Next / previous page on the inventory list (real server, real Chromium): the rows are the right
// page's, and the step sends the shown page's keyset cursor (after / before) instead of an offset.
import type { Page, Request } from '@playwright/test';
import { ADMIN, loginViaUi, seedUsers, test, expect } from './fixtures';

const rowNames = (page: Page) => page.getByTestId('records-table').locator('tbody tr.ant-table-row').getByTestId('item-name').allInnerTexts();
const names = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => `Item ${String(from - i).padStart(2, '0')}`);

test('"next page" shows the next rows through the cursor, and "previous page" the rows before', async ({ page, app }) => {
  const admin = await seedUsers(app);
  for (let i = 1; i <= 45; i++) await admin.req('POST', '/api/inventory', { name: `Item ${String(i).padStart(2, '0')}`, quantity: 1 });
  const asked: URL[] = [];
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/inventory/') asked.push(u);
  });
  await loginViaUi(page, app, ADMIN);
  await expect.poll(() => rowNames(page)).toEqual(names(45, 26));

  await page.locator('.ant-pagination-next').click();
  await expect.poll(() => rowNames(page)).toEqual(names(25, 6));
  expect(asked.at(-1)!.searchParams.get('page')).toBe('2');
  expect(asked.at(-1)!.searchParams.get('after')).toBeTruthy();

  await page.locator('.ant-pagination-next').click();
  await expect.poll(() => rowNames(page)).toEqual(names(5, 1));

  await page.locator('.ant-pagination-prev').click();
  await expect.poll(() => rowNames(page)).toEqual(names(25, 6));
  expect(asked.at(-1)!.searchParams.get('before')).toBeTruthy();
});
