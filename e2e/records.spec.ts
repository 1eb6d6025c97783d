// Lab records in browser mode (real server, real Chromium): the reagent-order workflow through to
// the inventory and its audit trail (with live refresh in another window), a rejected order, borrow/return, the
// public account's read-only view, CSV export matching the list, and bulk import.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, MEMBER, PUBLIC, loginViaUi, pickLocation, rowMenu, seedUsers, test, expect } from './fixtures';
import { writeSamples } from '../test/fixtures/records/generate-samples';

/** A second window, logged in as the admin, on the given list page; close its context when done. */
async function adminWindow(browser: Browser, app: Parameters<typeof loginViaUi>[1], menu: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await loginViaUi(admin, app, ADMIN);
  await admin.getByRole('menuitem', { name: menu }).click();
  return { admin, context };
}

/** Opens a row's "more actions" menu and returns the names it offers. */
async function moreMenu(page: Page, row: ReturnType<Page['getByRole']>): Promise<string[]> {
  await row.getByRole('button', { name: 'More actions' }).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem');
  await menu.first().waitFor();
  return menu.allInnerTexts();
}

/** Opens the new-order form, fills the labelled fields in order and saves; returns the form. */
async function saveNewOrder(page: Page, fields: [label: string, value: string][]) {
  await page.getByRole('button', { name: 'New order' }).click();
  const form = page.getByTestId('record-form');
  for (const [label, value] of fields) await form.getByLabel(label, { exact: label === 'Name' }).fill(value);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return form;
}

test('member orders a reagent → admin approves, marks arrived, stocks in → item in inventory with its history', async ({ page, app, browser }) => {
  const api = await seedUsers(app);
  const building = await api.req<{ id: number }>('POST', '/api/locations', { name: '化学楼' });
  const room = await api.req<{ id: number }>('POST', '/api/locations', { name: 'A301', parent_id: building.id });
  await api.req('POST', '/api/locations', { name: '2号柜', parent_id: room.id });
  await loginViaUi(page, app, MEMBER);
  await page.getByRole('menuitem', { name: 'Reagent orders' }).click();
  await saveNewOrder(page, [['Name', '乙醇'], ['English name', 'Ethanol'], ['CAS No.', '６４－１７－５'], ['Quantity', '2'], ['Brand', '国药集团']]);
  const memberRow = page.getByRole('row', { name: /乙醇/ });
  await expect(memberRow).toContainText('64-17-5');
  await expect(memberRow).toContainText('Pending approval');
  // Members see no admin actions.
  await expect(memberRow.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The admin works in a second window; the member's list follows live.
  const { admin, context: adminCtx } = await adminWindow(browser, app, 'Reagent orders');
  const row = admin.getByRole('row', { name: /乙醇/ });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toContainText('Approved');
  await expect(memberRow).toContainText('Approved'); // live refresh, no reload
  await row.getByRole('button', { name: 'Mark arrived' }).click();
  await expect(row).toContainText('Arrived');
  await row.getByRole('button', { name: 'Stock in' }).click();
  // The location comes from the tree, found by any segment of its path.
  await pickLocation(admin.getByTestId('stock-in-location'), '2号柜', '2号柜');
  await admin.getByTestId('stock-in-form').getByLabel('Unit').fill('瓶');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Stocked in');
  await expect(memberRow).toContainText('Stocked in');

  await admin.getByRole('menuitem', { name: 'Inventory' }).click();
  const item = admin.getByRole('row', { name: /乙醇/ });
  await expect(item).toContainText('A301 › 2号柜');
  await expect(item).toContainText('In stock');
  await expect(item).toContainText('2 瓶');
  await rowMenu(item, 'History');
  const drawer = admin.getByRole('dialog');
  await expect(admin.getByTestId('history-entry')).toHaveCount(1);
  await expect(drawer).toContainText('Stocked in');
  await expect(drawer).toContainText('Lab Admin');
  await expect(drawer).toContainText('Storage location: — → 化学楼 › A301 › 2号柜');
  await adminCtx.close();

  // The order's own trail, seen by the member.
  await memberRow.getByRole('button', { name: 'History' }).click();
  await expect(page.getByTestId('history-entry')).toHaveCount(4);
  await expect(page.getByRole('dialog')).toContainText('Status: Arrived → Stocked in');
});

test('borrow and return an inventory item', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/inventory', { name: '丙酮', english_name: 'Acetone', cas_number: '67-64-1', quantity: 3, unit: '瓶', storage_location: 'B105-1号柜' });
  await loginViaUi(page, app, MEMBER);
  const row = page.getByRole('row', { name: /丙酮/ });
  await expect(row).toContainText('In stock');
  // Use is the row's button; borrowing is in the menu.
  await expect(row.getByRole('button', { name: 'Use' })).toBeVisible();
  await rowMenu(row, 'Borrow');
  // the borrow dialog asks for the amount (all by default) and the return date
  const dialog = page.getByTestId('stock-dialog');
  await dialog.getByTestId('stock-due').click();
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-in-view').last().click();
  await dialog.getByRole('button', { name: 'Borrow' }).click();
  await expect(row).toContainText('Borrowed');
  await expect(row).toContainText(MEMBER.displayName);
  // Borrowed, it cannot be used: the row has no button, returning is in the menu.
  await expect(row.getByRole('button', { name: 'Use' })).toHaveCount(0);
  await rowMenu(row, 'Return');
  await page.getByTestId('stock-dialog').getByRole('button', { name: 'Return' }).click();
  await expect(row).toContainText('In stock');
  await expect(row.getByRole('button', { name: 'Use' })).toBeVisible();
  await rowMenu(row, 'History');
  await expect(page.getByTestId('history-entry')).toHaveCount(3);
});

