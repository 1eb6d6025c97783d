// The inventory opens on what is in the lab (issue 28 §2): items used up or disposed leave the
// default list — one used up from its row menu goes at once — and the status filter still shows
// them, each status on its own or all together.
import type { Page } from '@playwright/test';
import { ADMIN, loginViaUiZh, pickStatus, seedUsers, test, expect } from './fixtures';

const names = (page: Page) => page.getByTestId('records-table').getByTestId('item-name').allTextContents();

test('used-up and disposed items leave the default list; the status filter still shows them', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const make = async (name: string) => (await admin.req<{ id: number }>('POST', '/api/inventory', { name, quantity: 500, unit: 'mL' })).id;
  await make('丙酮');
  await admin.req('POST', `/api/inventory/${await make('乙醇')}/borrow`, {});
  await admin.req('POST', `/api/inventory/${await make('甲醇')}/consume`, {});
  await admin.req('POST', `/api/inventory/${await make('乙腈')}/dispose`, { reason: '过期' });
  await make('二氯甲烷');

  await loginViaUiZh(page, app, ADMIN);
  await expect(page.getByTestId('status-filter')).toContainText('在库和借出');
  await expect.poll(() => names(page)).toEqual(['二氯甲烷', '乙醇', '丙酮']);
  await expect(page.getByTestId('list-total')).toHaveText('共 3 条');

  // Used up from its row: it leaves the list.
  await page.getByRole('row', { name: /二氯甲烷/ }).getByTestId('row-more').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '用完' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('用完 二氯甲烷 #5？');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /^用\s?完$/ }).click();
  await expect.poll(() => names(page)).toEqual(['乙醇', '丙酮']);

  await pickStatus(page, '已处置');
  await expect.poll(() => names(page)).toEqual(['乙腈']);
  await pickStatus(page, '已用完');
  await expect.poll(() => names(page)).toEqual(['二氯甲烷', '甲醇']);
  await pickStatus(page, '全部状态');
  await expect.poll(() => names(page)).toEqual(['二氯甲烷', '乙腈', '甲醇', '乙醇', '丙酮']);
  await pickStatus(page, '在库和借出');
  await expect.poll(() => names(page)).toEqual(['乙醇', '丙酮']);
});
