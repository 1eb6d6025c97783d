// The renderer is split by route: the login page fetches no screen's code; a screen's chunk is
// fetched when the screen is first shown, with a short "loading" line in the UI's language while
// it arrives; all of it under the renderer's CSP (scripts from 'self' only).
import type { Page, Route } from '@playwright/test';
import { ADMIN, loginViaUi, seedUsers, test, expect } from './fixtures';
import { failThenRetry } from './chunk-retry';

/** Chunks named after the lazily loaded screens and dialogs (src/renderer/app/screens.ts, AppLayout, records/dialogs.ts). */
const SCREEN_CHUNK = /\/assets\/(HomeScreen|InventoryPage|ReagentOrdersPage|ConsumableOrdersPage|CartImportScreen|AuditScreen|UsersScreen|SettingsScreen|LocationsScreen|RecordForm|HistoryDrawer|ImportWizard|MoveItemDialog)-[\w-]+\.js$/;

function recordScripts(page: Page): string[] {
  const js: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') js.push(new URL(r.url()).pathname);
  });
  return js;
}

function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) found.push(m.text());
  });
  return found;
}

/** Holds the chunk whose file name starts with `name` until `release()` is called. */
async function holdChunk(page: Page, name: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route: Route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

test('the login page loads no screen code and no chart library; the home screen chunk comes on the way there, with "Loading…" meanwhile', async ({ page, app }) => {
  await seedUsers(app);
  const js = recordScripts(page);
  const csp = cspViolations(page);
  await page.goto(app.url + '/#/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(js.length).toBeGreaterThan(1); // entry + vendor chunks
  expect(js.filter((u) => SCREEN_CHUNK.test(u))).toEqual([]);
  expect(js.filter((u) => /\/vendor-echarts-/.test(u))).toEqual([]);

  const held = await holdChunk(page, 'HomeScreen');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('chunk-loading')).toHaveText('Loading…');
  held.release();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByTestId('chunk-loading')).toHaveCount(0);
  expect(js.filter((u) => /\/HomeScreen-/.test(u))).toHaveLength(1);
  await page.getByRole('menuitem', { name: 'Inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  expect(js.filter((u) => /\/InventoryPage-/.test(u))).toHaveLength(1);
  // The list alone does not fetch the dialogs' code.
  expect(js.filter((u) => /\/(RecordForm|HistoryDrawer|ImportWizard)-/.test(u))).toEqual([]);
  expect(csp).toEqual([]);
});

test('in Simplified Chinese the loading line is Chinese; Users loads only when opened, New item opens its form', async ({ page, app }) => {
  await seedUsers(app);
  await page.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  const js = recordScripts(page);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('home-screen')).toBeVisible();
  expect(js.filter((u) => /\/UsersScreen-/.test(u))).toEqual([]);

  const held = await holdChunk(page, 'UsersScreen');
  await page.getByRole('menuitem', { name: '用户' }).click();
  await expect(page.getByTestId('chunk-loading')).toHaveText('正在加载…');
  held.release();
  await expect(page.getByTestId('chunk-loading')).toHaveCount(0);
  expect(js.filter((u) => /\/UsersScreen-/.test(u))).toHaveLength(1);

  // A lazily loaded dialog opens on the first click.
  await page.getByRole('menuitem', { name: '库存' }).click();
  await page.getByRole('button', { name: '新增库存' }).click();
  await expect(page.getByTestId('record-form')).toBeVisible();
});

test('a screen whose code cannot be fetched says so with a retry instead of a blank window; the retry loads it', async ({ page, app }) => {
  // Chromium 156 and later fetch a failed module again on the next import: no reload needed.
  expect(await failThenRetry(page, app)).toEqual({ reloaded: false });
});

test('the first page asked for at load is not shown after the screen was left before it rendered: an item added meanwhile is listed', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await loginViaUi(page, app, ADMIN);
  await page.evaluate(() => localStorage.setItem('lab.language', 'en'));
  // A reload at the inventory asks for its first page while the screen's code is held back…
  const held = await holdChunk(page, 'InventoryPage');
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/inventory/');
  await page.reload();
  await asked;
  // …and the user goes elsewhere before the inventory ever rendered.
  await page.getByRole('menuitem', { name: 'Reagent orders' }).click();
  await expect(page.getByRole('heading', { name: 'Reagent orders' })).toBeVisible();
  await admin.req('POST', '/api/inventory', { name: '氯化钠', quantity: 1, unit: 'kg' });
  held.release();
  await page.getByRole('menuitem', { name: 'Inventory' }).click();
  await expect(page.getByRole('row', { name: /氯化钠/ })).toContainText('1 kg');
});
