// The reference lists in the other places a CAS is entered or arrives, in Chinese: the reagent
// order form (tags and the GHS suggestion as information: an order has no pictograms), the
// stock-in of an arrived order (the same for the order's CAS), the cart-import review (tags in each
// card's title, following the CAS as edited) and the bulk import preview (tags in the CAS column).
import { ADMIN, ApiSession, MEMBER, loginViaUiZh, seedUsers, test, expect, type RunningApp } from './fixtures';

test('the reagent order form: tags and the GHS suggestion as information, no button', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUiZh(page, app, MEMBER, '/reagent-orders');
  await page.getByRole('button', { name: '新建订单' }).click();
  const form = page.getByTestId('record-form');
  await form.getByLabel('CAS号', { exact: true }).fill('151-50-8');
  const hints = form.getByTestId('reference-hints');
  await expect(hints.getByTestId('reference-tags')).toHaveText(/危险化学品 #1686\s*剧毒/);
  await expect(hints.getByTestId('ghs-suggestion').getByRole('img', { name: /^GHS06/ })).toBeVisible();
  await expect(hints.getByTestId('signal-word')).toHaveText('危险');
  await expect(hints.getByRole('button', { name: '采用建议' })).toHaveCount(0);
  // Another CAS replaces the answer (the first is not shown for it).
  await form.getByLabel('CAS号', { exact: true }).fill('7732-18-5');
  await expect(hints.getByTestId('reference-none')).toHaveText('无参考数据');
  await expect(hints.getByTestId('reference-tags')).toHaveCount(0);
});

test('stock-in of an arrived order shows what the lists say of its CAS', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const order = await admin.req<{ id: number }>('POST', '/api/reagent-orders', { name: '丙酮', cas_number: '67-64-1', specification: '500 mL', quantity: 1 });
  await admin.req('POST', `/api/reagent-orders/${order.id}/approve`, {});
  await admin.req('POST', `/api/reagent-orders/${order.id}/arrive`, {});
  await loginViaUiZh(page, app, ADMIN, '/reagent-orders');
  await page.getByRole('row', { name: /丙酮/ }).getByRole('button', { name: /^入\s*库$/ }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('stock-in-form') });
  const hints = dialog.getByTestId('reference-hints');
  // acetone: in the catalogue and a precursor of category 3
  await expect(hints.getByTestId('reference-tags')).toHaveText(/危险化学品 #137\s*易制毒 第三类/);
  await expect(hints.getByTestId('ghs-suggestion').getByRole('img', { name: /^GHS02/ })).toBeVisible();
  await expect(hints.getByTestId('hazard-statements')).toContainText('H225 高度易燃液体和蒸气');
  await expect(hints.getByRole('button', { name: '采用建议' })).toHaveCount(0);
});

function cartBatch() {
  const item = (n: number, name: string, cas: string) => ({
    item_id: `item-${n}`, supplier: 'fixture', name, english_name: '', specification: '500 g', brand: '化试通', cas_number: cas, product_id: `FX-${n}`,
    detail_url: '', quantity: 1, unit_price: 10, hazardous: false, suggested_order_type: 'reagent', order_type: 'reagent', classification_reason: 'valid_cas', detail_fetch_status: 'basic_only',
  });
  return { batch_id: 'reference-batch-1', created_at: new Date().toISOString(), items: [item(1, '氰化钾', '151-50-8'), item(2, '硫酸', '7664-93-9')] };
}
const handOff = (app: RunningApp, b: ReturnType<typeof cartBatch>) => new ApiSession(app.url).req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: b });

test('the cart-import review: each card names its CAS\'s lists, and follows the CAS as edited', async ({ page, app }) => {
  await seedUsers(app);
  await handOff(app, cartBatch());
  await loginViaUiZh(page, app, MEMBER, '/cart-import');
  const kcn = page.getByTestId('cart-item-item-1').locator('.ant-card-head');
  await expect(kcn.getByTestId('reference-tags')).toHaveText(/危险化学品 #1686\s*剧毒/);
  const acid = page.getByTestId('cart-item-item-2');
  await expect(acid.locator('.ant-card-head').getByTestId('reference-tags')).toHaveText(/危险化学品 #1302\s*易制毒 第三类/);
  await acid.getByLabel('CAS 号').fill('67-64-1');
  await expect(acid.locator('.ant-card-head').getByTestId('reference-tags')).toHaveText(/危险化学品 #137\s*易制毒 第三类/);
});

test('the bulk import preview: the CAS column carries the lists\' tags, or 无参考数据', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUiZh(page, app, MEMBER);
  await page.getByRole('button', { name: '导入…' }).click();
  const wizard = page.getByTestId('import-wizard');
  const csv = '名称,CAS号,数量,单位\n氰化钾,151-50-8,500,g\n纯水,7732-18-5,1,L\n高锰酸钾,CAS:7722-64-7,500,g\n';
  await wizard.getByTestId('import-file').setInputFiles({ name: '试剂.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(wizard.getByTestId('import-summary')).toContainText('有效 3 行');
  await expect(wizard.getByRole('row', { name: /氰化钾/ }).getByTestId('reference-tags')).toHaveText(/危险化学品 #1686\s*剧毒/);
  await expect(wizard.getByRole('row', { name: /纯水/ }).getByTestId('reference-none')).toHaveText('无参考数据');
  await expect(wizard.getByRole('row', { name: /高锰酸钾/ }).getByTestId('reference-tags')).toHaveText(/危险化学品 #813\s*易制毒 第三类\s*易制爆/);
});
