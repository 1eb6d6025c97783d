// What keeps the inventory list cheap to re-render after a search answer, seen from outside (real
// server, real Chromium): a new page of rows does not make the controlled-chemical tags read
// their lists again, and a row's "⋯" menu, made only on its first press, still works from the
// keyboard and again after closing.
import type { Page, Request } from '@playwright/test';
import { ADMIN, loginViaUi, seedUsers, test, expect } from './fixtures';

const ITEMS = [
  { name: 'Acetone', cas_number: '67-64-1' },
  { name: 'Acetic acid', cas_number: '64-19-7' },
  { name: 'Xanthene', cas_number: '92-83-1' },
];

const rowNames = (page: Page) => page.getByTestId('records-table').locator('tbody tr.ant-table-row').getByTestId('item-name').allInnerTexts();

test('a search answer with all-new rows does not read the controlled lists again', async ({ page, app }) => {
  const admin = await seedUsers(app);
  for (const it of ITEMS) await admin.req('POST', '/api/inventory', { ...it, quantity: 1 });
  await loginViaUi(page, app, ADMIN);
  const box = page.getByTestId('list-search');
  await box.fill('ace');
  await expect.poll(() => rowNames(page)).toEqual(expect.arrayContaining(['Acetone', 'Acetic acid']));
  await page.waitForTimeout(300);

  const reads: string[] = [];
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/api/controlled-')) reads.push(r.url());
  });
  // None of the old rows stays: every row (and its tag) is replaced.
  await box.fill('xan');
  await expect.poll(() => rowNames(page)).toEqual(['Xanthene']);
  await page.waitForTimeout(300);
  expect(reads).toEqual([]);
});

test('a row\'s "⋯" menu opens from the keyboard, closes with Escape back to its button, and opens again', async ({ page, app }) => {
  const admin = await seedUsers(app);
  for (const it of ITEMS) await admin.req('POST', '/api/inventory', { ...it, quantity: 1 });
  await loginViaUi(page, app, ADMIN);
  const more = page.getByRole('row', { name: /Xanthene/ }).getByRole('button', { name: 'More actions' });
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem');

  await more.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(10);
  await expect(menu.first()).toHaveText('Borrow');
  await expect(more).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu.first()).toBeVisible();
  await menu.filter({ hasText: 'Edit' }).click();
  await expect(page.getByTestId('record-form')).toBeVisible();
  await expect(page.getByTestId('record-form').getByLabel('Name', { exact: true })).toHaveValue('Xanthene');
});
