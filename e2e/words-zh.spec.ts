// Words a lab manager reads in Chinese (issue 28 §2): a confirmation names its record and its
// button says what it does; the reject dialog's button says 驳回; a borrowed item's status reads
// "借出：张三"; the change history gives amounts with their unit; labels end in "："; the settings
// explain the files and the background work in plain words; backups read in local time.
import type { Page } from '@playwright/test';
import { ADMIN, MEMBER, loginViaUiZh, rowMenu, seedUsers, test, expect, type ApiSession } from './fixtures';

const ZHANG = { username: 'zhangsan', password: 'zhangsan-pass-1', displayName: '张三', role: 'member' as const };
/** antd spaces a two-character Chinese button ("删 除"). */
const zhButton = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

async function as(admin: ApiSession, user: { username: string; password: string }): Promise<ApiSession> {
  const s = new (admin.constructor as new (url: string) => ApiSession)(admin.baseUrl);
  await s.login(user.username, user.password);
  return s;
}

async function seed(admin: ApiSession): Promise<{ copper: number; ethanol: number; order: number }> {
  await admin.req('POST', '/api/users', ZHANG);
  const make = async (body: Record<string, unknown>) => (await admin.req<{ id: number }>('POST', '/api/inventory', body)).id;
  const copper = await make({ name: '硫酸铜(五水)', cas_number: '7758-99-8', quantity: 250, unit: 'g' });
  const ethanol = await make({ name: '无水乙醇', cas_number: '64-17-5', quantity: 500, unit: 'mL' });
  const acetone = await make({ name: '丙酮', cas_number: '67-64-1', quantity: 500, unit: 'mL' });
  await admin.req('POST', `/api/inventory/${ethanol}/use`, { amount: 20, unit: 'mL' });
  await (await as(admin, ZHANG)).req('POST', `/api/inventory/${acetone}/borrow`, {});
  const member = await as(admin, MEMBER);
  const order = (await member.req<{ id: number }>('POST', '/api/reagent-orders', { name: '甲醇', cas_number: '67-56-1', quantity: 2 })).id;
  return { copper, ethanol, order };
}

/** What CSS draws after a form label (antd draws ":"). */
const labelColon = (page: Page) => page.locator('.ant-form-item-label > label').first().evaluate((el) => getComputedStyle(el, '::after').content);

test('confirmations, buttons, statuses and history read as a Chinese lab manager reads them', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const { copper, order } = await seed(admin);
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginViaUiZh(page, app, ADMIN);

  // Borrowed: who has it, in the status.
  await expect(page.getByRole('row', { name: /丙酮/ }).locator('.cell-tag')).toHaveText('借出：张三');

  // The history of a use: amounts with their unit.
  await rowMenu(page.getByRole('row', { name: /无水乙醇/ }), '历史');
  const drawer = page.getByTestId('history-drawer');
  await expect(drawer).toContainText('数量：500 mL → 480 mL');
  await expect(drawer).toContainText('单位：— → mL');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Delete names the record; the button says 删除, and cancelling leaves it.
  const row = page.getByRole('row', { name: /硫酸铜/ });
  await rowMenu(row, '删除');
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`删除 硫酸铜(五水) #${copper}？`);
  await expect(confirm).toContainText('其历史仍保留在审计日志中。');
  await expect(confirm.getByRole('button')).toHaveText([/^取\s?消$/, /^删\s?除$/]);
  await confirm.getByRole('button', { name: zhButton('取消') }).click();
  await expect(row).toBeVisible();
  await rowMenu(row, '删除');
  await confirm.getByRole('button', { name: zhButton('删除') }).click();
  await expect(row).toHaveCount(0);

  // The reject dialog names the order and its button says 驳回.
  await page.getByRole('menuitem', { name: '试剂订单' }).click();
  const orderRow = page.getByRole('row', { name: /甲醇/ });
  await rowMenu(orderRow, '驳回');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`驳回 甲醇 #${order}`);
  await expect(dialog.getByRole('button', { name: zhButton('保存') })).toHaveCount(0);
  await dialog.getByLabel('驳回原因').fill('重复申请');
  await dialog.getByRole('button', { name: zhButton('驳回') }).click();
  await expect(orderRow.getByTestId('reject-reason')).toHaveText('重复申请');

  // The audit log: its filter labels end in "：", its changes too, amounts with their unit.
  await page.getByRole('menuitem', { name: '审计日志' }).click();
  const table = page.getByTestId('audit-table');
  await expect(table).toContainText('数量：500 mL → 480 mL');
  await expect(table).toContainText('驳回原因：— → 重复申请');
  expect(await labelColon(page)).toBe('"："');
});

test('the settings explain the files and the background work; backups read in local time', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/data/backups', {});
  const status = () => admin.req<{ backups: Array<{ name: string }> }>('GET', '/api/data/status');
  await expect.poll(async () => (await status()).backups.length, { timeout: 30_000 }).toBe(1);
  const name = (await status()).backups[0]!.name;
  // On disk the name carries its UTC time; shown, the computer's local time.
  const stamp = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name)!;
  const at = new Date(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}.${stamp[5]}Z`);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;

  await page.setViewportSize({ width: 1366, height: 768 });
  await loginViaUiZh(page, app, ADMIN, '/settings');
  const panel = page.getByTestId('data-panel');
  await expect(panel.getByTestId('data-sizes')).toContainText('实验室数据（库存、订单、用户和审计记录，文件 lab.db）：');
  await expect(panel.getByTestId('data-sizes')).toContainText('搜索提示（需要时应用会自动重建，文件 completion.db）：');
  const listed = panel.getByTestId('backup-list').locator('tbody tr.ant-table-row').first().locator('td').first();
  await expect(listed).toHaveText(name.replace(stamp[0], local));
  await expect(listed.locator('span')).toHaveAttribute('title', name);
  await expect(panel.getByTestId('last-backup')).toContainText(local);
  await expect(panel.getByTestId('last-backup')).not.toContainText(stamp[0]);

  // The about card: each technical item says what it is for.
  await expect(page.getByText('扩展接口版本')).toBeVisible();
  await expect(page.getByText('浏览器扩展据此确认连接的是本应用，无需设置。')).toBeVisible();
  await expect(page.getByText('搜索提示维护')).toBeVisible();
  await expect(page.getByText(/在后台更新搜索框的自动补全提示。/)).toBeVisible();
  await expect(page.getByText('后台维护进程')).toHaveCount(0);
  await expect(page.getByText('接口版本', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('settings-zh.png'), fullPage: true });
});

test('cancelling a stocktake: the question names it, the buttons say 继续盘点 and 取消盘点', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const room = await admin.req<{ id: number }>('POST', '/api/locations', { name: '301室' });
  const st = await admin.req<{ id: number }>('POST', '/api/stocktakes', { location_id: room.id });
  await loginViaUiZh(page, app, ADMIN, `/stocktakes/${st.id}`);
  await page.getByTestId('stocktake-cancel').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(`取消盘点 #${st.id}（301室）？`);
  await expect(confirm.getByRole('button')).toHaveText(['继续盘点', '取消盘点']);
  await confirm.getByRole('button', { name: '继续盘点' }).click();
  await expect(page.getByTestId('stocktake-status')).toHaveText('进行中');
  await page.getByTestId('stocktake-cancel').click();
  await confirm.getByRole('button', { name: '取消盘点' }).click();
  await expect(page.getByTestId('stocktake-status')).toHaveText('已取消');
});
