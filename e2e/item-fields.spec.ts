// A container's fields in the browser (real server, real Chromium): an item entered in the form as
// "3 瓶 × 500 g" with lot, expiry and GHS pictograms shows its amount, containers, coloured expiry
// and pictogram icons in the list and every field in its detail drawer, in English and Chinese;
// stock-in from an arrived order takes the amount prefilled from the order, lot and expiry.
import type { Page } from '@playwright/test';
import { ADMIN, loginViaUi, pickLocation, seedUsers, showColumns, test, expect, type ApiSession } from './fixtures';

/** YYYY-MM-DD of today + `days` on this computer's calendar (the lab's local day). */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function pickDate(page: Page, form: ReturnType<Page['getByTestId']>, label: string, value: string): Promise<void> {
  const input = form.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

async function setLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('lab.language', l), lang);
  await page.reload();
}

test('an item with containers, lot, expiry and GHS pictograms: form, list and detail in both languages', async ({ page, app }) => {
  const admin: ApiSession = await seedUsers(app);
  // A second item expiring soon (orange) beside the expired one entered in the form (red).
  await admin.req('POST', '/api/inventory', { name: '丙酮', quantity: 2, unit: 'L', expiry_date: day(10), ghs: ['GHS02'] });
  await loginViaUi(page, app, ADMIN);
  await setLanguage(page, 'en');
  await page.getByRole('menuitem', { name: 'Inventory' }).click();
  await page.getByRole('button', { name: 'New item' }).click();
  const form = page.getByTestId('record-form');
  await form.getByLabel('Name', { exact: true }).fill('乙醇');
  await form.getByLabel('Unit', { exact: true }).fill('g');
  await form.getByLabel('Number of containers').fill('3');
  await form.getByLabel('Container', { exact: true }).fill('瓶');
  await form.getByLabel('Container size').fill('500');
  // Containers × size filled in the amount.
  await expect(form.getByLabel('Quantity', { exact: true })).toHaveValue('1500');
  await form.getByLabel('Lot No.').fill('LOT-42');
  await form.getByLabel('Supplier').fill('国药集团');
  await pickDate(page, form, 'Expiry date', day(-3));
  await pickDate(page, form, 'Received', '2026-01-15');
  await form.getByLabel('GHS pictograms').click();
  await page.locator('.ant-select-item-option[title="GHS02 Flame"]').click();
  await page.locator('.ant-select-item-option[title="GHS07 Exclamation mark"]').click();
  await page.keyboard.press('Escape');
  // With pictograms the hazardous flag is on and fixed, and the form says why.
  await expect(form.getByTestId('hazardous-from-ghs')).toBeChecked();
  await expect(form.getByTestId('hazardous-from-ghs')).toBeDisabled();
  await expect(form).toContainText('Set by the GHS pictograms: an item with any of them is hazardous');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name: /乙醇/ });
  await expect(row).toContainText('1500 g 3 瓶');
  await row.getByText('1500 g').hover();
  await expect(page.getByRole('tooltip')).toHaveText('1500 g · 3 瓶 × 500 g');
  await page.mouse.move(0, 0);
  // The lot and the pictograms are columns shown on request (and then kept for this user).
  await showColumns(page, ['Lot No.', 'GHS pictograms']);
  await expect(row).toContainText('LOT-42');
  const expired = row.locator('[data-expiry]');
  await expect(expired).toHaveText(day(-3));
  await expect(expired).toHaveAttribute('data-expiry', 'expired');
  await expect(expired).toHaveCSS('color', 'rgb(207, 19, 34)');
  await expect(row.getByRole('img', { name: 'GHS02 Flame' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'GHS07 Exclamation mark' })).toBeVisible();
  const soon = page.getByRole('row', { name: /丙酮/ }).locator('[data-expiry]');
  await expect(soon).toHaveAttribute('data-expiry', 'soon');
  await expect(soon).toHaveCSS('color', 'rgb(212, 107, 8)');

  // The detail drawer: every field, the pictograms large with their names.
  await row.getByTestId('item-name').click();
  const detail = page.getByTestId('item-detail');
  await expect(page.getByRole('dialog')).toContainText('Item #');
  for (const text of ['1500 g', '3 瓶 × 500 g', 'LOT-42', day(-3), '2026-01-15', '国药集团', 'GHS02 Flame', 'GHS07 Exclamation mark']) await expect(detail).toContainText(text);
  await expect(detail.getByTestId('detail-ghs').locator('svg')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('item-detail-en.png') });
  await page.keyboard.press('Escape');

  // The same in Chinese.
  await setLanguage(page, 'zh-CN');
  await page.getByRole('menuitem', { name: '库存' }).click();
  const zhRow = page.getByRole('row', { name: /乙醇/ });
  await expect(zhRow.getByRole('img', { name: 'GHS02 易燃（火焰）' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '有效期' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '批号' })).toBeVisible();
  await zhRow.getByTestId('item-name').click();
  const zhDetail = page.getByTestId('item-detail');
  await expect(page.getByRole('dialog')).toContainText('库存 #');
  for (const text of ['批号', 'LOT-42', '有效期', '入库日期', '供应商', 'GHS07 有害（感叹号）']) await expect(zhDetail).toContainText(text);
  await page.screenshot({ path: test.info().outputPath('item-detail-zh.png') });
});

