// A small stocktake (盘点) in Chromium: the admin starts one for a room through the location
// picker; the admin (English) and a member (Chinese UI, another browser context) scan labels into
// the scan input and each sees the other's progress arrive live; a container registered elsewhere
// and a text that is no label are reported plainly; the admin closes it with the one container not
// seen adjusted to 0 — its ledger then shows the adjustment by the stocktake — and the report
// downloads as an XLSX. A use recorded after a count is added to it at close, as the review says.
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { ADMIN, MEMBER, clickThenChange, loginViaUi, rowMenu, seedUsers, test, expect } from './fixtures';

async function scan(page: Page, text: string) {
  const input = page.getByTestId('stocktake-scan');
  await expect(input).toBeFocused();
  await input.pressSequentially(text, { delay: 5 });
  await input.press('Enter');
}

test('admin and member scan one room together, see each other live, close with a not-seen item adjusted, download the report', async ({ page, app, browser }) => {
  test.setTimeout(180_000);
  const admin = await seedUsers(app);
  const building = await admin.req<{ id: number }>('POST', '/api/locations', { name: 'Chemistry' });
  const room = await admin.req<{ id: number }>('POST', '/api/locations', { name: 'Room 101', parent_id: building.id });
  const other = await admin.req<{ id: number }>('POST', '/api/locations', { name: 'Room 102', parent_id: building.id });
  const made = async (name: string, location_id: number) => (await admin.req<{ id: number }>('POST', '/api/inventory', { name, quantity: 500, unit: 'mL', location_id })).id;
  const acetone = await made('丙酮', room.id);
  const ethanol = await made('无水乙醇', room.id);
  const methanol = await made('甲醇', room.id);
  const stray = await made('乙腈', other.id);

  // The admin starts the stocktake of Room 101 through the picker.
  await loginViaUi(page, app, ADMIN, '/stocktakes');
  await page.getByTestId('stocktake-start').click();
  const picker = page.getByTestId('stocktake-location');
  await picker.click();
  await picker.locator('input').fill('101');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title', { hasText: 'Room 101' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start stocktake' }).click();
  await expect(page.getByTestId('stocktake-page')).toContainText('Stocktake #1 · Chemistry › Room 101');
  await expect(page.getByTestId('stocktake-progress')).toContainText('0 / 3 seen');

  // The member follows in Chinese, in another browser context.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
  await member.goto(`${app.url}/#/login`);
  await member.getByLabel('用户名').fill(MEMBER.username);
  await member.getByLabel('密码').fill(MEMBER.password);
  await member.getByRole('button', { name: /^登\s*录$/ }).click();
  await member.getByTestId('user-menu').waitFor();
  await member.getByRole('menuitem', { name: '盘点' }).click();
  await member.getByTestId('stocktake-list').getByText('Chemistry › Room 101').click();
  await expect(member.getByTestId('stocktake-progress')).toContainText('已见 0 / 3');

  // Each scans; each sees the other's progress without reloading. A second scan counts once.
  await scan(page, `LAB1:${acetone}`);
  await expect(page.getByTestId('scan-result')).toContainText(`Counted: #${acetone} 丙酮`);
  await expect(member.getByTestId('stocktake-progress')).toContainText('已见 1 / 3');
  await scan(member, `LAB1:${ethanol}`);
  await expect(member.getByTestId('scan-result')).toContainText(`已计数：#${ethanol} 无水乙醇`);
  await expect(page.getByTestId('stocktake-progress')).toContainText('2 / 3 seen');
  await scan(member, `LAB1:${acetone}`);
  await expect(member.getByTestId('scan-result')).toContainText('已由 Lab Admin 计数，只计一次');
  await expect(page.getByTestId('stocktake-progress')).toContainText('2 / 3 seen');
  // One from the next room, an unknown id and a text that is no label: said plainly.
  await scan(page, `LAB1:${stray}`);
  await expect(page.getByTestId('scan-result')).toContainText('is registered at Chemistry › Room 102: added as found here');
  await expect(member.getByTestId('stocktake-progress')).toContainText('从别处发现 1 个');
  await scan(member, 'LAB1:999');
  await expect(member.getByTestId('scan-result')).toContainText('不存在物品 #999');
  await scan(page, 'hello');
  await expect(page.getByTestId('scan-result')).toContainText('hello: is not a label code');
  // The lines table shows who saw what.
  const lines = page.getByTestId('stocktake-lines');
  await expect(lines.getByRole('row', { name: /无水乙醇/ })).toContainText('张三 Alice');
  await expect(lines.getByRole('row', { name: /甲醇/ }).getByRole('checkbox')).not.toBeChecked();

  // A tick box is a scan without the label; taking the tick back makes it unseen again.
  const memberRow = member.getByTestId('stocktake-lines').getByRole('row', { name: /甲醇/ });
  await memberRow.getByRole('checkbox').click();
  await expect(memberRow.getByRole('checkbox')).toBeChecked();
  await expect(page.getByTestId('stocktake-progress')).toContainText('3 / 3 seen');
  await memberRow.getByRole('checkbox').click();
  await expect(memberRow.getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByTestId('stocktake-progress')).toContainText('2 / 3 seen');
  // A counted amount in another unit of the same kind.
  await lines.getByTestId(`count-${acetone}`).click();
  await page.getByTestId('count-amount').fill('0.45');
  await page.getByTestId('count-unit').fill('L');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(lines.getByRole('row', { name: /丙酮/ })).toContainText('450 mL');
  await expect(member.getByTestId('stocktake-lines').getByRole('row', { name: /丙酮/ })).toContainText('450 mL');

  // Close: the methanol was not seen → adjust to 0; the acetone takes its count.
  await page.getByTestId('stocktake-close').click();
  const review = page.getByTestId('close-review');
  await expect(review.getByTestId('review-missing')).toContainText('甲醇');
  await expect(review.getByTestId('review-counted')).toContainText('Adjust to 450 mL');
  await expect(page.getByRole('button', { name: 'Close stocktake' })).toBeDisabled();
  await review.getByTestId(`missing-${methanol}`).getByText('Adjust to 0').click();
  await page.getByRole('button', { name: 'Close stocktake' }).click();
  await expect(page.getByTestId('stocktake-status')).toHaveText('Closed');
  await expect(member.getByTestId('stocktake-status')).toHaveText('已结束');
  await expect(lines.getByRole('row', { name: /甲醇/ })).toContainText('Not found → 0');

  // The report downloads (the lines are kept: it can be downloaded again any time).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stocktake-report').click()]);
  expect(download.suggestedFilename()).toMatch(/^stocktake-1-.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const cells = wb.worksheets[0]!.getSheetValues().flat().map(String);
  expect(cells).toEqual(expect.arrayContaining(['Stocktake #1', 'Chemistry › Room 101', '甲醇', 'Not found: adjusted to 0', '−500 mL']));

  // The item's ledger shows the adjustment by the stocktake.
  // Counted to 0 it is used up: the list of used-up items shows it.
  await page.goto(`${app.url}/#/inventory?status=consumed`);
  const row = page.getByRole('row', { name: /甲醇/ });
  await expect(row).toContainText('Consumed');
  await rowMenu(row, 'History');
  await page.getByRole('tab', { name: 'Stock ledger' }).click();
  const last = page.getByTestId('ledger-table').locator('tbody tr.ant-table-row').last();
  await expect(last).toContainText('Adjusted');
  await expect(last).toContainText('by stocktake #1');
  await memberContext.close();
});

