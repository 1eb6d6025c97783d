// Container labels and scanning in Chromium (issue 11): the label dialog from a row and from the
// item's details (size remembered, preview), the PDF downloaded through the UI and its QR code
// decoded from a 300 dpi render; the print page (browser mode: @page size, app chrome hidden when
// printing, window.print); a scanned payload typed into a list's search box or the scan box (F2)
// opens the item, but not over an open dialog, and on the stocktake page F2 focuses its scan input;
// an unknown one is said plainly; one walk in Chinese.
import type { Page } from '@playwright/test';
import { MEMBER, loginViaUi, seedUsers, test, expect, type ApiSession } from './fixtures';
import { decodeQr, pdfText, renderPages } from '../test/labels/pdf-check';

type App = Parameters<typeof seedUsers>[0];

async function seed(app: App): Promise<{ admin: ApiSession; kcn: number; nacl: number }> {
  const admin = await seedUsers(app);
  const kcn = await admin.req<{ id: number }>('POST', '/api/inventory', {
    name: '氰化钾', english_name: 'Potassium cyanide', cas_number: '151-50-8', specification: '500 g', quantity: 500, unit: 'g',
    lot_number: 'LOT-7', expiry_date: '2027-06-30', storage_location: 'A301', ghs: ['GHS06', 'GHS09'],
  });
  const nacl = await admin.req<{ id: number }>('POST', '/api/inventory', { name: 'Sodium chloride', cas_number: '7647-14-5', quantity: 1, unit: 'kg' });
  return { admin, kcn: kcn.id, nacl: nacl.id };
}

const dialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByTestId('label-dialog') });

async function rowMenu(page: Page, name: RegExp, item: string) {
  await page.getByRole('row', { name }).getByRole('button', { name: /More actions|更多操作/ }).click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: item }).click();
}

/** Records window.print() calls instead of opening the browser's print dialog. */
async function recordPrints(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
}

test('print label from a row: size, preview, Download PDF — the PDF’s QR code decodes to the item', async ({ page, app }, testInfo) => {
  const { kcn } = await seed(app);
  await loginViaUi(page, app, MEMBER);
  await rowMenu(page, /氰化钾/, 'Print label');
  await expect(dialog(page)).toContainText('Label size');
  await dialog(page).getByText('50 × 30 mm (label printer)').click();
  await expect(dialog(page).getByTestId('label')).toHaveAttribute('data-payload', `LAB1:${kcn}`);
  await expect(dialog(page).getByTestId('label')).toContainText('CAS 151-50-8');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog(page).getByTestId('label-download').click()]);
  expect(download.suggestedFilename()).toBe(`label-${kcn}-50x30.pdf`);
  const file = testInfo.outputPath('label.pdf');
  await download.saveAs(file);
  const [png] = renderPages(file, testInfo.outputPath());
  expect(decodeQr(png!)).toBe(`LAB1:${kcn}`);
  expect(pdfText(file)).toContain('氰化钾');
  await page.keyboard.press('Escape');

  // The item's details offer it too, with the size chosen last time
  await page.getByTestId('item-name').filter({ hasText: '氰化钾' }).click();
  await page.getByTestId('item-detail').waitFor();
  await page.getByTestId('detail-print-label').click();
  await expect(dialog(page).getByRole('radio', { name: '50 × 30 mm (label printer)' })).toBeChecked();
});

