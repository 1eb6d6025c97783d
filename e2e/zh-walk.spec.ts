// Acceptance walk of issue 12: every screen of the app in Simplified Chinese, with records in every
// state, must show no English sentence, no snake_case code and no ISO timestamp anywhere a user reads.
// Record values typed by people (names, brands) are data, not UI words: the seed uses Chinese names
// and short English ones so a leaked UI sentence still stands out.
import type { Page } from '@playwright/test';
import { ADMIN, ApiSession, expect, rowMenu, seedUsers, test } from './fixtures';

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const SNAKE_CODE = /\b[a-z]+(?:_[a-z]+)+\b/;
// An ASCII colon beside Chinese text ("状态: 在库"): Chinese takes the full-width "：" (issue 28 §2).
const ASCII_COLON = /[\u3400-\u9fff\uff01-\uff5e）】」』”][ \t]*:|:[ \t]*[\u3400-\u9fff（【「『“]/;
// Three English words in a row is a sentence a user would have to read in English.
const ENGLISH_RUN = /\b[A-Za-z]{2,}[,.]?(?:\s+[A-Za-z]{2,}[,.]?){2,}/;
// The product's own name and the seeded English data may appear; so may the name of the GHS list's
// publisher and its system, which its Chinese name keeps and its licence asks to be named.
const ALLOWED = [/Lab Desktop/g, /张三 Alice/g, /Lab Admin/g, /Sodium chloride/g, /Acetone/g, /Ethanol/g, /Safe Work Australia/g, /（HCIS）/g];

const WORDS_ALLOWED = new Set(['csv', 'xlsx', 'utf-8', 'gb18030', 'bom', 'cas', 'chrome', 'edge', 'extensions', 'http', 'tmp', 'lab-e2e', 'admin', 'alice', 'guest', 'public', 'url', 'api', 'pdf', 'zip', 'json', 'ghs']);

function leaks(text: string): string[] {
  let t = text;
  for (const a of ALLOWED) t = t.replace(a, '');
  const found: string[] = [];
  for (const re of [ISO_TIME, SNAKE_CODE, ENGLISH_RUN, ASCII_COLON]) {
    const m = re.exec(t);
    if (m) found.push(t.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).replace(/\s+/g, ' '));
  }
  // Single English words too (a status like "running"), except names of things that have no
  // Chinese name: file formats, browsers, the accounts and the seeded data; GHS (the UN system's
  // name, printed as such on Chinese labels and safety data sheets).
  // Addresses, file-system paths (the data directory) and file names are names, not words to translate
  // (a backup's name with its time in local time too).
  for (const m of t.replace(/[a-z-]+:\/\/[^\s，。；）)]*/g, '').replace(/(?:\b[A-Za-z]:)?[\w.-]*[\\/][^\s，。；）)]+/g, '').replace(/(?:auto|backup|pre-migration)-\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/g, '').replace(/[\w-]+\.(?:db|csv|xlsx|zip|json|log)\b/g, '').matchAll(/[A-Za-z][A-Za-z-]{2,}/g)) {
    if (!WORDS_ALLOWED.has(m[0].toLowerCase())) found.push(m[0]);
  }
  return [...new Set(found)];
}

async function expectChineseOnly(page: Page, where: string): Promise<void> {
  // innerText is what is rendered and visible (hidden menus and closed dialogs excluded).
  const text = await page.evaluate(() => document.body.innerText);
  expect(leaks(text), `${where} shows text that is not in Chinese`).toEqual([]);
}