test('a use recorded after a count is not undone at close: the review says "counted 95 g, 10 g used since → 85 g" (both languages)', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const room = await admin.req<{ id: number }>('POST', '/api/locations', { name: 'Room 201' });
  const salt = (await admin.req<{ id: number }>('POST', '/api/inventory', { name: '氯化钠', quantity: 100, unit: 'g', location_id: room.id })).id;
  const st = await admin.req<{ id: number }>('POST', '/api/stocktakes', { location_id: room.id });
  await admin.req('POST', `/api/stocktakes/${st.id}/count`, { item_id: salt, amount: 95 });
  await admin.req('POST', `/api/inventory/${salt}/use`, { amount: 10, unit: 'g' });
  await loginViaUi(page, app, ADMIN, `/stocktakes/${st.id}`);
  await page.getByTestId('stocktake-close').click();
  const counted = page.getByTestId('close-review').getByTestId('review-counted');
  await expect(counted).toContainText('Counted 95 g, 10 g used since → adjust to 85 g');
  await page.getByRole('button', { name: 'Close stocktake' }).click();
  await expect(page.getByTestId('stocktake-status')).toHaveText('Closed');
  expect((await admin.req<{ quantity: number }>('GET', `/api/inventory/${salt}`)).quantity).toBe(85);

  // The same review in Chinese, on a second stocktake.
  const st2 = await admin.req<{ id: number }>('POST', '/api/stocktakes', { location_id: room.id });
  await admin.req('POST', `/api/stocktakes/${st2.id}/count`, { item_id: salt, amount: 80 });
  await admin.req('POST', `/api/inventory/${salt}/use`, { amount: 5, unit: 'g' });
  await page.evaluate(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.goto(`${app.url}/#/stocktakes/${st2.id}`);
  await page.reload();
  await page.getByTestId('stocktake-close').click();
  await expect(page.getByTestId('close-review').getByTestId('review-counted')).toContainText('实盘 80 g，之后用去 5 g → 调整为 75 g');
});

test('a second person\'s password that changes while Close checks the form (the check overtaken by a newer one) still closes, with the new password', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const cats = await admin.req<Array<{ id: number; key: string }>>('GET', '/api/controlled-lists');
  await admin.req('POST', `/api/controlled-lists/${cats.find((c) => c.key === 'precursor')!.id}/entries`, { cas: '67-64-1', name: '丙酮' });
  const room = await admin.req<{ id: number }>('POST', '/api/locations', { name: 'Room 301' });
  const acetone = (await admin.req<{ id: number }>('POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 500, unit: 'mL', location_id: room.id })).id;
  const st = await admin.req<{ id: number }>('POST', '/api/stocktakes', { location_id: room.id });
  await admin.req('POST', `/api/stocktakes/${st.id}/count`, { item_id: acetone, amount: 480 });
  await loginViaUi(page, app, ADMIN, `/stocktakes/${st.id}`);
  await page.getByTestId('stocktake-close').click();
  const second = page.getByTestId('second-person');
  await second.getByTestId('second-username').fill(MEMBER.username);
  await second.getByTestId('second-password').fill('typo-pass-1');
  // In one task: the click starts the form's check, then the password is corrected (as a password
  // manager's fill would), which starts a newer check before the first one has finished.
  await clickThenChange(page.getByRole('dialog'), 'Close stocktake', 'input[data-testid="second-password"]', MEMBER.password);
  await expect(page.getByTestId('stocktake-status')).toHaveText('Closed', { timeout: 10_000 });
  expect((await admin.req<{ quantity: number }>('GET', `/api/inventory/${acetone}`)).quantity).toBe(480);
});