test('the public account sees the lists but no write buttons', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 3 });
  await admin.req('POST', '/api/reagent-orders', { name: '甲醇', cas_number: '67-56-1', quantity: 1 });
  await admin.req('POST', '/api/consumable-orders', { name: '移液器吸头', quantity: 10 });
  await loginViaUi(page, app, PUBLIC);
  const writeButtons = /^(New item|New order|Import…|Use|Borrow|Return|Consume|Dispose|Split|Stocktake|Edit|Delete|Approve|Reject|Mark arrived|Stock in|Mark completed)$/;
  for (const [menu, name] of [
    ['Inventory', '丙酮'],
    ['Reagent orders', '甲醇'],
    ['Consumable orders', '移液器吸头'],
  ] as const) {
    await page.getByRole('menuitem', { name: menu }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expect(page.getByRole('button', { name: writeButtons })).toHaveCount(0);
    if (menu === 'Inventory') {
      // An item's menu holds its history, alone.
      await page.getByRole('row', { name: /丙酮/ }).getByTestId('row-more').click();
      await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem')).toHaveText(['History']);
      await page.keyboard.press('Escape');
    } else await expect(page.getByRole('button', { name: 'More actions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  }
  // And the API refuses a write from this session.
  const status = await page.evaluate(async () => (await fetch('/api/inventory', { method: 'POST', headers: { 'content-type': 'application/json', 'x-lab-client': '1' }, body: JSON.stringify({ name: 'x', quantity: 1 }) })).status);
  expect(status).toBe(403);
});

test('search (normalized CAS) and CSV + XLSX export of the current view', async ({ page, app }) => {
  const admin = await seedUsers(app);
  for (const [name, cas, loc] of [
    ['乙醇', '64-17-5', 'A301-1号柜'],
    ['乙醇', '64-17-5', 'B105-2号柜'],
    ['甲醇', '67-56-1', 'A301-1号柜'],
  ]) {
    await admin.req('POST', '/api/inventory', { name, cas_number: cas, quantity: 1, storage_location: loc });
  }
  await loginViaUi(page, app, MEMBER);
  await expect(page.getByTestId('list-total')).toContainText('3');
  await page.getByTestId('list-search').fill('６４１７５');
  await page.getByTestId('list-search').press('Enter');
  await expect(page.getByTestId('list-total')).toContainText('2 records');
  const shown = await page.getByTestId('records-table').locator('tbody tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
  expect(shown).toHaveLength(2);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^inventory-.*\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  // The export speaks the UI's language (English here): the form's labels as headers.
  expect(rows.map((r) => r.ID)).toEqual(shown);
  expect(rows.every((r) => r.Name === '乙醇' && r['CAS No.'] === '64-17-5' && r.Status === 'In stock')).toBe(true);

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^inventory-.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await xlsx.path());
  const ws = wb.worksheets[0]!;
  expect(ws.rowCount).toBe(3);
  expect([ws.getRow(2).getCell(1).text, ws.getRow(3).getCell(1).text]).toEqual(shown);
});

test('bulk import: 10 000-row XLSX with progress, and a CSV with bad rows imported only on explicit choice', async ({ page, app }) => {
  test.setTimeout(180_000);
  await seedUsers(app);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-import-'));
  const files = await writeSamples(dir, 10_000);
  await loginViaUi(page, app, MEMBER);
  await page.getByRole('button', { name: 'Import…' }).click();
  const wizard = page.getByTestId('import-wizard');

  await wizard.getByTestId('import-file').setInputFiles(files.badCsv);
  await expect(wizard.getByTestId('import-summary')).toContainText('25 rows · 20 valid · 5 with errors');
  await expect(wizard.getByTestId('import-errors')).toContainText('Name is required');
  const confirm = wizard.getByRole('button', { name: 'Import 20 rows' });
  await expect(confirm).toBeDisabled();
  await wizard.getByTestId('import-skip-bad').click();
  // No location tree yet: every location text becomes a new location only when the user agrees.
  await expect(confirm).toBeDisabled();
  await wizard.getByTestId('import-locations-create-rest').click();
  await confirm.click();
  await expect(wizard.getByTestId('import-done')).toContainText('20 items imported, 5 rows skipped.');
  await expect(page.getByTestId('list-total')).toContainText('20 records'); // live refresh

  await wizard.getByRole('button', { name: 'Import another file' }).click();
  const t0 = Date.now();
  await wizard.getByTestId('import-file').setInputFiles(files.xlsx);
  await expect(wizard.getByTestId('import-progress')).toBeVisible();
  // The server reads and checks the rows in its import worker; the wizard says so.
  await expect(wizard.getByTestId('import-progress-text')).toContainText('Reading and checking rows');
  await expect(wizard.getByTestId('import-summary')).toContainText('10000 rows · 10000 valid · 0 with errors', { timeout: 60_000 });
  await wizard.getByTestId('import-locations-create-rest').click();
  await wizard.getByRole('button', { name: 'Import 10000 rows' }).click();
  await expect(wizard.getByTestId('import-progress-text')).toContainText('Writing');
  await expect(wizard.getByTestId('import-done')).toContainText('10000 items imported', { timeout: 60_000 });
  console.log(`[figure] 10 000-row XLSX import in the browser (upload → preview → commit): ${Date.now() - t0} ms`);
  await expect(page.getByTestId('list-total')).toContainText('10,020 records');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('bulk import: a CAS number with a wrong check digit is kept only when the user ticks the choice', async ({ page, app }) => {
  await seedUsers(app);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-import-cas-'));
  const file = path.join(dir, 'published-cas.csv');
  fs.writeFileSync(file, 'name,quantity,cas_number\nEthanol 乙醇,1,64-17-5\nPentachlorophenol (as published),2,87-86-6\n');
  await loginViaUi(page, app, MEMBER);
  await page.getByRole('button', { name: 'Import…' }).click();
  const wizard = page.getByTestId('import-wizard');
  await wizard.getByTestId('import-file').setInputFiles(file);
  await expect(wizard.getByTestId('import-summary')).toContainText('2 rows · 1 valid · 1 with errors');
  await expect(wizard.getByTestId('import-errors')).toContainText('check digit');
  await expect(wizard.getByRole('button', { name: 'Import 1 rows' })).toBeDisabled();
  await wizard.getByTestId('import-keep-bad-cas').click();
  await expect(wizard.getByTestId('import-summary')).toContainText('2 rows · 2 valid · 0 with errors');
  await wizard.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(wizard.getByTestId('import-done')).toContainText('2 items imported');
  await expect(page.getByRole('row', { name: /Pentachlorophenol/ })).toContainText('87-86-6');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('new reagent order: duplicate warning shows what exists; a bad CAS check digit can be kept after confirming', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/inventory', { name: '乙醇', cas_number: '64-17-5', quantity: 3, unit: '瓶', storage_location: 'A301-1号柜' });
  await loginViaUi(page, app, MEMBER);
  await page.getByRole('menuitem', { name: 'Reagent orders' }).click();
  await saveNewOrder(page, [['Name', '无水乙醇'], ['CAS No.', '64175'], ['Quantity', '1']]);
  const warning = page.getByTestId('duplicate-warning');
  await expect(warning).toContainText('In stock: 乙醇 (64-17-5) · A301-1号柜 · In stock · 3 瓶');
  await page.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByRole('row', { name: /无水乙醇/ })).toContainText('Pending approval');

  // Bad check digit: refused first, kept after the explicit confirmation.
  await saveNewOrder(page, [['Name', '某试剂'], ['CAS No.', '12239-89-1'], ['Quantity', '1']]);
  await expect(page.locator('.ant-modal-confirm').filter({ hasText: 'CAS check digit does not match' })).toContainText('expected 3');
  await page.getByRole('button', { name: 'Keep as written' }).click();
  await expect(page.getByRole('row', { name: /某试剂/ })).toContainText('12239-89-1');

  // An unparsable CAS is a field error next to the field; nothing is saved.
  const form = await saveNewOrder(page, [['Name', '坏CAS'], ['CAS No.', '64-177-6'], ['Quantity', '1']]);
  await expect(form).toContainText('not a CAS number');
  await expect(page.getByRole('row', { name: /坏CAS/ })).toHaveCount(0);
});

test('consumable order: member orders, admin approves and completes', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await loginViaUi(page, app, MEMBER);
  await page.getByRole('menuitem', { name: 'Consumable orders' }).click();
  await saveNewOrder(page, [['Name', '移液器吸头 200μL'], ['Quantity', '10'], ['Contact / supplier info', '王老师 138****0000']]);
  const row = page.getByRole('row', { name: /移液器吸头/ });
  await expect(row).toContainText('Pending approval');
  const id = Number(await row.getAttribute('data-row-key'));
  // The admin acts over the API; the member's open list follows live.
  await admin.req('POST', `/api/consumable-orders/${id}/approve`, {});
  await expect(row).toContainText('Approved');
  await admin.req('POST', `/api/consumable-orders/${id}/complete`, {});
  await expect(row).toContainText('Completed');
  // Nothing left to edit or delete: no row menu at all.
  await expect(row.getByRole('button', { name: 'More actions' })).toHaveCount(0);
});

test('consumable order rejected in the admin window: the reason shows on the status; the member deletes it', async ({ page, app, browser }) => {
  await seedUsers(app);
  await loginViaUi(page, app, MEMBER);
  await page.getByRole('menuitem', { name: 'Consumable orders' }).click();
  await saveNewOrder(page, [['Name', '丁腈手套 M'], ['Quantity', '5']]);
  const memberRow = page.getByRole('row', { name: /丁腈手套/ });
  await expect(memberRow).toContainText('Pending approval');
  expect(await moreMenu(page, memberRow)).toEqual(['Edit', 'Delete']);
  await page.keyboard.press('Escape');

  const { admin, context: adminCtx } = await adminWindow(browser, app, 'Consumable orders');
  const row = admin.getByRole('row', { name: /丁腈手套/ });
  await expect(row.getByRole('button', { name: 'Approve' })).toBeVisible();
  expect(await moreMenu(admin, row)).toEqual(['Reject', 'Edit', 'Delete']);
  await admin.getByRole('menuitem', { name: 'Reject' }).click();
  await admin.getByTestId('prompt-form').getByLabel('Reason for rejecting').fill('库存充足');
  // The dialog names the order, and its button says what it does.
  await expect(admin.getByRole('dialog')).toContainText('Reject 丁腈手套 M #1');
  await admin.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(row).toContainText('Rejected');
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await adminCtx.close();

  // The member's list followed live: the reason is on the status, and a rejected order can go.
  await expect(memberRow).toContainText('Rejected');
  await memberRow.getByText('Rejected').hover();
  await expect(page.getByRole('tooltip')).toContainText('库存充足');
  expect(await moreMenu(page, memberRow)).toEqual(['Delete']);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('Delete 丁腈手套 M #1?');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /丁腈手套/ })).toHaveCount(0);
});
