// What matters at 1366 × 768 (issue 28 §2), in zh-CN as a lab manager works: the inventory with the
// location tree open, both order lists, a stocktake and the audit log each show the columns that
// matter inside the window, with no sideways scrolling and no typical value cut to "…"; a long
// location shows its last two levels with the whole path on hover; the other columns are shown,
// hidden and reordered per user and remembered. Each screen's layout is kept as a screenshot.
import type { Page } from '@playwright/test';
import { ADMIN, MEMBER, loginViaUiZh, seedUsers, test, expect, type ApiSession } from './fixtures';

const LAPTOP = { width: 1366, height: 768 };
const ZHANG = { username: 'zhangsan', password: 'zhangsan-pass-1', displayName: '张三', role: 'member' as const };

/** A lab as it is: a building with rooms and cabinets, typical items, one controlled, one borrowed, orders in every state. */
async function seedLab(admin: ApiSession, member: ApiSession): Promise<void> {
  const node = async (name: string, parent_id?: number) => (await admin.req<{ id: number }>('POST', '/api/locations', { name, ...(parent_id ? { parent_id } : {}) })).id;
  const building = await node('化学楼');
  const room = await node('301室', building);
  const shelf = await node('第2层', await node('试剂柜A', room));
  const safe = await node('防爆柜', room);
  const fridge = await node('冰箱4℃', await node('302室', building));
  await admin.req('POST', '/api/controlled-lists/1/entries', { cas: '143-33-9' });
  const items: Array<[string, string, number, string, number, string?, Record<string, unknown>?]> = [
    ['无水乙醇', '64-17-5', 2500, 'mL', shelf, '2031-06-30', { container_size: 500, container_label: '瓶' }],
    ['丙酮', '67-64-1', 500, 'mL', shelf, '2031-12-31'],
    ['二氯甲烷', '75-09-2', 1000, 'mL', safe, '2032-03-01'],
    ['硫酸铜(五水)', '7758-99-8', 250, 'g', shelf, '2033-01-15'],
    ['氰化钠', '143-33-9', 100, 'g', safe],
    ['三(羟甲基)氨基甲烷', '77-86-1', 1, 'kg', fridge, '2031-09-30'],
    ['牛血清白蛋白', '9048-46-8', 50, 'g', fridge, '2030-08-31'],
    ['乙二胺四乙酸二钠', '6381-92-6', 250, 'g', shelf],
    ['四氢呋喃', '109-99-9', 500, 'mL', safe, '2025-01-31'],
  ];
  for (const [name, cas_number, quantity, unit, location_id, expiry_date, extra] of items) {
    await admin.req('POST', '/api/inventory', { name, cas_number, quantity, unit, location_id, ...(expiry_date ? { expiry_date } : {}), ...extra });
  }
  // Borrowed by someone with a name as Chinese labs have them (the fixtures' member is "张三 Alice").
  await admin.req('POST', '/api/users', ZHANG);
  const zhang = new (admin.constructor as new (url: string) => ApiSession)(admin.baseUrl);
  await zhang.login(ZHANG.username, ZHANG.password);
  await zhang.req('POST', '/api/inventory/2/borrow', {});

  const reagent = async (body: Record<string, unknown>) => (await member.req<{ id: number }>('POST', '/api/reagent-orders', body)).id;
  await reagent({ name: '甲醇', cas_number: '67-56-1', quantity: 2, unit_price: 45 });
  await admin.req('POST', `/api/reagent-orders/${await reagent({ name: '乙腈', cas_number: '75-05-8', quantity: 4, unit_price: 120 })}/approve`, {});
  await admin.req('POST', `/api/reagent-orders/${await reagent({ name: '二甲基亚砜', cas_number: '67-68-5', quantity: 1, unit_price: 260 })}/reject`, { reason: '重复申请，库里还有两瓶' });
  const consumable = async (body: Record<string, unknown>) => (await member.req<{ id: number }>('POST', '/api/consumable-orders', body)).id;
  await consumable({ name: '移液器吸头 200μL', specification: '盒装 96支', quantity: 10, unit_price: 28 });
  await admin.req('POST', `/api/consumable-orders/${await consumable({ name: '丁腈手套 M', specification: '100只/盒', quantity: 5, unit_price: 35 })}/reject`, { reason: '本月预算已用完' });
  await admin.req('POST', '/api/stocktakes', { location_id: room });
}