async function seedRecords(admin: ApiSession): Promise<void> {
  const made: { id: number }[] = [];
  for (const [name, english_name, cas_number] of [
    ['氯化钠', 'Sodium chloride', '7647-14-5'],
    ['丙酮', 'Acetone', '67-64-1'],
    ['乙醇', 'Ethanol', '64-17-5'],
  ] as const) {
    made.push(await admin.req('POST', '/api/inventory', { name, english_name, cas_number, quantity: 3, unit: '瓶', storage_location: 'A101', hazardous: true }));
  }
  await admin.req('POST', `/api/inventory/${made[0]!.id}/borrow`, { due_date: '2020-01-01' });
  // Stock (issue 10): an expired lot below its minimum with pictograms, a partial use, a building.
  await admin.req('POST', '/api/locations', { name: '化学楼' });
  const stocked = await admin.req<{ id: number }>('POST', '/api/inventory', {
    name: '甲醇', cas_number: '67-56-1', quantity: 2500, unit: 'mL', container_size: 500, container_label: '瓶', storage_location: '化学楼',
    lot_number: 'M-2301', expiry_date: '2020-06-30', supplier: '国药', min_stock: 5000, ghs: ['GHS02', 'GHS06', 'GHS08'],
  });
  await admin.req('POST', `/api/inventory/${stocked.id}/use`, { amount: 120, unit: 'mL', note: '配液' });
  await admin.req('POST', `/api/inventory/${made[1]!.id}/consume`, {});
  const gone = await admin.req<{ id: number }>('POST', '/api/inventory', { name: '二氯甲烷', quantity: 1, unit: '瓶' });
  await admin.req('DELETE', `/api/inventory/${gone.id}`);
  // Controlled chemicals (issue 11): acetone on the precursor list, so its rows carry the tag
  // (listed after its use: a controlled item's stock actions need a second person).
  const cats = await admin.req<Array<{ id: number; key: string }>>('GET', '/api/controlled-lists');
  await admin.req('POST', `/api/controlled-lists/${cats.find((c) => c.key === 'precursor')!.id}/entries`, { cas: '67-64-1', name: '丙酮' });

  const order = (body: object) => admin.req<{ value?: { id: number }; id?: number }>('POST', '/api/reagent-orders', body);
  const idOf = (r: { value?: { id: number }; id?: number }) => (r.value?.id ?? r.id)!;
  await order({ name: '硫酸', quantity: 2, unit_price: 35.5 });
  const approved = idOf(await order({ name: '盐酸', quantity: 1 }));
  await admin.req('POST', `/api/reagent-orders/${approved}/approve`, {});
  const rejected = idOf(await order({ name: '硝酸', quantity: 1 }));
  await admin.req('POST', `/api/reagent-orders/${rejected}/reject`, { reason: '库存足够' });
  const arrived = idOf(await order({ name: '氢氧化钠', quantity: 1, unit_price: 12 }));
  await admin.req('POST', `/api/reagent-orders/${arrived}/approve`, {});
  await admin.req('POST', `/api/reagent-orders/${arrived}/arrive`, {});

  const consumable = (body: object) => admin.req<{ value?: { id: number }; id?: number }>('POST', '/api/consumable-orders', body);
  await consumable({ name: '移液枪头', quantity: 10 });
  const done = idOf(await consumable({ name: '手套', quantity: 5, unit_price: 20 }));
  await admin.req('POST', `/api/consumable-orders/${done}/approve`, {});
  await admin.req('POST', `/api/consumable-orders/${done}/complete`, {});
}

