// History and audit log in the Chinese UI (real server, real Chromium; the lab's time zone set to
// China Standard Time, the browser in Berlin): the history drawer speaks words and local time; an admin deletes an item and finds its
// whole history on the audit log screen through the filters; members do not see that screen.
import type { Page } from '@playwright/test';
import { ADMIN, ApiSession, MEMBER, rowMenu, seedUsers, test, expect, type RunningApp } from './fixtures';

test.use({ locale: 'zh-CN', timezoneId: 'Europe/Berlin' });

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** antd spaces out a two-character Chinese button label (登 录); match it either way. */
const zhButton = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

/** `2026-11-23 18:36` in the lab's time zone, from a stored ISO time. */
function labTime(iso: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

async function loginZh(page: Page, app: RunningApp, user: { username: string; password: string }) {
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(user.username);
  await page.getByLabel('密码').fill(user.password);
  await page.getByRole('button', { name: zhButton('登录') }).click();
  await page.getByTestId('user-menu').waitFor();
  // login opens the home screen; these tests start on the inventory
  await page.goto(app.url + '/#/inventory');
}

/** Seeds 丙酮 (borrowed by the member) and 乙醇; returns 丙酮's id and history. */
async function seedBorrowed(app: RunningApp): Promise<{ admin: ApiSession; id: number }> {
  const admin = await seedUsers(app);
  await admin.req('PUT', '/api/settings', { timeZone: 'Asia/Shanghai' });
  const item = await admin.req<{ id: number }>('POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 3, unit: '瓶', storage_location: 'B105' });
  await admin.req('POST', '/api/inventory', { name: '乙醇', quantity: 1, unit: '瓶' });
  const member = new ApiSession(app.url);
  await member.login(MEMBER.username, MEMBER.password);
  await member.req('POST', `/api/inventory/${item.id}/borrow`, {});
  return { admin, id: item.id };
}

test('history drawer in zh-CN: statuses and people in words, times in local time', async ({ page, app }) => {
  const { admin, id } = await seedBorrowed(app);
  const history = await admin.req<Array<{ at: string; action: string }>>('GET', `/api/records/history?entity_type=inventory_item&id=${id}`);
  await loginZh(page, app, MEMBER);
  await expect(page.getByRole('menuitem', { name: '审计日志' })).toHaveCount(0);
  await rowMenu(page.getByRole('row', { name: /丙酮/ }), '历史');
  const drawer = page.getByTestId('history-drawer');
  await expect(drawer.getByTestId('history-entry')).toHaveCount(2);
  await expect(drawer).toContainText('状态：在库 → 借出');
  await expect(drawer).toContainText(`借用人：— → ${MEMBER.displayName}`);
  await expect(drawer).toContainText(labTime(history.find((e) => e.action === 'borrow')!.at));
  const text = await drawer.innerText();
  expect(text).not.toMatch(ISO);
  expect(text).not.toMatch(/in_stock|borrowed|true|false/);
});

test('admin deletes an item and finds its history on the audit log screen', async ({ page, app }) => {
  const { admin, id } = await seedBorrowed(app);
  await loginZh(page, app, ADMIN);
  // Delete is in the row's ⋯ menu.
  await page.getByRole('row', { name: /丙酮/ }).getByTestId('row-more').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '删除' }).click();
  await expect(page.getByRole('dialog')).toContainText(`删除 丙酮 #${id}？`);
  await page.getByRole('dialog').getByRole('button', { name: zhButton('删除') }).click();
  await expect(page.getByRole('row', { name: /丙酮/ })).toHaveCount(0);

  await page.getByRole('menuitem', { name: '审计日志' }).click();
  const table = page.getByTestId('audit-table');
  const pick = async (label: string, option: string) => {
    await page.getByLabel(label, { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: option }).click();
  };
  await pick('记录类型', '库存条目');
  await pick('操作', '删除');
  await page.getByRole('button', { name: zhButton('筛选') }).click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(table).toContainText(`#${id} 丙酮`);
  await expect(table).toContainText('状态：借出 → —');

  // The whole history of the deleted record by its id, newest first.
  await page.getByRole('button', { name: zhButton('清除筛选') }).click();
  await page.getByLabel('记录编号', { exact: true }).fill(String(id));
  await pick('记录类型', '库存条目');
  await page.getByRole('button', { name: zhButton('筛选') }).click();
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('删除');
  await expect(rows.nth(1)).toContainText('借用');
  await expect(rows.nth(1)).toContainText('状态：在库 → 借出');
  await expect(rows.nth(1)).toContainText(MEMBER.displayName);
  await expect(rows.nth(2)).toContainText('创建');
  await expect(rows.nth(2)).toContainText('名称：— → 丙酮');
  const text = await table.innerText();
  expect(text).not.toMatch(ISO);
  expect(text).not.toMatch(/inventory_item|in_stock|borrowed/);

  // The period is whole days of the lab's calendar: the entries' days hold all three, the day before none.
  const { entries } = await admin.req<{ entries: Array<{ at: string }> }>('GET', `/api/audit?record=${id}&kind=inventory_item`);
  const first = labTime(entries.at(-1)!.at).slice(0, 10);
  const last = labTime(entries[0]!.at).slice(0, 10);
  const dayBefore = labTime(new Date(Date.parse(entries.at(-1)!.at) - 86_400_000).toISOString()).slice(0, 10);
  const period = async (from: string, to: string) => {
    await page.getByPlaceholder('开始日期').click();
    await page.getByPlaceholder('开始日期').fill(from);
    await page.getByPlaceholder('开始日期').press('Enter');
    await page.getByPlaceholder('结束日期').fill(to);
    await page.getByPlaceholder('结束日期').press('Enter');
    await page.getByRole('button', { name: zhButton('筛选') }).click();
  };
  await period(first, last);
  await expect(rows).toHaveCount(3);
  await period(dayBefore, dayBefore);
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(0);
});
