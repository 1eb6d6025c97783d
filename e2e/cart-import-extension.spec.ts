// The real unpacked extension in Chromium against the fixture supplier: the popup's cart list,
// detail fetching (≤ 3 in flight, measured at the supplier), slow/failing pages, no cart tab,
// app not running, and Aladdin-shaped pages (www.aladdin-e.com mapped to the fixture site over
// https, so the real Aladdin adapter reads them). The app side is absent here on purpose (its port
// has nothing listening).
import { expect, test } from '@playwright/test';
import { ALADDIN_CART_PATH, startFixtureSupplier, type FixtureSupplier } from '../extension/fixture/server';
import { freePort } from './fixtures';
import { buildTestExtension, launchWithExtension, selectRows, selfSignedCert, type ExtensionBrowser } from './cart-import-support';

const ALADDIN_HOST = 'www.aladdin-e.com';
let site: FixtureSupplier;
let aladdin: FixtureSupplier;
let eb: ExtensionBrowser;
let deadPort: number;
let tls: { key: string; cert: string };

test.beforeAll(() => {
  tls = selfSignedCert(ALADDIN_HOST);
});
test.beforeEach(async () => {
  site = await startFixtureSupplier({ slowMs: 700, hangMs: 20_000 });
  aladdin = await startFixtureSupplier({ tls });
  deadPort = await freePort();
  eb = await launchWithExtension(buildTestExtension({ systemUrl: `http://127.0.0.1:${deadPort}`, fixtureUrl: site.url, detailTimeoutMs: 1500 }), [
    `--host-resolver-rules=MAP ${ALADDIN_HOST} 127.0.0.1:${aladdin.port}`,
    '--ignore-certificate-errors',
  ]);
});
test.afterEach(async () => {
  await eb.close();
  await site.close();
  await aladdin.close();
});

test('no cart tab: the popup asks to open the cart page first', async () => {
  const page = await eb.context.newPage();
  await page.goto(`${site.url}/`);
  const popup = await eb.openPopup();
  await expect(popup.locator('#status')).toHaveText('Open your cart page on a supported supplier site first, then open this window again.');
  await expect(popup.locator('#rows li')).toHaveCount(0);
});

test('popup lists the cart rows at once, fetches details for the selection only, ≤ 3 in flight; app not running keeps the batch', async () => {
  const cart = await eb.context.newPage();
  await cart.goto(`${site.url}/cart`);
  const popup = await eb.openPopup();
  await expect(popup.locator('#rows li')).toHaveCount(11);
  expect(site.stats.details).toHaveLength(0); // listing needs no detail page
  const ethanol = popup.locator('#rows li', { has: popup.locator('.row-name', { hasText: '无水乙醇' }) });
  await expect(ethanol).toContainText('Hazardous');
  await expect(ethanol).toContainText('Qty: 2');
  await expect(ethanol).toContainText('¥26.50');

  const chosen = ['无水乙醇', '丙酮', '氯化钠', '多聚甲醛', '一次性移液器吸头', '丁腈手套', '乙腈', '甲醇', '二甲基亚砜'];
  await selectRows(popup, chosen);
  await expect(popup.locator('#selected-count')).toHaveText('9 selected');
  await popup.locator('#import').click();
  // Selection and back are locked while fetching.
  await expect(popup.locator('#rows input').first()).toBeDisabled();
  await expect(popup.locator('#select-all')).toBeDisabled();
  await expect(popup.locator('#progress-text')).toContainText('9 items saved', { timeout: 15_000 });
  await expect(popup.locator('#status')).toHaveText(/The lab app is not running\. Start the lab app first/);
  await expect(popup.locator('#retry')).toBeVisible();

  expect(site.stats.maxInFlight).toBeLessThanOrEqual(3);
  expect(site.stats.maxInFlight).toBeGreaterThan(1);
  expect(new Set(site.stats.details.map((d) => d.id))).toEqual(new Set(['FX-10001', 'FX-10002', 'FX-10003', 'FX-10004', 'FX-20001', 'FX-20002', 'FX-10005', 'FX-10006', 'FX-10007']));

  const batch = (await eb.storedBatch())!;
  expect(batch.items).toHaveLength(9);
  const by = Object.fromEntries(batch.items.map((i) => [i.name as string, i]));
  expect(by['无水乙醇']).toMatchObject({ cas_number: '64-17-5', suggested_order_type: 'reagent', classification_reason: 'valid_cas', detail_fetch_status: 'success', english_name: 'Ethanol absolute' });
  expect(by['多聚甲醛']).toMatchObject({ suggested_order_type: 'pending', classification_reason: 'cas_check_digit_failed' });
  expect(by['丁腈手套（M号，无粉）']).toMatchObject({ detail_fetch_status: 'http_error', quantity: 5, unit_price: 39.9 });
  expect(by['乙腈']).toMatchObject({ detail_fetch_status: 'success', suggested_order_type: 'reagent' });
  expect(by['甲醇']).toMatchObject({ detail_fetch_status: 'timeout', quantity: 2, suggested_order_type: 'pending' });
  expect(by['二甲基亚砜']).toMatchObject({ detail_fetch_status: 'parse_error', suggested_order_type: 'pending' });
  // No tab to a dead app was opened.
  expect(eb.context.pages().some((p) => p.url().includes(`:${deadPort}/`))).toBe(false);
});

