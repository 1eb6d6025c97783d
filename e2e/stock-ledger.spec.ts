// The stock ledger in Chromium (issue 10): an item received with 500 mL is used in part (the opened
// date is set), borrowed with a due date, returned short (the rest counts as used) and disposed of
// with a reason; the item's ledger shows each movement with its balance, in English and in Chinese.
import type { Page } from '@playwright/test';
import { MEMBER, loginViaUi, pickStatus, rowMenu, seedUsers, test, expect, type ApiSession } from './fixtures';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The open stock dialog (one at a time). */
const dialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('stock-balance') });

async function fillAmount(page: Page, amount: string) {
  const input = dialog(page).getByTestId('stock-amount');
  await input.fill('');
  await input.fill(amount);
}


async function pickDueDate(page: Page) {
  await dialog(page).getByTestId('stock-due').click();
  // the last day of the month shown: never in the past
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-in-view').last().click();
}

async function seedItem(app: Parameters<typeof seedUsers>[0]): Promise<{ admin: ApiSession; id: number }> {
  const admin = await seedUsers(app);
  const item = await admin.req<{ id: number }>('POST', '/api/inventory', { name: '无水乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 500, unit: 'mL', storage_location: 'A301' });
  return { admin, id: item.id };
}

/** Ledger rows as [kind, amount, balance after] texts. */
async function ledgerRows(page: Page): Promise<string[][]> {
  const rows = page.getByTestId('ledger-table').locator('tbody tr.ant-table-row');
  await rows.first().waitFor();
  const out: string[][] = [];
  for (const r of await rows.all()) {
    const cells = await r.locator('td').allInnerTexts();
    out.push([cells[2]!, cells[3]!, cells[4]!, cells[5]!]);
  }
  return out;
}

test('receive → use part → borrow with a due date → return short → dispose with a reason; the ledger shows each', async ({ page, app }, testInfo) => {
  const { admin, id } = await seedItem(app);
  await loginViaUi(page, app, MEMBER);
  const row = page.getByRole('row', { name: /无水乙醇/ });
  await expect(row).toContainText('500 mL');

  // Use 120 mL (a bad amount first: the server's refusal shows on the field)
  await row.getByRole('button', { name: 'Use' }).click();
  await expect(dialog(page).getByTestId('stock-balance')).toContainText('Balance: 500 mL');
  await fillAmount(page, '600');
  await dialog(page).getByRole('button', { name: 'Use' }).click();
  await expect(dialog(page)).toContainText('more than the 500 mL left');
  await fillAmount(page, '0.12');
  await dialog(page).getByRole('combobox').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('L', { exact: true }).click();
  await dialog(page).getByLabel('Note').fill('HPLC mobile phase');
  await dialog(page).getByRole('button', { name: 'Use' }).click();
  await expect(row).toContainText('380 mL');
  expect((await admin.req<{ opened_date: string }>('GET', `/api/inventory/${id}`)).opened_date).toBe(today());

  // Borrow 100 mL until a date, for a purpose (optional: the item is not controlled)
  await rowMenu(row, 'Borrow');
  await fillAmount(page, '100');
  await dialog(page).getByTestId('stock-purpose').fill('TLC');
  await dialog(page).getByRole('button', { name: 'Borrow' }).click();
  await expect(dialog(page)).toContainText('Give the date it will come back');
  await pickDueDate(page);
  await dialog(page).getByRole('button', { name: 'Borrow' }).click();
  await expect(row).toContainText('Borrowed');

  // Return 80 mL: the dialog says 20 mL will count as used
  await rowMenu(row, 'Return');
  await expect(dialog(page).getByTestId('stock-balance')).toContainText('Borrowed: 100 mL');
  await fillAmount(page, '80');
  await expect(dialog(page).getByTestId('stock-not-returned')).toContainText('20 mL not returned will be recorded as used.');
  await dialog(page).getByRole('button', { name: 'Return' }).click();
  await expect(row).toContainText('In stock');
  await expect(row).toContainText('360 mL');

  // Dispose of all of it, with the reason required
  await rowMenu(row, 'Dispose');
  await dialog(page).getByRole('button', { name: 'Dispose' }).click();
  await expect(dialog(page)).toContainText('Is required');
  await dialog(page).getByTestId('stock-reason').fill('contaminated');
  await dialog(page).getByRole('button', { name: 'Dispose' }).click();
  // Disposed, it leaves the list of what is in the lab; the status filter shows it.
  await expect(row).toBeHidden();
  await pickStatus(page, 'Disposed');
  await expect(row).toContainText('Disposed');

  // The ledger
  await rowMenu(row, 'History');
  await page.getByRole('tab', { name: 'Stock ledger' }).click();
  expect(await ledgerRows(page)).toEqual([
    ['Received', '+500 mL', '500 mL', '—'],
    ['Used', '−120 mL', '380 mL', 'HPLC mobile phase'],
    ['Borrowed', '100 mL', '380 mL', '—'],
    ['Returned', '80 mL', '380 mL', '—'],
    ['Used', '−20 mL', '360 mL', 'not returned'],
    ['Disposed', '−360 mL', '0 mL', 'contaminated'],
  ]);
  const borrowedRow = page.getByTestId('ledger-table').locator('tbody tr.ant-table-row').nth(2);
  await expect(borrowedRow.locator('td').nth(6)).toHaveText('TLC');
  await expect(borrowedRow.locator('td').nth(7)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId('ledger-table')).toContainText(MEMBER.displayName);
  await testInfo.attach('stock-ledger-en', { body: await page.getByTestId('history-drawer').screenshot(), contentType: 'image/png' });

  // The export of the same ledger
  const download = page.waitForEvent('download');
  await page.getByTestId('ledger-export-csv').click();
  const file = await (await download).path();
  const text = (await import('node:fs')).readFileSync(file, 'utf8');
  expect(text).toContain('Used,−20 mL,360 mL,not returned');
});

test('the ledger in Chinese', async ({ page, app }, testInfo) => {
  const { admin, id } = await seedItem(app);
  await admin.req('POST', `/api/inventory/${id}/use`, { amount: 0.1, unit: 'mL', note: '配液' });
  await admin.req('POST', `/api/inventory/${id}/dispose`, { amount: 50, unit: 'mL', reason: '过期' });
  await page.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(MEMBER.username);
  await page.getByLabel('密码').fill(MEMBER.password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click(); // antd spaces two-character Chinese labels
  await page.getByTestId('user-menu').waitFor();
  await page.goto(app.url + '/#/inventory'); // login opens the home screen
  const row = page.getByRole('row', { name: /无水乙醇/ });
  await expect(row).toContainText('449.9 mL');
  await row.getByRole('button', { name: /^使\s?用$/ }).click();
  await expect(dialog(page).getByTestId('stock-balance')).toContainText('结存：449.9 mL');
  await fillAmount(page, '1');
  await dialog(page).getByRole('combobox').click();
  // only the units mL converts to are offered
  const units = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(units).toHaveText(['µL', 'mL', 'L']);
  await units.filter({ hasText: /^mL$/ }).click();
  await dialog(page).getByRole('button', { name: /^使\s?用$/ }).click();
  await expect(row).toContainText('448.9 mL');
  await rowMenu(row, '历史');
  await page.getByRole('tab', { name: '台账' }).click();
  expect(await ledgerRows(page)).toEqual([
    ['入库', '+500 mL', '500 mL', '—'],
    ['使用', '−0.1 mL', '499.9 mL', '配液'],
    ['处置', '−50 mL', '449.9 mL', '过期'],
    ['使用', '−1 mL', '448.9 mL', '—'],
  ]);
  await testInfo.attach('stock-ledger-zh', { body: await page.getByTestId('history-drawer').screenshot(), contentType: 'image/png' });
});

test('split: one of 3 bottles × 500 g goes to another location as its own item; both ledgers show the split', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/locations', { name: 'B402' });
  await admin.req('POST', '/api/inventory', { name: '氯化钠', cas_number: '7647-14-5', quantity: 1500, unit: 'g', container_size: 500, container_label: '瓶', storage_location: 'A301' });
  await loginViaUi(page, app, MEMBER);
  const row = page.getByRole('row', { name: /氯化钠/ });
  await rowMenu(row, 'Split');
  await expect(dialog(page).getByTestId('stock-balance')).toContainText('1500 g');
  await dialog(page).getByRole('spinbutton').first().fill('1');
  const picker = dialog(page).getByTestId('split-location');
  await picker.click();
  await picker.locator('input').fill('B40');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title', { hasText: 'B402' }).first().click();
  await dialog(page).getByRole('button', { name: 'Split' }).click();
  await expect(dialog(page)).toHaveCount(0);

  const rows = page.getByRole('row', { name: /氯化钠/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'B402' })).toContainText('500 g');
  await expect(rows.filter({ hasText: 'A301' })).toContainText('1000 g');
  for (const where of ['B402', 'A301']) {
    await rowMenu(rows.filter({ hasText: where }), 'History');
    await page.getByRole('tab', { name: /Stock ledger/ }).click();
    await expect(page.getByTestId('ledger-table')).toContainText(/Split/);
    await page.locator('.ant-drawer-close').click();
    await expect(page.getByTestId('history-drawer')).toBeHidden();
  }
});
