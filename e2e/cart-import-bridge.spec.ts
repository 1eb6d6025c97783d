// The bridge page and review screen edge cases: expired batch (TTL), batch_id mismatch, a bridge
// that arrives after the page loaded, no batch, a batch the app refuses, the review screen waiting
// for the push, the public account (sees the batch, cannot submit), and one order per item when an
// answer is lost or two windows submit the same item.
import { expect, test as base } from '@playwright/test';
import { startFixtureSupplier, type FixtureSupplier } from '../extension/fixture/server';
import { ApiSession, clickThenChange, loginViaUi, MEMBER, PUBLIC, seedUsers, test, type RunningApp } from './fixtures';
import { buildTestExtension, launchWithExtension } from './cart-import-support';

function batch(id: string, createdAt = new Date()) {
  const item = (n: number, name: string, cas: string) => ({
    item_id: `item-${n}`,
    supplier: 'fixture',
    name,
    english_name: '',
    specification: '500mL',
    brand: '化试通',
    cas_number: cas,
    product_id: `FX-${n}`,
    detail_url: '',
    quantity: 1,
    unit_price: 10,
    hazardous: false,
    suggested_order_type: cas ? 'reagent' : 'pending',
    order_type: cas ? 'reagent' : 'pending',
    classification_reason: cas ? 'valid_cas' : 'no_cas',
    detail_fetch_status: 'basic_only',
  });
  return { batch_id: id, created_at: createdAt.toISOString(), items: [item(1, '无水乙醇', '64-17-5'), item(2, '移液器吸头', '')] };
}

const handOff = (app: RunningApp, b: ReturnType<typeof batch>) => new ApiSession(app.url).req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: b });
const storedOnServer = async (app: RunningApp, s: ApiSession) => s.req<{ batch: { batch_id: string } } | null>('GET', '/api/cart-import/batch');

