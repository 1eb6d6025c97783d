// The daily action is one click (issue 28 §2): an item's row has one button, Use; borrowing,
// returning, disposing, splitting, moving, the label and the history are in the row's menu. The
// item's details offer the same actions beside its ledger, and follow what they do.
import type { Page } from '@playwright/test';
import { ADMIN, loginViaUiZh, seedUsers, test, expect } from './fixtures';

const stockDialog = (page: Page) => page.getByTestId('stock-dialog');
const openMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem');
const ledgerRows = (page: Page) => page.getByTestId('ledger-table').locator('tbody tr.ant-table-row');

async function useAmount(page: Page, amount: string): Promise<void> {
  await stockDialog(page).getByTestId('stock-amount').fill(amount);
  await stockDialog(page).getByRole('button', { name: /^使\s?用$/ }).click();
  await expect(stockDialog(page)).toHaveCount(0);
}

test('Use is the row\'s one button; the rest is in its menu; the details offer the same actions and the ledger', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/inventory', { name: '无水乙醇', cas_number: '64-17-5', quantity: 500, unit: 'mL' });
  const lent = await admin.req<{ id: number }>('POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 500, unit: 'mL' });
  await admin.req('POST', `/api/inventory/${lent.id}/borrow`, {});
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginViaUiZh(page, app, ADMIN);

  // One click opens the use of an amount.
  const row = page.getByRole('row', { name: /无水乙醇/ });
  await expect(row.getByRole('button')).toHaveText([/^使\s?用$/, '']);
  await row.getByRole('button', { name: /^使\s?用$/ }).click();
  await expect(stockDialog(page)).toContainText('结存：500 mL');
  await useAmount(page, '20');
  await expect(row).toContainText('480 mL');

  await row.getByTestId('row-more').click();
  await expect(openMenu(page)).toHaveText(['借用', '用完', '处置', '分装', '移动', '打印标签', '历史', '编辑', '盘点调整', '删除']);
  await page.keyboard.press('Escape');
  // A borrowed item cannot be used: no button; returning it is in the menu.
  const borrowed = page.getByRole('row', { name: /丙酮/ });
  await expect(borrowed.getByRole('button', { name: /^使\s?用$/ })).toHaveCount(0);
  await borrowed.getByTestId('row-more').click();
  await expect(openMenu(page)).toHaveText(['归还', '用完', '处置', '移动', '打印标签', '历史', '编辑', '删除']);
  await page.keyboard.press('Escape');

  // The details: the same actions (printing is the drawer's own button, the history a tab) and the ledger.
  await row.getByTestId('item-name').click();
  const actions = page.getByTestId('detail-actions').getByRole('button');
  await expect(actions).toHaveText([/^使\s?用$/, /^借\s?用$/, /^用\s?完$/, /^处\s?置$/, /^分\s?装$/, /^移\s?动$/, /^编\s?辑$/, '盘点调整', /^删\s?除$/]);
  await expect(page.getByTestId('detail-print-label')).toBeVisible();
  await page.getByRole('tab', { name: '台账' }).click();
  await expect(ledgerRows(page)).toHaveCount(2);
  await expect(ledgerRows(page).last()).toContainText('−20 mL');

  // Used from the details: the dialog opens over them, and they follow (amount, ledger, history).
  await actions.first().click();
  await expect(stockDialog(page)).toContainText('结存：480 mL');
  await useAmount(page, '30');
  await expect(ledgerRows(page)).toHaveCount(3);
  await expect(ledgerRows(page).last()).toContainText('450 mL');
  await page.getByRole('tab', { name: '修改记录' }).click();
  await expect(page.getByTestId('history-entry')).toHaveCount(3);
  await expect(page.getByTestId('history-entry').last()).toContainText('使用');
  await page.getByRole('tab', { name: '详情' }).click();
  await expect(page.getByTestId('item-detail')).toContainText('450 mL');
  await page.keyboard.press('Escape');
  await expect(row).toContainText('450 mL');
});
