// The notification centre in Chromium: a member (Chinese UI) watches the bell in the header while
// an administrator, in another browser context, approves, marks arrived and stocks in her order;
// the count rises live, the panel lists the steps newest first with the unread ones marked, and
// the stocked-in notification opens the new inventory item. In English: the administrator is told
// of a new request and opens the order from it; a kind the member turned off in Settings is not
// shown to her, the others still are.
import type { Browser, Page } from '@playwright/test';
import { CONTEXT_OPTIONS } from '../playwright.config';
import { ADMIN, ApiSession, MEMBER, loginViaUi, loginViaUiZh, pickLocation, seedUsers, test, expect } from './fixtures';

/** The admin in a second browser context, on the reagent orders page. */
async function adminWindow(browser: Browser, app: Parameters<typeof loginViaUi>[1]): Promise<{ admin: Page; close: () => Promise<void> }> {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  const admin = await context.newPage();
  await loginViaUi(admin, app, ADMIN, '/reagent-orders');
  return { admin, close: () => context.close() };
}

async function memberSession(app: Parameters<typeof loginViaUi>[1]): Promise<ApiSession> {
  const alice = new ApiSession(app.url);
  await alice.login(MEMBER.username, MEMBER.password);
  return alice;
}

test('the requester (zh-CN) sees the bell rise live as the admin approves, marks arrived and stocks in, then opens the new item from it', async ({ page, app, browser }) => {
  // Two browser contexts and a server on a 2-core machine that runs other suites beside.
  test.setTimeout(180_000);
  const api = await seedUsers(app);
  await api.req('POST', '/api/locations', { name: 'A301-2号柜' });
  const alice = await memberSession(app);
  await alice.req('POST', '/api/reagent-orders', { name: '乙腈', english_name: 'Acetonitrile', quantity: 2, specification: '4 L' });

  await loginViaUiZh(page, app, MEMBER, '/home');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', '通知');

  const { admin, close } = await adminWindow(browser, app);
  // The admin was told of the request.
  await expect(admin.getByTestId('notification-bell')).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  const row = admin.getByRole('row', { name: /乙腈/ });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toContainText('Approved');
  await expect(bell).toHaveAttribute('aria-label', '通知，1 条未读');
  await expect(bell.locator('.ant-badge-count')).toHaveAttribute('title', '1');
  await row.getByRole('button', { name: 'Mark arrived' }).click();
  await expect(bell).toHaveAttribute('aria-label', '通知，2 条未读');
  await row.getByRole('button', { name: 'Stock in' }).click();
  await pickLocation(admin.getByTestId('stock-in-location'), '2号柜', 'A301-2号柜');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Stocked in');
  await expect(bell).toHaveAttribute('aria-label', '通知，3 条未读');
  await close();

  await bell.click();
  const panel = page.getByTestId('notifications-panel');
  const items = panel.getByTestId('notification');
  await expect(items).toHaveText([
    /你的试剂订单“乙腈”已入库，存放于 A301-2号柜。/,
    /你的试剂订单“乙腈”已到货。/,
    /你的试剂订单“乙腈”已由 Lab Admin 批准。/,
  ]);
  await expect(panel.locator('[data-testid=notification][data-unread=true]')).toHaveCount(3);
  await expect(items.first().getByRole('img', { name: '未读' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('notifications-panel-zh.png') });

  await items.first().getByRole('button', { name: /查看库存/ }).click();
  await expect(page).toHaveURL(/#\/inventory/);
  const detail = page.getByTestId('item-detail');
  await expect(detail).toContainText('乙腈');
  await expect(detail).toContainText('A301-2号柜');
  await expect(bell).toHaveAttribute('aria-label', '通知，2 条未读');
  await page.keyboard.press('Escape');

  await bell.click();
  await expect(page.locator('[data-testid=notification][data-unread=true]')).toHaveCount(2);
  await page.getByTestId('notifications-mark-all').click();
  await expect(bell).toHaveAttribute('aria-label', '通知');
  await expect(page.locator('[data-testid=notification][data-unread=true]')).toHaveCount(0);
  await expect(page.getByTestId('notification')).toHaveCount(3);
});

test('the admin is told of a new request and opens the order from it; a kind the member turned off in Settings is not shown to her', async ({ page, app, browser }) => {
  // Two browser contexts and a server on a 2-core machine that runs other suites beside.
  test.setTimeout(180_000);
  await seedUsers(app);
  const alice = await memberSession(app);

  // The member turns "approved" off in Settings (remembered on the server).
  await loginViaUi(page, app, MEMBER, '/settings');
  const settings = page.getByTestId('notification-settings');
  await expect(settings.getByLabel('New order requests (administrators)')).toHaveCount(0);
  const approved = settings.getByLabel('My order was approved');
  await expect(approved).toBeChecked();
  await approved.click();
  await expect(approved).not.toBeChecked();
  await page.reload();
  await expect(page.getByTestId('notification-settings').getByLabel('My order was approved')).not.toBeChecked();
  await expect(page.getByTestId('notification-settings').getByLabel('My order arrived (a consumable order completed)')).toBeChecked();

  const { admin, close } = await adminWindow(browser, app);
  const adminBell = admin.getByTestId('notification-bell');
  await expect(adminBell).toHaveAttribute('aria-label', 'Notifications');
  const order = await alice.req<{ id: number }>('POST', '/api/consumable-orders', { name: 'Nitrile gloves', quantity: 5 });
  await expect(adminBell).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  await adminBell.click();
  const request = admin.getByTestId('notification');
  await expect(request).toHaveText([/张三 Alice requested the consumable order “Nitrile gloves”\./]);
  await request.getByRole('button', { name: 'Open order' }).click();
  await expect(admin).toHaveURL(/#\/consumable-orders/);
  await expect(admin.getByTestId('history-drawer')).toContainText('Nitrile gloves');
  await expect(adminBell).toHaveAttribute('aria-label', 'Notifications');
  await close();

  const byAdmin = new ApiSession(app.url);
  await byAdmin.login(ADMIN.username, ADMIN.password);
  await byAdmin.req('POST', `/api/consumable-orders/${order.id}/approve`, {});
  await byAdmin.req('POST', `/api/consumable-orders/${order.id}/complete`, {});
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  await bell.click();
  await expect(page.getByTestId('notification')).toHaveText([/Your consumable order “Nitrile gloves” is complete: the goods have arrived\./]);
});