test('30 selected items with 300 ms detail pages take about ⌈30/3⌉ × 0.3 s = 3 s', async () => {
  site.setDetailDelay(300);
  const cart = await eb.context.newPage();
  await cart.goto(`${site.url}/bulk-cart?n=30`);
  const popup = await eb.openPopup();
  await expect(popup.locator('#rows li')).toHaveCount(30);
  await popup.locator('#select-all').click();
  await expect(popup.locator('#selected-count')).toHaveText('30 selected');
  const t0 = Date.now();
  await popup.locator('#import').click();
  await expect(popup.locator('#progress-text')).toContainText('30 items saved', { timeout: 15_000 });
  const observedMs = Date.now() - t0;
  const wallMs = Number(await popup.locator('#progress-box').getAttribute('data-elapsed-ms'));
  const first = Math.min(...site.stats.details.map((d) => d.startedAt));
  const last = Math.max(...site.stats.details.map((d) => d.endedAt ?? 0));
  test.info().annotations.push({ type: 'wall time', description: `popup (click → batch saved): ${wallMs} ms (observed by the test incl. polling: ${observedMs} ms); supplier first request → last answer: ${last - first} ms` });
  console.log(`30 items × 300 ms detail pages: popup wall time ${wallMs} ms, at the supplier ${last - first} ms, max in flight ${site.stats.maxInFlight}`);
  expect(site.stats.details).toHaveLength(30);
  expect(site.stats.maxInFlight).toBe(3);
  expect(last - first).toBeGreaterThanOrEqual(3000);
  expect(wallMs).toBeGreaterThanOrEqual(3000);
  // ⌈30/3⌉ × 0.3 s = 3 s is the floor; ~3.3 s on a quiet machine, more when the test machine is busy.
  expect(wallMs).toBeLessThan(5000);
  const batch = (await eb.storedBatch())!;
  expect(batch.items.every((i) => i.detail_fetch_status === 'success')).toBe(true);
});

test('the worker picks the cart tab the user last had active', async () => {
  const a = await eb.context.newPage();
  await a.goto(`${site.url}/cart`);
  const b = await eb.context.newPage();
  await b.goto(`${site.url}/bulk-cart?n=3`);
  await a.bringToFront();
  let popup = await eb.openPopup();
  await expect(popup.locator('#rows li')).toHaveCount(11);
  await popup.close();
  await b.bringToFront();
  popup = await eb.openPopup();
  await expect(popup.locator('#rows li')).toHaveCount(3);
});

test('more items than one batch may hold are refused before any detail page is fetched', async () => {
  const cart = await eb.context.newPage();
  await cart.goto(`${site.url}/bulk-cart?n=201`);
  const popup = await eb.openPopup();
  await expect(popup.locator('#rows li')).toHaveCount(201);
  await popup.locator('#select-all').click();
  await popup.locator('#import').click();
  await expect(popup.locator('#status')).toHaveText('At most 200 items can be imported at once; select fewer.');
  expect(site.stats.details).toHaveLength(0);
  expect(await eb.storedBatch()).toBeUndefined();
});

test('Aladdin product pages with an unclosed title: the product name or parse_error with the cart name, never the page text', async () => {
  const cart = await eb.context.newPage();
  await cart.goto(`https://${ALADDIN_HOST}${ALADDIN_CART_PATH}`);
  const popup = await eb.openPopup();
  await expect(popup.locator('#rows li')).toHaveCount(3);
  await popup.locator('#select-all').click();
  await popup.locator('#import').click();
  await expect(popup.locator('#progress-text')).toContainText('3 items saved', { timeout: 15_000 });
  const batch = (await eb.storedBatch())!;
  const by = Object.fromEntries(batch.items.map((i) => [i.product_id as string, i]));
  // Chromium's parser closes the <span> at </h1>: a correct record, not the rest of the page.
  expect(by['S111838']).toMatchObject({ supplier: 'aladdin', name: '氯化钠', english_name: 'Sodium chloride', cas_number: '7647-14-5', specification: 'AR，≥99.5% 500g', detail_fetch_status: 'success', suggested_order_type: 'reagent', quantity: 1, unit_price: 19 });
  // Title and heading both left open: the rest of the page is inside the title, so no record.
  expect(by['P112113']).toMatchObject({ name: '硫酸钾', detail_fetch_status: 'parse_error', suggested_order_type: 'pending', cas_number: '', specification: '500g', unit_price: 25 });
  expect(by['E111963']).toMatchObject({ name: '无水乙醇', cas_number: '64-17-5', detail_fetch_status: 'success', hazardous: true, quantity: 2 });
  for (const i of batch.items) expect(i.name).not.toMatch(/CAS编号|英文名称|规格或纯度|[￥¥]/);
});
