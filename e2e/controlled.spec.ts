// Controlled chemicals in Chromium (issue 11): an admin imports a list file holding an item's CAS;
// the item shows its category in the list and its details, the approval of an order of it names
// the category; a member uses it with a second person's confirmation (a wrong password refused on
// the field first) and the ledger shows both people; a member borrows it with a second person and
// a purpose (用途), which the item's ledger and the controlled ledger show. In Chinese: the tag, the
// second-person and purpose fields and the cart-import review (a batch item is flagged by its CAS
// before it is in the database).
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, MEMBER, loginViaUi, loginViaUiZh, rowMenu, seedUsers, test, expect, type ApiSession } from './fixtures';

const BOB = { username: 'bob', password: 'bob-pass-12', displayName: 'Bob', role: 'member' as const };
const dialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('stock-balance') });

async function seed(admin: ApiSession) {
  await admin.req('POST', '/api/users', BOB);
  const item = await admin.req<{ id: number }>('POST', '/api/inventory', { name: '氰化钠', english_name: 'Sodium cyanide', cas_number: '143-33-9', quantity: 100, unit: 'g', storage_location: '毒品柜' });
  await admin.req('POST', '/api/inventory', { name: '无水乙醇', cas_number: '64-17-5', quantity: 500, unit: 'mL' });
  return item.id;
}

/** Use, the row's one button (antd's look spaces two Chinese characters: "使 用"). */
async function useRow(page: Page, rowName: RegExp) {
  await page.getByRole('row', { name: rowName }).getByRole('button', { name: /^(Use|使\s?用)$/ }).click();
}