test('the print page (browser mode): labels of ticked rows, A4 sheet, chrome hidden when printing, window.print', async ({ page, app }) => {
  const { kcn, nacl } = await seed(app);
  await recordPrints(page);
  await loginViaUi(page, app, MEMBER);
  for (const name of [/氰化钾/, /Sodium chloride/]) await page.getByRole('row', { name }).getByRole('checkbox').check();
  await page.getByTestId('print-selected-labels').click();
  await expect(dialog(page)).toContainText('Print 2 labels');
  await dialog(page).getByText('A4 sheet, 3 × 8 labels of 70 × 37 mm').click();
  await dialog(page).getByTestId('label-print').click();
  await expect(page).toHaveURL(new RegExp(`#/labels\\?ids=(${kcn},${nacl}|${nacl},${kcn})&size=a4$`));
  const labels = page.getByTestId('labels-print-page').getByTestId('label');
  await expect(labels).toHaveCount(2);
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // 70 × 37 mm cells at 96 px per inch
  const box = (await labels.first().boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round((70 * 96) / 25.4));
  expect(Math.round(box.height)).toBe(Math.round((37 * 96) / 25.4));
  await expect(page.locator('.ant-layout-header')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.ant-layout-header')).toBeHidden();
  await expect(page.locator('.ant-layout-sider')).toBeHidden();
  await expect(page.locator('.labels-toolbar')).toBeHidden();
  await expect(labels.first()).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await page.getByTestId('labels-print').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(2);
});

test('a scanned payload typed into the inventory search box opens the item; an unknown one is said plainly', async ({ page, app }) => {
  const { kcn } = await seed(app);
  await loginViaUi(page, app, MEMBER);
  const box = page.getByTestId('list-search');
  await box.fill(`LAB1:${kcn}`);
  await box.press('Enter');
  await expect(page.getByTestId('item-detail')).toContainText('Potassium cyanide');
  await expect(box).toHaveValue('');
  await expect(page.getByRole('row', { name: /Sodium chloride/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await box.fill('LAB1:99999');
  await box.press('Enter');
  await expect(page.getByText('No inventory item 99999 — it may have been deleted.')).toBeVisible();
  await expect(page.getByTestId('item-detail')).toBeHidden();
});

test('a scanned payload in the reagent orders’ search box opens the inventory item', async ({ page, app }) => {
  const { kcn } = await seed(app);
  await loginViaUi(page, app, MEMBER, '/reagent-orders');
  const box = page.getByTestId('list-search');
  await box.fill(`lab1:${kcn}`);
  await box.press('Enter');
  await expect(page).toHaveURL(/#\/inventory/);
  await expect(page.getByTestId('item-detail')).toContainText('氰化钾');
});

test('the scan shortcut (F2) from the home screen opens the scan box; a scan opens the item', async ({ page, app }) => {
  const { kcn } = await seed(app);
  await loginViaUi(page, app, MEMBER, null);
  await expect(page).toHaveURL(/#\/home/);
  await page.getByTestId('scan-button').hover();
  await expect(page.getByRole('tooltip')).toContainText('Scan a container label (F2)');
  await page.keyboard.press('F2');
  const input = page.getByTestId('scan-input');
  await expect(input).toBeFocused();
  await input.pressSequentially('hello');
  await input.press('Enter');
  await expect(page.getByTestId('scan-error')).toContainText('This is not a label code');
  await input.fill('');
  // a keyboard-wedge scanner types fast, then Enter
  await input.pressSequentially(`LAB1:${kcn}`, { delay: 5 });
  await input.press('Enter');
  await expect(page).toHaveURL(/#\/inventory/);
  await expect(page.getByTestId('item-detail')).toContainText('Potassium cyanide');
});

test('F2 does nothing over an open dialog; on the stocktake page it focuses the page’s scan input, so a scan counts the container', async ({ page, app }) => {
  const { admin } = await seed(app);
  const room = await admin.req<{ id: number }>('POST', '/api/locations', { name: 'Room 101' });
  const acetone = (await admin.req<{ id: number }>('POST', '/api/inventory', { name: '丙酮', quantity: 500, unit: 'mL', location_id: room.id })).id;
  const st = await admin.req<{ id: number }>('POST', '/api/stocktakes', { location_id: room.id });
  await loginViaUi(page, app, MEMBER);
  await rowMenu(page, /氰化钾/, 'Print label');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('F2');
  await expect(page.getByTestId('scan-input')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  await page.goto(`${app.url}/#/stocktakes/${st.id}`);
  const input = page.getByTestId('stocktake-scan');
  await expect(input).toBeFocused();
  await page.getByTestId('stocktake-progress').click();
  await expect(input).not.toBeFocused();
  await page.keyboard.press('F2');
  await expect(input).toBeFocused();
  await expect(page.getByTestId('scan-input')).toHaveCount(0);
  await input.pressSequentially(`LAB1:${acetone}`, { delay: 5 });
  await input.press('Enter');
  await expect(page.getByTestId('scan-result')).toContainText(`Counted: #${acetone} 丙酮`);
  await expect(page.getByTestId('stocktake-progress')).toContainText('1 / 1 seen');
  await expect(page.getByTestId('item-detail')).toHaveCount(0);
});

test('in Chinese: the scan box says an unknown item plainly; the label dialog and preview are Chinese', async ({ page, app }) => {
  const { kcn } = await seed(app);
  await loginViaUi(page, app, MEMBER);
  await page.evaluate(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.reload();
  await expect(page.getByTestId('scan-button')).toHaveText('扫码');
  await page.keyboard.press('F2');
  await page.getByTestId('scan-input').fill('LAB1:99999');
  await page.getByTestId('scan-input').press('Enter');
  await expect(page.getByTestId('scan-error')).toHaveText('没有库存物品 99999，可能已被删除。');
  await page.keyboard.press('Escape');
  await rowMenu(page, /氰化钾/, '打印标签');
  await expect(dialog(page)).toContainText('标签尺寸');
  await expect(dialog(page).getByTestId('label')).toContainText(`批号 LOT-7`);
  await expect(dialog(page).getByTestId('label')).toContainText('有效期 2027-06-30');
  await expect(dialog(page).getByTestId('label')).toHaveAttribute('data-payload', `LAB1:${kcn}`);
});
