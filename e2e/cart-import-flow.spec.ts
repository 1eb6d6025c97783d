// The whole chain in Chromium with the real unpacked extension against browser mode: fixture cart →
// popup → detail fetch (≤ 3 in flight at the supplier) → batch saved → bridge page → review screen
// → the user fixes a pending item, switches one type, submits all → exactly the expected orders,
// each once; reopening (and replaying the bridge) submits nothing again.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startFixtureSupplier, type FixtureSupplier } from '../extension/fixture/server';
import { ApiSession, loginViaUi, MEMBER, seedUsers, startApp, type RunningApp } from './fixtures';
import { buildTestExtension, launchWithExtension, selectRows, type ExtensionBrowser } from './cart-import-support';

let app: RunningApp;
let site: FixtureSupplier;
let eb: ExtensionBrowser;
let admin: ApiSession;

// Two servers, a browser and an extension build per test: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async () => {
  app = await startApp();
  admin = await seedUsers(app);
  site = await startFixtureSupplier({ slowMs: 600, hangMs: 20_000 });
  eb = await launchWithExtension(buildTestExtension({ systemUrl: app.url, fixtureUrl: site.url, detailTimeoutMs: 1500 }));
});
test.afterEach(async () => {
  await eb.close();
  await site.close();
  await app.stop();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
});

type Row = { id: number; name: string; cas_number?: string; english_name?: string; applicant?: string; status: string };
const list = async (path: string) => (await admin.req<{ rows: Row[]; total: number }>('GET', `${path}?pageSize=500`)).rows;
const chooseType = (c: ReturnType<typeof card>, label: string) => c.locator('.ant-radio-button-wrapper', { hasText: label }).click();
const card = (page: Page, name: string) => page.locator('[data-testid^="cart-item-"]', { has: page.locator('.ant-card-head', { hasText: name }) });