test('import a list → flagged in list, detail and approval → use with a second person → ledger shows both', async ({ page, app }, testInfo) => {
  const admin = await seedUsers(app);
  await seed(admin);
  const member = new (admin.constructor as new (url: string) => ApiSession)(app.url);
  await member.req('POST', '/api/session', { username: MEMBER.username, password: MEMBER.password });
  const order = await member.req<{ id: number }>('POST', '/api/reagent-orders', { name: '氰化钠', cas_number: '143-33-9', quantity: 1 });

  await loginViaUi(page, app, ADMIN, '/controlled');
  await expect(page.getByTestId('controlled-categories')).toContainText('Highly toxic');
  await expect(page.getByTestId('controlled-entries')).toContainText('List: Highly toxic');
  await page.getByTestId('controlled-import-file').setInputFiles({ name: 'toxic.csv', mimeType: 'text/csv', buffer: Buffer.from('CAS,Name\n143-33-9,氰化钠\n64-17-6,bad check digit\n') });
  await expect(page.getByTestId('controlled-import-result')).toContainText('1 added, 0 already listed, 1 refused');
  await expect(page.getByTestId('controlled-import-errors')).toContainText('Row 3 (64-17-6): check digit should be 5');
  await expect(page.getByTestId('controlled-entries').locator('tbody')).toContainText('143-33-9');
  await testInfo.attach('controlled-screen', { body: await page.screenshot(), contentType: 'image/png' });

  await page.goto(`${app.url}/#/inventory`);
  const row = page.getByRole('row', { name: /氰化钠/ });
  await expect(row.getByTestId('controlled-tag')).toHaveText('Highly toxic');
  await expect(page.getByRole('row', { name: /无水乙醇/ }).getByTestId('controlled-tag')).toHaveCount(0);
  await row.getByTestId('item-name').click();
  await expect(page.getByTestId('detail-controlled')).toHaveText('Highly toxic');
  await page.keyboard.press('Escape');
  await page.getByTestId('controlled-only').click();
  await expect(page.getByRole('row', { name: /无水乙醇/ })).toHaveCount(0);
  await expect(row).toBeVisible();
  await page.getByTestId('controlled-only').click();
  await expect(page.getByRole('row', { name: /无水乙醇/ })).toBeVisible();
  // A controlled item leaves through Dispose: its menu has no Delete (an ordinary item's has).
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await page.getByRole('row', { name: /无水乙醇/ }).getByTestId('row-more').click();
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await row.getByTestId('row-more').click();
  await expect(menu.getByRole('menuitem', { name: 'Dispose' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto(`${app.url}/#/reagent-orders`);
  const orderRow = page.getByRole('row', { name: /氰化钠/ });
  await expect(orderRow.getByTestId('controlled-tag')).toHaveText('Highly toxic');
  await orderRow.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('It is a controlled chemical: Highly toxic.');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Approve' }).click();
  await expect(orderRow).toContainText('Approved');
  expect((await admin.req<{ status: string }>('GET', `/api/reagent-orders/${order.id}`)).status).toBe('approved');

  // The member uses 5 g; Bob confirms (a wrong password first).
  await page.context().clearCookies();
  await loginViaUi(page, app, MEMBER);
  await useRow(page, /氰化钠/);
  await expect(dialog(page).getByTestId('second-person')).toContainText('Highly toxic');
  await dialog(page).getByTestId('stock-amount').fill('5');
  await dialog(page).getByRole('button', { name: 'Use' }).click();
  await expect(dialog(page)).toContainText('The second person must confirm');
  await dialog(page).getByTestId('second-username').fill(BOB.username);
  await dialog(page).getByTestId('second-password').fill('not-his-password');
  await dialog(page).getByRole('button', { name: 'Use' }).click();
  await expect(dialog(page)).toContainText(/wrong username or password/i);
  await expect(row).toContainText('100 g');
  await dialog(page).getByTestId('second-password').fill(BOB.password);
  await dialog(page).getByRole('button', { name: 'Use' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(row).toContainText('95 g');

  await rowMenu(row, 'History');
  await page.getByRole('tab', { name: 'Stock ledger' }).click();
  await expect(page.getByTestId('ledger-table').locator('tbody tr.ant-table-row').nth(1)).toContainText(`${MEMBER.displayName} / ${BOB.displayName}`);

  // The admin's controlled ledger of the category (this month to today): the use with both people.
  await page.context().clearCookies();
  await loginViaUi(page, app, ADMIN, '/controlled');
  await page.getByTestId('ledger-category').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('Highly toxic', { exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('ledger-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ledger-Highly-toxic-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}-.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const rows = (wb.worksheets[0]!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1).map((c) => (c === undefined || c === null ? '' : String(c))));
  const used = rows.find((r) => r[5] === 'Used')!;
  expect([used[0], used[8], used[15], used[16]]).toEqual(['143-33-9', '5', MEMBER.displayName, BOB.displayName]);
  expect(rows.find((r) => r[5] === 'Closing balance')!.slice(6, 10)).toEqual(['0', '100', '5', '95']);
});

test('borrow a controlled item: the dialog asks for the second person and the purpose; the ledgers show them', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const id = await seed(admin);
  const cats = await admin.req<Array<{ id: number; key: string }>>('GET', '/api/controlled-lists');
  const toxic = cats.find((c) => c.key === 'highly_toxic')!.id;
  await admin.req('POST', `/api/controlled-lists/${toxic}/entries`, { cas: '143-33-9', name: '氰化钠' });
  await loginViaUi(page, app, MEMBER);
  const row = page.getByRole('row', { name: /氰化钠/ });
  await rowMenu(row, 'Borrow');
  await expect(dialog(page).getByTestId('second-person')).toContainText('Highly toxic');
  await expect(dialog(page).getByLabel('Purpose')).toBeVisible();
  await dialog(page).getByTestId('stock-amount').fill('20');
  await dialog(page).getByTestId('stock-due').click();
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-in-view').last().click();
  // Neither given: both asked for on their fields, nothing sent.
  await dialog(page).getByRole('button', { name: 'Borrow' }).click();
  await expect(dialog(page)).toContainText('Say what it is borrowed for');
  await expect(dialog(page)).toContainText('The second person must confirm');
  await dialog(page).getByLabel('Purpose').fill('氰化反应 · group Li');
  await dialog(page).getByTestId('second-username').fill(BOB.username);
  await dialog(page).getByTestId('second-password').fill(BOB.password);
  await dialog(page).getByRole('button', { name: 'Borrow' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(row).toContainText('Borrowed');
  const moves = await admin.req<Array<{ kind: string; amount: number; purpose: string; second_user_name: string | null }>>('GET', `/api/inventory/${id}/movements`);
  expect(moves.at(-1)).toMatchObject({ kind: 'borrowed', amount: 20, purpose: '氰化反应 · group Li', second_user_name: BOB.displayName });

  // The item's ledger: both people and the purpose on the borrowing.
  await rowMenu(row, 'History');
  await page.getByRole('tab', { name: 'Stock ledger' }).click();
  const borrowed = page.getByTestId('ledger-table').locator('tbody tr.ant-table-row[data-kind="borrowed"]');
  await expect(borrowed).toContainText(`${MEMBER.displayName} / ${BOB.displayName}`);
  await expect(borrowed).toContainText('氰化反应 · group Li');
  await page.keyboard.press('Escape');

  // The controlled ledger: the borrowing in its own column, with the purpose; the balance stays.
  await page.context().clearCookies();
  await loginViaUi(page, app, ADMIN, '/controlled');
  await page.getByTestId('ledger-category').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('Highly toxic', { exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('ledger-download').click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await (await download).path());
  const [head, ...rows] = (wb.worksheets[0]!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1).map((c) => (c === undefined || c === null ? '' : String(c))));
  const cell = (r: string[], name: string) => r[head!.indexOf(name)] ?? ''; // empty cells are holes in the sheet's rows
  const lent = rows.find((r) => cell(r, 'Entry') === 'Borrowed')!;
  expect([cell(lent, 'Borrowed out'), cell(lent, 'In'), cell(lent, 'Out'), cell(lent, 'Balance'), cell(lent, 'Purpose'), cell(lent, 'Confirmed by (second person)')]).toEqual(['20', '', '', '100', '氰化反应 · group Li', BOB.displayName]);
});

test('a CAS listed after the row loaded: the server asks for a second person, the dialog shows the fields and says why', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await seed(admin);
  await loginViaUi(page, app, MEMBER);
  await useRow(page, /无水乙醇/);
  await expect(dialog(page).getByTestId('second-person')).toHaveCount(0);
  // Meanwhile an admin puts ethanol on a list; the open dialog still holds the unflagged row.
  const cats = await admin.req<Array<{ id: number; key: string }>>('GET', '/api/controlled-lists');
  await admin.req('POST', `/api/controlled-lists/${cats.find((c) => c.key === 'precursor')!.id}/entries`, { cas: '64-17-5', name: '乙醇' });
  await dialog(page).getByTestId('stock-amount').fill('10');
  await dialog(page).getByRole('button', { name: 'Use' }).click();
  await expect(page.locator('.ant-message')).toContainText('a second person must confirm. Enter their username and password below');
  await expect(dialog(page).getByTestId('second-person')).toBeVisible();
  await expect(page.getByRole('row', { name: /无水乙醇/ })).toContainText('500 mL');
  await dialog(page).getByTestId('second-username').fill(BOB.username);
  await dialog(page).getByTestId('second-password').fill(BOB.password);
  await dialog(page).getByRole('button', { name: 'Use' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('row', { name: /无水乙醇/ })).toContainText('490 mL');
});

test('in Chinese: the category tag and the second-person fields', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await seed(admin);
  const cats = await admin.req<Array<{ id: number; key: string }>>('GET', '/api/controlled-lists');
  await admin.req('POST', `/api/controlled-lists/${cats.find((c) => c.key === 'highly_toxic')!.id}/entries`, { cas: '143-33-9', name: '氰化钠' });
  await loginViaUiZh(page, app, MEMBER);
  await expect(page.getByRole('row', { name: /氰化钠/ }).getByTestId('controlled-tag')).toHaveText('剧毒');
  await useRow(page, /氰化钠/);
  await expect(dialog(page).getByTestId('second-person')).toContainText('管控化学品：需第二人用自己的账号确认。');
  await expect(dialog(page).getByText('第二人：用户名')).toBeVisible();
  await dialog(page).getByTestId('stock-amount').fill('1');
  await dialog(page).getByTestId('second-username').fill(MEMBER.username);
  await dialog(page).getByTestId('second-password').fill(MEMBER.password);
  await dialog(page).getByRole('button', { name: /使\s*用/ }).click();
  await expect(dialog(page)).toContainText('必须是你以外的另一个人');
  await page.keyboard.press('Escape');
  // Borrowing asks for the purpose (用途) beside the second person.
  await rowMenu(page.getByRole('row', { name: /氰化钠/ }), '借用');
  await expect(dialog(page).getByText('第二人：密码')).toBeVisible();
  await expect(dialog(page).getByTestId('stock-purpose')).toHaveAttribute('placeholder', '例如：化合物 3 的合成，李老师课题组');
  await dialog(page).getByRole('button', { name: /借\s*用/ }).click();
  await expect(dialog(page)).toContainText('请填写借用用途');
  await page.keyboard.press('Escape');

  // The cart-import review: batch items are not in the database; the tag comes from the lists by CAS.
  const item = (n: number, name: string, cas: string) => ({
    item_id: `item-${n}`, supplier: 'fixture', name, english_name: '', specification: '500g', brand: '化试通', cas_number: cas,
    product_id: `FX-${n}`, detail_url: '', quantity: 1, unit_price: 10, hazardous: false,
    suggested_order_type: 'reagent', order_type: 'reagent', classification_reason: 'valid_cas', detail_fetch_status: 'basic_only',
  });
  const cart = { batch_id: '20261125c0ffee01', created_at: new Date().toISOString(), items: [item(1, '氰化钠', '143339'), item(2, '无水乙醇', '64-17-5')] };
  await new (admin.constructor as new (url: string) => ApiSession)(app.url).req('POST', '/cart-import/handoff', { expected_batch_id: cart.batch_id, batch: cart });
  await page.goto(`${app.url}/#/cart-import?batch_id=${cart.batch_id}`);
  await expect(page.getByTestId('cart-item-item-1').getByTestId('controlled-tag')).toHaveText('剧毒');
  await expect(page.getByTestId('cart-item-item-2').getByTestId('controlled-tag')).toHaveCount(0);
});