test('the form refuses a bad date and a container size of 0 with the service\'s words', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUi(page, app, ADMIN);
  await setLanguage(page, 'zh-CN');
  await page.getByRole('menuitem', { name: '库存' }).click();
  await page.getByRole('button', { name: '新增库存' }).click();
  const form = page.getByTestId('record-form');
  await form.getByLabel('名称', { exact: true }).fill('乙醇');
  await form.getByLabel('数量', { exact: true }).fill('1');
  await form.getByLabel('单瓶规格').fill('0');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(form).toContainText('必须大于 0');
  await expect(form).toBeVisible();
});

test('stock-in from an arrived order: amount prefilled from the order, lot and expiry kept on the item', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const room = await admin.req<{ id: number }>('POST', '/api/locations', { name: 'C201' });
  await admin.req('POST', '/api/locations', { name: '1号柜', parent_id: room.id });
  const order = await admin.req<{ id: number }>('POST', '/api/reagent-orders', { name: '氯化钠', cas_number: '7647-14-5', specification: '500 g', quantity: 2, brand: '阿拉丁', supplier: '阿拉丁 Aladdin' });
  await admin.req('POST', `/api/reagent-orders/${order.id}/approve`, {});
  await admin.req('POST', `/api/reagent-orders/${order.id}/arrive`, {});
  await loginViaUi(page, app, ADMIN);
  await setLanguage(page, 'en');
  await page.getByRole('menuitem', { name: 'Reagent orders' }).click();
  await page.getByRole('row', { name: /氯化钠/ }).getByRole('button', { name: 'Stock in' }).click();
  const form = page.getByTestId('stock-in-form');
  await expect(form.getByLabel('Amount')).toHaveValue('1000');
  await expect(form.getByLabel('Unit', { exact: true })).toHaveValue('g');
  await expect(form.getByLabel('Container size')).toHaveValue('500');
  await expect(form.getByLabel('Supplier')).toHaveValue('阿拉丁 Aladdin');
  await expect(form.getByLabel('Received', { exact: true })).toHaveValue(day(0));
  await form.getByLabel('Lot No.').fill('BCBX1234');
  await pickDate(page, form, 'Expiry date', day(400));
  // No location: refused in the dialog.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toContainText(/required/i);
  await pickLocation(form.getByTestId('stock-in-location'), 'C201', '1号柜');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('row', { name: /氯化钠/ })).toContainText('Stocked in');

  await page.getByRole('menuitem', { name: 'Inventory' }).click();
  const row = page.getByRole('row', { name: /氯化钠/ });
  await expect(row).toContainText('1000 g 2 containers');
  await expect(row.locator('[data-expiry]')).toHaveAttribute('data-expiry', 'ok');
  await row.getByTestId('item-name').click();
  const detail = page.getByTestId('item-detail');
  for (const text of ['BCBX1234', day(400), day(0), '阿拉丁 Aladdin', 'C201 › 1号柜', `#${order.id}`]) await expect(detail).toContainText(text);
});