test('cart → popup → bridge → review → submit all, each order once; reopening submits nothing again', async () => {
  // What the lab already has: an open order for sodium chloride, acetone in stock, and a record
  // that knows the English name of sodium carbonate (CAS 497-19-8).
  await admin.req('POST', '/api/reagent-orders', { name: '氯化钠', english_name: 'Sodium chloride', cas_number: '7647-14-5', quantity: 1, brand: 'Sigma' });
  await admin.req('POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 2, unit: 'L', storage_location: '易燃品柜 A-2' });
  await admin.req('POST', '/api/inventory', { name: '碳酸钠', english_name: 'Sodium carbonate', cas_number: '497-19-8', quantity: 1, unit: 'kg', storage_location: '试剂柜 B-1' });
  const before = { reagent: (await list('/api/reagent-orders/')).length, consumable: (await list('/api/consumable-orders/')).length };

  const appPage = await eb.context.newPage();
  await loginViaUi(appPage, app, MEMBER);
  const cart = await eb.context.newPage();
  await cart.goto(`${site.url}/cart`);
  const popup = await eb.openPopup();
  await expect(popup.locator('#rows li')).toHaveCount(11);
  await selectRows(popup, ['无水乙醇', '丙酮', '氯化钠', '多聚甲醛', '一次性移液器吸头', '丁腈手套', '无水碳酸钠', '乙腈']);
  const bridgeTab = eb.context.waitForEvent('page', { predicate: (p) => p.url().startsWith(`${app.url}/cart-import`) });
  await popup.locator('#import').click();
  await expect(popup.locator('#status')).toHaveText('Opened in the lab app. Review the items there.', { timeout: 20_000 });
  expect(site.stats.maxInFlight).toBeLessThanOrEqual(3);
  const batchId = (await eb.storedBatch())!.batch_id;

  // The bridge page hands over and (browser mode) continues to the review screen.
  const review = await bridgeTab;
  await expect(review).toHaveURL(new RegExp(`/#/cart-import\\?batch_id=${batchId}`), { timeout: 15_000 });
  await expect(review.getByTestId('cart-review')).toHaveAttribute('data-batch-id', batchId, { timeout: 20_000 });
  await expect(review.locator('[data-testid^="cart-item-"]')).toHaveCount(8);

  // Suggested types and reasons as the extension classified them.
  await expect(card(review, '无水乙醇').getByTestId('suggested')).toHaveText('Suggested: Reagent');
  await expect(card(review, '无水乙醇').getByTestId('reason')).toContainText('Valid CAS 64-17-5 (check digit correct) → reagent · Detail page read');
  await expect(card(review, '多聚甲醛').getByTestId('suggested')).toHaveText('Suggested: Pending');
  await expect(card(review, '多聚甲醛').getByTestId('reason')).toContainText('CAS 30525-89-5 fails the check digit → decide by hand');
  await expect(card(review, '丁腈手套').getByTestId('reason')).toContainText('No CAS number found → decide by hand · Detail page failed — cart data only');
  await expect(card(review, '乙腈').getByTestId('reason')).toContainText('Detail page read'); // slow page, within the time-out
  await expect(card(review, '一次性移液器吸头').getByTestId('choose-type')).toBeVisible();
  // cart-sync: what the lab already has.
  await expect(card(review, '氯化钠').getByTestId('matches')).toContainText('Already ordered on');
  await expect(card(review, '氯化钠').getByTestId('matches')).toContainText('by Lab Admin — status: Pending approval');
  await expect(card(review, '丙酮').getByTestId('matches')).toContainText('In stock at 易燃品柜 A-2: 2 L');
  // English name completed offline from the record with the same CAS.
  await expect(card(review, '无水碳酸钠').getByLabel('English name')).toHaveValue('Sodium carbonate');

  // Paraformaldehyde is pending (its published CAS fails the check digit): choose reagent but do
  // not fix the CAS yet — that item will fail on its own without affecting the others.
  const para = card(review, '多聚甲醛');
  await chooseType(para, 'Reagent');
  // Pipette tips: consumable. Acetone: switched from reagent to consumable (edits kept across switches).
  await chooseType(card(review, '一次性移液器吸头'), 'Consumable');
  const acetone = card(review, '丙酮');
  await acetone.getByLabel('Notes').fill('清洗用');
  await chooseType(acetone, 'Consumable');
  await chooseType(acetone, 'Reagent');
  await expect(acetone.getByLabel('Notes')).toHaveValue('清洗用');
  await chooseType(acetone, 'Consumable');
  // Gloves stay pending: "submit all" must skip them and send nothing.
  await review.getByRole('button', { name: 'Submit all ready items' }).click();
  await expect(review.getByTestId('cart-progress')).toHaveText('6 of 8 submitted', { timeout: 20_000 });
  await expect(para.getByTestId('item-error')).toContainText('fails the check digit');
  await expect(para.getByText('check digit should be 4; confirm to keep 30525-89-5')).toBeVisible();
  await expect(card(review, '丁腈手套').getByTestId('submitted')).toHaveCount(0);
  await expect(card(review, '无水乙醇').getByTestId('submitted')).toContainText('Submitted as Reagent order #');
  // The user corrects the CAS and submits that one item.
  await expect(para.getByText('Keep this CAS although its check digit fails')).toBeVisible();
  await para.getByLabel('CAS number').fill('30525-89-4');
  await expect(para.getByText('Keep this CAS although its check digit fails')).toHaveCount(0);
  await para.getByRole('button', { name: 'Submit' }).click();
  await expect(review.getByTestId('cart-progress')).toHaveText('7 of 8 submitted', { timeout: 10_000 });
  await expect(para.getByTestId('submitted')).toContainText('Submitted as Reagent order #');

  const reagents = await list('/api/reagent-orders/');
  const consumables = await list('/api/consumable-orders/');
  expect(reagents.length - before.reagent).toBe(5);
  expect(consumables.length - before.consumable).toBe(2);
  const names = (rows: Row[]) => rows.map((r) => r.name).sort();
  expect(names(reagents.slice(0, 5))).toEqual(['乙腈', '多聚甲醛', '无水乙醇', '无水碳酸钠', '氯化钠'].sort());
  expect(names(consumables)).toEqual(['一次性移液器吸头（200μL，无菌）', '丙酮'].sort());
  expect(reagents.find((r) => r.name === '多聚甲醛')!.cas_number).toBe('30525-89-4');
  expect(reagents.find((r) => r.name === '无水碳酸钠')!.english_name).toBe('Sodium carbonate');

  // Reopen: the review screen again, and the bridge link again (replay) — nothing is created twice.
  await review.reload();
  await expect(review.getByTestId('cart-progress')).toHaveText('7 of 8 submitted');
  await review.getByRole('button', { name: 'Submit all ready items' }).click();
  await review.goto(`${app.url}/cart-import?import=true&batch_id=${batchId}`);
  await expect(review).toHaveURL(/#\/cart-import/, { timeout: 15_000 });
  await expect(review.getByTestId('cart-progress')).toHaveText('7 of 8 submitted');
  expect((await list('/api/reagent-orders/')).length - before.reagent).toBe(5);
  expect((await list('/api/consumable-orders/')).length - before.consumable).toBe(2);
});

test('app not running: the popup says so and keeps the batch; Retry after the app started opens the review', async () => {
  const appPage = await eb.context.newPage();
  await loginViaUi(appPage, app, MEMBER);
  await app.stop();
  const cart = await eb.context.newPage();
  await cart.goto(`${site.url}/cart`);
  const popup = await eb.openPopup();
  await selectRows(popup, ['无水乙醇', '一次性移液器吸头']);
  await popup.locator('#import').click();
  await expect(popup.locator('#status')).toHaveText('The lab app is not running. Start the lab app first, then press Retry — the batch is kept.', { timeout: 15_000 });
  const kept = (await eb.storedBatch())!;
  expect(kept.items).toHaveLength(2);
  expect(eb.context.pages().some((p) => p.url().startsWith(`${app.url}/cart-import`))).toBe(false);

  await app.restart();
  const bridgeTab = eb.context.waitForEvent('page', { predicate: (p) => p.url().startsWith(`${app.url}/cart-import`) });
  await popup.locator('#retry').click();
  const review = await bridgeTab;
  await expect(review.getByTestId('cart-review')).toHaveAttribute('data-batch-id', kept.batch_id, { timeout: 15_000 });
  await expect(review.locator('[data-testid^="cart-item-"]')).toHaveCount(2);
});
