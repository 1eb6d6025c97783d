// The home screen in browser mode (real server, real Chromium): after login it shows the alert
// counts, a count opens the filtered list, the charts draw with data (screenshot attached to the
// report), the admin's pending-approval badge follows a member's new order from another window
// live, a rejected order shows its reason in the list; and once in Simplified Chinese.
import type { Page } from '@playwright/test';
import { ADMIN, ApiSession, MEMBER, loginViaUi, seedUsers, test, expect, type RunningApp } from './fixtures';

/** The local calendar day `days` from today (the server runs on this machine, in its zone). */
function localDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** One expired, one expiring, one chemical below its minimum (300 g + 500 000 mg < 1 kg), a stocked-in priced order, a completed consumable order, one pending order. */
async function seed(app: RunningApp): Promise<{ admin: ApiSession; member: ApiSession }> {
  const admin = await seedUsers(app);
  const member = new ApiSession(app.url);
  await member.login(MEMBER.username, MEMBER.password);
  await member.req('POST', '/api/inventory', { name: '过期乙醚', quantity: 500, unit: 'mL', expiry_date: localDay(-1), ghs: ['GHS02', 'GHS07'] });
  await member.req('POST', '/api/inventory', { name: '快到期丙酮', quantity: 1, unit: 'L', expiry_date: localDay(5), ghs: ['GHS02'] });
  await member.req('POST', '/api/inventory', { name: '氯化钠', cas_number: '7647-14-5', specification: 'AR', quantity: 300, unit: 'g' });
  await member.req('POST', '/api/inventory', { name: '氯化钠', cas_number: '7647-14-5', specification: 'AR', quantity: 500000, unit: 'mg' });
  await member.req('POST', '/api/inventory', { name: '氯化钠', cas_number: '7647-14-5', specification: 'AR', quantity: 0, unit: 'kg', min_stock: 1, ghs: ['GHS07'] });
  const order = await member.req<{ id: number }>('POST', '/api/reagent-orders', { name: '甲醇', category: '有机溶剂', quantity: 3, unit_price: 45.5 });
  await admin.req('POST', `/api/reagent-orders/${order.id}/approve`, {});
  await admin.req('POST', `/api/reagent-orders/${order.id}/arrive`, {});
  await admin.req('POST', '/api/locations', { name: 'A101' });
  await admin.req('POST', `/api/reagent-orders/${order.id}/stock-in`, { storage_location: 'A101' });
  const tips = await member.req<{ id: number }>('POST', '/api/consumable-orders', { name: '吸头', quantity: 10, unit_price: 12.8 });
  await admin.req('POST', `/api/consumable-orders/${tips.id}/approve`, {});
  await admin.req('POST', `/api/consumable-orders/${tips.id}/complete`, {});
  await member.req('POST', '/api/reagent-orders', { name: '乙腈', quantity: 1 });
  return { admin, member };
}

const count = (page: Page, id: string) => page.getByTestId(`alert-count-${id}`);