async function open(page: Page, path: string, table: string): Promise<void> {
  await page.goto(page.url().replace(/#.*$/, `#${path}`));
  await expect(page.getByTestId(table).locator('tbody tr.ant-table-row').first()).toBeVisible();
}

/**
 * For each named header: where its header and body cells sit and whether any of their texts is cut
 * (an element narrower than its content, the "…" of an ellipsis cell); and whether the table or
 * the page scrolls sideways.
 */
function layoutOf(page: Page, table: string, headers: string[]) {
  return page.getByTestId(table).evaluate((root, names) => {
    const ths = [...root.querySelectorAll('thead tr:last-child th')];
    const cut = (el: Element) => [el, ...el.querySelectorAll('*')].some((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1);
    const inside = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.left >= 0 && r.right <= window.innerWidth + 0.5;
    };
    const columns = names.map((name) => {
      const i = ths.findIndex((th) => th.textContent!.trim() === name);
      const cells = [...root.querySelectorAll('tbody tr')].filter((tr) => tr.children.length > i && !tr.classList.contains('ant-table-measure-row') && !tr.classList.contains('ant-table-placeholder')).map((tr) => tr.children[i]!);
      const bad = cells.filter((td) => !inside(td) || cut(td)).map((td) => td.textContent!.trim());
      return { name, found: i >= 0 && cells.length > 0, headerInside: i >= 0 && inside(ths[i]!), bad };
    });
    const scrollers = [...root.querySelectorAll('.ant-table-content, .ant-table-body')].filter((e) => e.scrollWidth > e.clientWidth + 1).length;
    return { columns, sideways: scrollers > 0 || document.documentElement.scrollWidth > window.innerWidth };
  }, headers);
}

async function expectColumnsFit(page: Page, table: string, headers: string[]): Promise<void> {
  const { columns, sideways } = await layoutOf(page, table, headers);
  for (const c of columns) expect(c, `column ${c.name}`).toEqual({ name: c.name, found: true, headerInside: true, bad: [] });
  expect(sideways, 'scrolls sideways').toBe(false);
}

async function signIn(page: Page, app: Parameters<typeof seedUsers>[0]): Promise<void> {
  const admin = await seedUsers(app);
  const member = new (admin.constructor as new (url: string) => ApiSession)(app.url);
  await member.login(MEMBER.username, MEMBER.password);
  await seedLab(admin, member);
  await page.setViewportSize(LAPTOP);
  await loginViaUiZh(page, app, ADMIN);
}

test('inventory at 1366 × 768 with the location tree open: name, CAS, amount, location, expiry, status and the controlled tag in full', async ({ page, app }) => {
  await signIn(page, app);
  const rows = page.getByTestId('records-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(9);
  await expect(page.getByTestId('location-tree')).toContainText('冰箱4℃');
  await expectColumnsFit(page, 'records-table', ['名称', 'CAS号', '数量', '存放位置', '有效期', '状态']);
  await expect(page.getByRole('row', { name: /氰化钠/ }).getByTestId('controlled-tag')).toBeVisible();
  await expect(page.getByRole('row', { name: /无水乙醇/ })).toContainText('2500 mL 5 瓶');
  // The last two levels of the path; the whole path on hover.
  const place = page.getByRole('row', { name: /硫酸铜/ }).getByTestId('location-cell');
  await expect(place).toHaveText('试剂柜A › 第2层');
  await place.hover();
  await expect(page.getByRole('tooltip')).toHaveText('化学楼 › 301室 › 试剂柜A › 第2层');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
  await expect(page).toHaveScreenshot('inventory-tree-1366x768-zh-CN.png', { animations: 'disabled', caret: 'hide' });
});

test('the other columns are a tick away, in the order the user chose, remembered per user', async ({ page, app }) => {
  await signIn(page, app);
  const headers = () => page.getByTestId('records-table').locator('thead th .ant-table-column-title').allTextContents();
  await expect.poll(headers).toEqual(['名称', 'CAS号', '数量', '存放位置', '有效期', '状态']);
  // (antd measures column widths with a hidden copy of the titles: the header's button is the one to press)
  await page.locator('thead').getByTestId('column-settings-button').click();
  const panel = page.getByTestId('column-settings');
  await expect(panel.getByRole('checkbox', { name: '名称' })).toBeDisabled();
  await panel.getByRole('checkbox', { name: '品牌' }).check();
  await panel.getByRole('button', { name: '品牌上移' }).click();
  await panel.getByRole('button', { name: '存放位置上移' }).click();
  await panel.getByRole('checkbox', { name: '有效期' }).uncheck();
  await expect.poll(headers).toEqual(['名称', 'CAS号', '存放位置', '数量', '品牌', '状态']);
  await page.reload();
  await expect.poll(headers).toEqual(['名称', 'CAS号', '存放位置', '数量', '品牌', '状态']);

  // Another person at the same computer keeps the defaults.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '切换账号' }).click();
  await page.getByLabel('用户名').fill(MEMBER.username);
  await page.getByLabel('密码').fill(MEMBER.password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.getByTestId('user-menu').waitFor();
  await open(page, '/inventory', 'records-table');
  await expect.poll(headers).toEqual(['名称', 'CAS号', '数量', '存放位置', '有效期', '状态']);
});

test('reagent and consumable orders at 1366 × 768: name, applicant, date and the status with its rejection reason in full', async ({ page, app }) => {
  await signIn(page, app);
  for (const [path, shot, name] of [['/reagent-orders', 'reagent-orders', '二甲基亚砜'], ['/consumable-orders', 'consumable-orders', '丁腈手套']] as const) {
    await open(page, path, 'records-table');
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByTestId('reject-reason')).toBeVisible();
    await expectColumnsFit(page, 'records-table', ['名称', '申请人', '创建时间', '状态']);
    // The order dates are today's: masked, the layout stays.
    await expect(page).toHaveScreenshot(`${shot}-1366x768-zh-CN.png`, { animations: 'disabled', caret: 'hide', mask: [page.getByTestId('records-table').locator('tbody td').filter({ hasText: /^\d{4}-\d{2}-\d{2}$/ })] });
  }
});

test('a stocktake and the audit log at 1366 × 768: every column inside the window, nothing cut', async ({ page, app }) => {
  await signIn(page, app);
  await open(page, '/stocktakes', 'stocktake-list');
  await expectColumnsFit(page, 'stocktake-list', ['编号', '状态', '位置', '已见/应有', '发现', '开始', '结束']);
  await page.getByTestId('stocktake-list').locator('tbody tr').first().click();
  await expect(page.getByTestId('stocktake-lines').locator('tbody tr.ant-table-row')).toHaveCount(7);
  await expectColumnsFit(page, 'stocktake-lines', ['已见', '物品', 'CAS 号', '登记位置', '应有', '实盘', '盘点人']);
  await expect(page.getByTestId('stocktake-lines').getByRole('row', { name: /硫酸铜/ }).getByTestId('location-cell')).toHaveText('试剂柜A › 第2层');
  await expect(page).toHaveScreenshot('stocktake-1366x768-zh-CN.png', { animations: 'disabled', caret: 'hide', mask: [page.getByTestId('stocktake-facts')] });

  await open(page, '/audit', 'audit-table');
  await expectColumnsFit(page, 'audit-table', ['时间', '操作人', '记录类型', '记录', '操作', '变更内容']);
  await expect(page).toHaveScreenshot('audit-1366x768-zh-CN.png', { animations: 'disabled', caret: 'hide', mask: [page.getByTestId('audit-table').locator('tbody td:first-child')] });
});