base.describe('with the real extension', () => {
  let site: FixtureSupplier;
  base.beforeEach(async () => {
    site = await startFixtureSupplier();
  });
  base.afterEach(async () => site.close());

  test('expired batch (TTL), batch_id mismatch, and the bridge arriving after the page loaded', async ({ app }) => {
    const admin = await seedUsers(app);
    const eb = await launchWithExtension(buildTestExtension({ systemUrl: app.url, fixtureUrl: site.url }));
    try {
      const page = await eb.context.newPage();
      // Expired: older than 2 hours in extension storage; an expired page-side copy is cleared too.
      const old = batch('expired-batch-1', new Date(Date.now() - 2 * 3600_000 - 60_000));
      await eb.setStoredBatch(old);
      await page.goto(`${app.url}/cart-import`); // same origin, no import=true: the bridge stays idle
      await page.evaluate((b) => localStorage.setItem('cart_import_batch_latest', JSON.stringify(b)), old);
      await page.goto(`${app.url}/cart-import?import=true&batch_id=${old.batch_id}`);
      await expect(page.locator('body')).toHaveAttribute('data-error', 'expired');
      await expect(page.locator('#message')).toHaveText('The import batch has expired (older than 2 hours). Import the cart again from the browser extension.');
      expect(await page.evaluate(() => localStorage.getItem('cart_import_batch_latest'))).toBeNull();
      expect(await storedOnServer(app, admin)).toBeNull();

      // Mismatch: the stored batch is another one.
      await eb.setStoredBatch(batch('stored-batch-2'));
      await page.goto(`${app.url}/cart-import?import=true&batch_id=other-batch-3`);
      await expect(page.locator('body')).toHaveAttribute('data-error', 'batch_id_mismatch');
      await expect(page.locator('#message')).toContainText('batch_id mismatch');
      expect(await storedOnServer(app, admin)).toBeNull();

      // Late bridge: the page script runs before the bridge (document_idle), finds no cache, and
      // takes the batch from IMPORT_BATCH_READY; a reload then finds it in the page cache at once.
      const good = batch('good-batch-4');
      await eb.setStoredBatch(good);
      await page.evaluate(() => localStorage.removeItem('cart_import_batch_latest'));
      await page.goto(`${app.url}/cart-import?import=true&batch_id=${good.batch_id}`);
      await expect(page).toHaveURL(/#\/cart-import\?batch_id=good-batch-4&via=message/);
      expect((await storedOnServer(app, admin))!.batch.batch_id).toBe('good-batch-4');
      await page.goto(`${app.url}/cart-import?import=true&batch_id=${good.batch_id}`);
      await expect(page).toHaveURL(/#\/cart-import\?batch_id=good-batch-4&via=cache/);
    } finally {
      await eb.close();
    }
  });
});

test('a bridge that posts seconds after the page loaded is still picked up (retry rounds)', async ({ app, page }) => {
  await page.goto(`${app.url}/cart-import?import=true&batch_id=late-batch-1`);
  await expect(page.locator('body')).toHaveAttribute('data-state', 'waiting');
  await page.waitForTimeout(1500);
  await page.evaluate((b) => {
    localStorage.setItem('cart_import_batch_latest', JSON.stringify(b));
    window.postMessage({ source: 'lab-desktop-cart-import-extension', type: 'IMPORT_BATCH_READY' }, location.origin);
  }, batch('late-batch-1'));
  await expect(page).toHaveURL(/#\/cart-import\?batch_id=late-batch-1&via=message/);
});

test('no batch at all, no import parameters, and a batch the app refuses: the exact error', async ({ app, page }) => {
  await page.goto(`${app.url}/cart-import?import=true&batch_id=missing-batch-1`);
  await expect(page.locator('body')).toHaveAttribute('data-error', 'no_batch', { timeout: 10_000 });
  await expect(page.locator('#message')).toHaveText('No import batch was found. Import the cart again from the browser extension.');
  await page.goto(`${app.url}/cart-import`);
  await expect(page.locator('body')).toHaveAttribute('data-error', 'no_import');
  const bad = { ...batch('bad-batch-1'), items: [{ ...batch('x').items[0], quantity: -3 }] };
  await page.evaluate((b) => localStorage.setItem('cart_import_batch_latest', JSON.stringify(b)), bad);
  await page.goto(`${app.url}/cart-import?import=true&batch_id=bad-batch-1`);
  await expect(page.locator('body')).toHaveAttribute('data-error', 'refused');
  await expect(page.locator('#message')).toHaveText('The lab app refused the batch: the cart data from the extension is not valid, so nothing was imported. Update the browser extension, then import the cart again.');
  // The service's reason stays on the page for support, not in the sentence the user reads.
  await expect(page.locator('body')).toHaveAttribute('data-detail', /items\.0\.quantity/);
  // In a Chinese browser the same refusal is Chinese, with no English in it.
  const zh = await page.context().browser()!.newContext({ locale: 'zh-CN' });
  const zhPage = await zh.newPage();
  await zhPage.goto(`${app.url}/cart-import`);
  await zhPage.evaluate((b) => localStorage.setItem('cart_import_batch_latest', JSON.stringify(b)), bad);
  await zhPage.goto(`${app.url}/cart-import?import=true&batch_id=bad-batch-1`);
  await expect(zhPage.locator('#message')).toHaveText('实验室应用拒绝了该批次：扩展发来的购物车数据有误，未导入任何内容。请更新浏览器扩展后重新导入购物车。');
  await zh.close();
});

test('the review screen says at once what to do without a batch, and shows the batch pushed after it opened', async ({ app, page }) => {
  await seedUsers(app);
  await loginViaUi(page, app, MEMBER);
  await page.goto(`${app.url}/#/cart-import`);
  await expect(page.getByTestId('cart-none')).toBeVisible();
  await handOff(app, batch('pushed-batch-1'));
  await expect(page.getByTestId('cart-review')).toHaveAttribute('data-batch-id', 'pushed-batch-1');
  await expect(page.locator('[data-testid^="cart-item-"]')).toHaveCount(2);
});

test('the public account sees the batch but cannot submit (and is told why)', async ({ app, page }) => {
  const admin = await seedUsers(app);
  await handOff(app, batch('public-batch-1'));
  await loginViaUi(page, app, PUBLIC);
  await page.goto(`${app.url}/#/cart-import`);
  await expect(page.locator('[data-testid^="cart-item-"]')).toHaveCount(2);
  await expect(page.getByTestId('public-account')).toHaveText('The public account can view this batch but cannot create orders. Log in with your own account to import it.');
  await expect(page.getByRole('button', { name: 'Submit all ready items' })).toBeDisabled();
  await expect(page.getByTestId('cart-item-item-1').getByRole('button', { name: 'Submit' })).toBeDisabled();
  const orders = await admin.req<{ total: number }>('GET', '/api/reagent-orders/');
  expect(orders.total).toBe(0);
});

test('typing a CAS in the reagent form shows what the lab has, fills the English name, and edits survive a reload', async ({ app, page }) => {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/inventory', { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 3, unit: 'L', storage_location: '易燃品柜 A-1' });
  await handOff(app, batch('typed-cas-1'));
  await loginViaUi(page, app, MEMBER);
  await page.goto(`${app.url}/#/cart-import`);
  const tips = page.getByTestId('cart-item-item-2');
  await expect(tips.getByTestId('choose-type')).toBeVisible();
  await tips.locator('.ant-radio-button-wrapper', { hasText: 'Reagent' }).click();
  await expect(tips.getByTestId('matches')).toHaveCount(0);
  await tips.getByLabel('CAS number').fill('６４－１７－５');
  await tips.getByLabel('CAS number').blur();
  await expect(tips.getByTestId('matches')).toContainText('In stock at 易燃品柜 A-1: 3 L — In stock (乙醇) · same CAS');
  await expect(tips.getByLabel('English name')).toHaveValue('Ethanol');
  await expect(tips.getByText('English name filled from existing records with the same CAS.')).toBeVisible();
  // Unsubmitted edits survive a reload of the review screen.
  await tips.getByLabel('Notes').fill('给王老师');
  await page.reload();
  await expect(tips.getByLabel('CAS number')).toHaveValue('６４－１７－５');
  await expect(tips.getByLabel('Notes')).toHaveValue('给王老师');
});

test('a value that changes while Submit checks the form (the check overtaken by a newer one) still submits, with the new value', async ({ app, page }) => {
  const admin = await seedUsers(app);
  await handOff(app, batch('overtaken-1'));
  await loginViaUi(page, app, MEMBER);
  await page.goto(`${app.url}/#/cart-import`);
  const ethanol = page.getByTestId('cart-item-item-1');
  await expect(ethanol.getByLabel('Name', { exact: true })).toHaveValue('无水乙醇');
  // In one task: the click starts the form's check, then the name changes (as typing or a filled
  // value would), which starts a newer check of that field before the first one has finished.
  await clickThenChange(ethanol, 'Submit', 'input[id$="-reagent_name"]', '无水乙醇 AR');
  await expect(ethanol.getByTestId('submitted')).toContainText('Submitted as Reagent order #', { timeout: 10_000 });
  const orders = await admin.req<{ rows: Array<{ name: string }>; total: number }>('GET', '/api/reagent-orders/');
  expect(orders.total).toBe(1);
  expect(orders.rows[0]!.name).toBe('无水乙醇 AR');
});

test('the answer to a submit is lost on the way back: the order was made once and the screen shows it submitted', async ({ app, page }) => {
  const admin = await seedUsers(app);
  await handOff(app, batch('lost-answer-1'));
  await loginViaUi(page, app, MEMBER);
  await page.goto(`${app.url}/#/cart-import`);
  let lost = 0;
  // The request reaches the app (the order is created), its answer never reaches the page.
  await page.route('**/api/reagent-orders', async (route) => {
    if (lost++ > 0) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  const ethanol = page.getByTestId('cart-item-item-1');
  await ethanol.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(async () => (await admin.req<{ total: number }>('GET', '/api/reagent-orders/')).total).toBe(1);
  await expect.poll(() => lost).toBe(1);
  // The screen asks lab.db what became of the item instead of offering it again.
  await expect(ethanol.getByTestId('submitted')).toContainText('Submitted as Reagent order #', { timeout: 10_000 });
  await expect(page.getByTestId('cart-progress')).toHaveText('1 of 2 submitted');
  expect((await admin.req<{ total: number }>('GET', '/api/reagent-orders/')).total).toBe(1);
});

test('two review windows submit the same item at once: one order exists and both windows show it', async ({ app, page, browser }) => {
  const admin = await seedUsers(app);
  await handOff(app, batch('two-windows-1'));
  await loginViaUi(page, app, MEMBER);
  const second = await browser.newPage({ locale: 'en-US' });
  await loginViaUi(second, app, MEMBER);
  for (const p of [page, second]) await p.goto(`${app.url}/#/cart-import`);
  // Hold the first window's order request in flight while the second window submits the same item.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  let inFlight = false;
  await page.route('**/api/reagent-orders', async (route) => {
    inFlight = true;
    await held;
    await route.continue();
  });
  await page.getByTestId('cart-item-item-1').getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => inFlight).toBe(true);
  await second.getByTestId('cart-item-item-1').getByRole('button', { name: 'Submit' }).click();
  const made = second.getByTestId('cart-item-item-1').getByTestId('submitted');
  await expect(made).toContainText('Submitted as Reagent order #');
  release();
  // The first window's request arrives second: it gets the same order back, not a new one.
  await expect(page.getByTestId('cart-item-item-1').getByTestId('submitted')).toHaveText((await made.textContent())!);
  await expect(page.getByText('This item had already been submitted')).toBeVisible();
  expect((await admin.req<{ total: number }>('GET', '/api/reagent-orders/')).total).toBe(1);
  await second.close();
});