test('after login the home screen shows the counts and charts; a count opens the filtered list; the badge follows a new order live', async ({ page, app, browser }, testInfo) => {
  const { admin } = await seed(app);
  await loginViaUi(page, app, ADMIN, null);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page).toHaveURL(/#\/home$/);
  await expect(count(page, 'expired')).toHaveText('1');
  await expect(count(page, 'expiring')).toHaveText('1');
  await expect(count(page, 'below_min')).toHaveText('1');
  await expect(count(page, 'overdue')).toHaveText('0');
  await expect(count(page, 'orders')).toHaveText('1');
  await expect(page.getByTestId('alert-expired')).toContainText('过期乙醚');
  await expect(page.getByTestId('alert-expiring')).toContainText('Expiring within 30 days');
  await expect(page.getByTestId('alert-below_min')).toContainText('0.8 of 1 kg');
  await expect(page.getByTestId('alert-orders')).toContainText('乙腈');

  // The charts draw on a canvas once there is data; most used has none yet (no uses recorded).
  await expect(page.getByTestId('chart-spending').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-pictograms').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-most-used-card')).toContainText('No data yet.');
  const drawn = await page.getByTestId('chart-spending').locator('canvas').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let coloured = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && !(data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240)) coloured++;
    return coloured;
  });
  expect(drawn).toBeGreaterThan(500);
  await testInfo.attach('home screen (en)', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  // The count opens the inventory filtered to what it counts; closing the filter shows everything.
  await count(page, 'expired').click();
  await expect(page).toHaveURL(/#\/inventory\?alert=expired$/);
  await expect(page.getByTestId('alert-filter')).toHaveText('Alert: expired');
  await expect(page.getByTestId('list-total')).toContainText('1');
  await expect(page.getByTestId('records-table')).toContainText('过期乙醚');
  await page.getByTestId('alert-filter').locator('.ant-tag-close-icon').click();
  await expect(page.getByTestId('list-total')).toContainText('6'); // five made here, one from the stock-in
  await page.getByRole('menuitem', { name: 'Home' }).click();
  await page.getByTestId('pending-reagent').click();
  await expect(page).toHaveURL(/#\/reagent-orders\?status=pending_approval$/);
  await expect(page.getByTestId('list-total')).toContainText('1');
  await expect(page.getByTestId('records-table')).toContainText('乙腈');

  // The badge: one reagent order waits; a member's new consumable order in another window shows up without a reload.
  await expect(page.getByTestId('pending-badge-reagent')).toHaveText('1');
  await expect(page.getByTestId('pending-badge-consumable')).toHaveCount(0);
  const context = await browser.newContext();
  const member = await context.newPage();
  await loginViaUi(member, app, MEMBER, '/consumable-orders');
  await member.getByRole('button', { name: 'New order' }).click();
  const form = member.getByTestId('record-form');
  await form.getByLabel('Name', { exact: true }).fill('丁腈手套');
  await form.getByLabel('Quantity').fill('5');
  await member.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(member.getByTestId('records-table')).toContainText('丁腈手套');
  await expect(page.getByTestId('pending-badge-consumable')).toHaveText('1');

  // A rejected order shows its reason in the member's list and on the member's home screen.
  const pending = await admin.req<{ rows: Array<{ id: number; name: string }> }>('GET', '/api/reagent-orders/?status=pending_approval');
  await admin.req('POST', `/api/reagent-orders/${pending.rows[0]!.id}/reject`, { reason: '本月预算已用完' });
  await expect(page.getByTestId('pending-badge-reagent')).toHaveCount(0);
  await member.getByRole('menuitem', { name: 'Reagent orders', exact: true }).click();
  await expect(member.getByRole('row', { name: /乙腈/ }).getByTestId('reject-reason')).toHaveText('本月预算已用完');
  await member.getByRole('menuitem', { name: 'Home' }).click();
  await expect(member.getByTestId('alert-orders')).toContainText('Rejected: 本月预算已用完');
  await context.close();
});

test('in Simplified Chinese: the home screen, its charts and a filtered list', async ({ page, app }, testInfo) => {
  await seed(app);
  await page.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByRole('heading', { name: '首页' })).toBeVisible();
  await expect(page.getByTestId('alert-expiring')).toContainText('30 天内到期');
  await expect(page.getByTestId('alert-below_min')).toContainText('现有 0.8 / 最低 1 kg');
  await expect(page.getByTestId('alert-orders')).toContainText('待审批的申请');
  await expect(page.getByTestId('chart-spending').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('chart-most-used-card')).toContainText('暂无数据。');
  await testInfo.attach('home screen (zh-CN)', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await count(page, 'below_min').click();
  await expect(page.getByTestId('alert-filter')).toHaveText('提醒：低于最低库存');
  await expect(page.getByTestId('list-total')).toContainText('3');

  // Settings → 提醒: 3 days ahead; the home screen counts with it (the item expiring in 5 days drops out).
  await page.getByRole('menuitem', { name: '设置' }).click();
  const settings = page.getByTestId('alert-settings');
  await settings.getByLabel('提前多少天提醒到期').fill('3');
  await settings.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('已保存：3 天内到期时提醒。')).toBeVisible();
  await page.getByRole('menuitem', { name: '首页' }).click();
  await expect(page.getByTestId('alert-expiring')).toContainText('3 天内到期');
  await expect(count(page, 'expiring')).toHaveText('0');
});

test('in Simplified Chinese: a batch is one line with its locations, an empty bottle is not expired, most used one dimension at a time', async ({ page, app }, testInfo) => {
  const admin = await seedUsers(app);
  const lot = { name: '乙醚', specification: '500 mL', lot_number: 'L2301', quantity: 500, unit: 'mL', expiry_date: localDay(-3) };
  for (const where of ['危化品柜 1层', '危化品柜 1层', '冷库']) await admin.req('POST', '/api/inventory', { ...lot, storage_location: where });
  await admin.req('POST', '/api/inventory', { name: '空瓶丙酮', quantity: 0, unit: 'mL', expiry_date: localDay(-3) });
  const salt = await admin.req<{ id: number }>('POST', '/api/inventory', { name: '氯化钠', cas_number: '7647-14-5', quantity: 500, unit: 'g' });
  const acetone = await admin.req<{ id: number }>('POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 2500, unit: 'mL' });
  await admin.req('POST', `/api/inventory/${salt.id}/use`, { amount: 3.2, unit: 'g' });
  await admin.req('POST', `/api/inventory/${acetone.id}/use`, { amount: 62.5, unit: 'mL' });
  await admin.req('POST', `/api/inventory/${acetone.id}/use`, { amount: 1, unit: 'L' });

  await page.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page.getByRole('heading', { name: '首页' })).toBeVisible();
  // Three bottles of one lot: counted three times, named once with where they are; the empty bottle not at all.
  await expect(count(page, 'expired')).toHaveText('3');
  const expired = page.getByTestId('alert-expired');
  await expect(expired.locator('.ant-list-item')).toHaveCount(1);
  await expect(expired).toContainText('乙醚 500 mL 批号 L2301 ×3 · ');
  await expect(expired).toContainText('危化品柜 1层');
  await expect(expired).toContainText('冷库');
  await expect(expired).not.toContainText('空瓶丙酮');

  // Most used: mass first (g on its axis), volume on its own after the toggle (in mL, never beside g).
  const card = page.getByTestId('chart-most-used-card');
  const toggle = card.getByTestId('most-used-dimension');
  await expect(toggle).toContainText('质量');
  await expect(toggle).toContainText('体积');
  await expect(card.getByTestId('chart-most-used').locator('canvas')).toBeVisible();
  await expect(toggle.locator('.ant-segmented-item-selected')).toHaveText('质量');
  await toggle.getByText('体积').click();
  await expect(toggle.locator('.ant-segmented-item-selected')).toHaveText('体积');
  await expect(card.getByTestId('chart-most-used').locator('canvas')).toBeVisible();
  await testInfo.attach('home screen batches and most used (zh-CN)', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});