async function open(page: Page, url: string, route: string, ready: string): Promise<void> {
  await page.goto(`${url}/#${route}`);
  await page.getByText(ready, { exact: false }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

test('a walk of every screen in Simplified Chinese shows no English sentence, code or ISO time', async ({ page, app }) => {
  test.setTimeout(180_000);
  const admin = await seedUsers(app);
  await seedRecords(admin);
  // A finished backup, so the Data panel lists one with its time and size.
  await admin.req('POST', '/api/data/backups', {});
  await expect.poll(async () => (await admin.req<{ backups: unknown[] }>('GET', '/api/data/status')).backups.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').waitFor();
  await expectChineseOnly(page, 'login');
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.getByTestId('user-menu').waitFor();

  // Login opens the home screen: alerts and charts.
  await page.getByText('已过期').first().waitFor();
  await page.locator('canvas').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expectChineseOnly(page, 'home screen');

  await open(page, app.url, '/inventory', '氯化钠');
  // The location tree beside the list (open at first), and the list with it folded.
  await page.getByTestId('location-tree').waitFor();
  await expectChineseOnly(page, 'inventory with the location tree');
  await page.getByRole('button', { name: '隐藏位置树' }).click();
  await page.getByRole('button', { name: /显示位置树/ }).waitFor();
  await expectChineseOnly(page, 'inventory list');
  // The stock dialog of a use, and the item's ledger.
  const methanol = page.getByRole('row', { name: /甲醇/ });
  await methanol.getByRole('button', { name: /^使\s?用$/ }).click();
  await page.getByTestId('stock-balance').waitFor();
  await expectChineseOnly(page, 'use dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('stock-balance')).toHaveCount(0);
  await rowMenu(methanol, '历史');
  await page.getByRole('tab', { name: '台账' }).click();
  await page.getByTestId('ledger-table').locator('tbody tr.ant-table-row').first().waitFor();
  await expectChineseOnly(page, 'stock ledger');
  await page.getByTestId('history-drawer').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('history-drawer')).toBeHidden();
  // The item's details (every field, the pictograms).
  await methanol.getByTestId('item-name').click();
  await page.getByTestId('item-detail').waitFor();
  // with what the reference lists say of its CAS (tags, hazard statements, their source)
  await page.getByTestId('detail-reference').getByTestId('hazard-statements').waitFor();
  await expectChineseOnly(page, 'item detail');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('item-detail')).toBeHidden();
  // A row's history, and the menu of its other actions.
  const row = page.getByRole('row', { name: /氯化钠/ });
  await rowMenu(row, '历史');
  await page.locator('.ant-drawer').getByText(/借/).first().waitFor();
  await expectChineseOnly(page, 'history drawer');
  await page.getByTestId('history-drawer').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('history-drawer')).toBeHidden();
  // The row's other actions.
  await row.getByTestId('row-more').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem').first().waitFor();
  await expectChineseOnly(page, 'row action menu');
  await page.keyboard.press('Escape');
  // The bulk import wizard's first step.
  await page.getByRole('button', { name: '导入…' }).click();
  await page.getByRole('dialog').waitFor();
  await expectChineseOnly(page, 'import wizard');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The form's own refusals (required name) and its labels.
  await page.getByRole('button', { name: /新\s*建|添\s*加|新增/ }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: /保\s*存/ }).click();
  await page.getByRole('dialog').locator('.ant-form-item-explain-error').first().waitFor();
  await expectChineseOnly(page, 'inventory form with errors');
  await page.keyboard.press('Escape');

  await open(page, app.url, '/reagent-orders', '硫酸');
  await expectChineseOnly(page, 'reagent orders');
  await open(page, app.url, '/consumable-orders', '手套');
  await expectChineseOnly(page, 'consumable orders');
  await open(page, app.url, '/cart-import', '扩展');
  await expectChineseOnly(page, 'cart import without a batch');
  // The review screen of a cart batch handed over as the extension does (one item with a CAS, one
  // without, one with a CAS whose check digit fails).
  const item = (n: number, name: string, cas: string) => ({
    item_id: `item-${n}`, supplier: 'fixture', name, english_name: '', specification: '500mL', brand: '化试通', cas_number: cas,
    product_id: `FX-${n}`, detail_url: '', quantity: 1, unit_price: 10, hazardous: false,
    suggested_order_type: cas ? 'reagent' : 'pending', order_type: cas ? 'reagent' : 'pending',
    classification_reason: cas ? 'valid_cas' : 'no_cas', detail_fetch_status: 'basic_only',
  });
  const cart = { batch_id: '20261124a1b2c3d4', created_at: new Date().toISOString(), items: [item(1, '无水乙醇', '64-17-5'), item(2, '移液器吸头', ''), item(3, '丙酮', '67-64-2')] };
  await new ApiSession(app.url).req('POST', '/cart-import/handoff', { expected_batch_id: cart.batch_id, batch: cart });
  await open(page, app.url, '/cart-import?batch_id=20261124a1b2c3d4', '移液器吸头');
  await expectChineseOnly(page, 'cart import review');
  await open(page, app.url, '/audit', '二氯甲烷');
  await expectChineseOnly(page, 'audit log');
  // The period filter's calendar names months and weekdays in Chinese.
  await page.getByPlaceholder('开始日期').click();
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor();
  await expectChineseOnly(page, 'audit period calendar');
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-content th').first()).toHaveText('一');
  await page.keyboard.press('Escape');
  await open(page, app.url, '/locations', '化学楼');
  await expectChineseOnly(page, 'locations');
  // A stocktake of the building: the list, its page with the scan box, and the close review.
  const building = (await admin.req<Array<{ id: number; path: string }>>('GET', '/api/locations')).find((l) => l.path === '化学楼')!;
  const st = await admin.req<{ id: number }>('POST', '/api/stocktakes', { location_id: building.id, note: '年度盘点' });
  await open(page, app.url, '/stocktakes', '化学楼');
  await expectChineseOnly(page, 'stocktakes');
  await open(page, app.url, `/stocktakes/${st.id}`, '已见 0 / 1');
  await expectChineseOnly(page, 'stocktake page');
  await page.getByTestId('stocktake-close').click();
  await page.getByTestId('review-missing').waitFor();
  await expectChineseOnly(page, 'stocktake close review');
  await page.keyboard.press('Escape');
  await open(page, app.url, '/controlled', '易制毒');
  await page.getByTestId('controlled-category-precursor').click();
  await page.getByTestId('controlled-entries').getByText('67-64-1').waitFor();
  await expectChineseOnly(page, 'controlled lists');
  await open(page, app.url, '/users', 'alice');
  await expectChineseOnly(page, 'users');
  await open(page, app.url, '/settings', '数据目录');
  await expectChineseOnly(page, 'settings');
});
