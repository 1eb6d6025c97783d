// The cart-import page without a batch, in zh-CN (issue 12): the steps of an import and the
// extension's install steps show at once (no waiting spinner), and the browse-only account is
// told it cannot import.
import type { Page } from '@playwright/test';
import { MEMBER, PUBLIC, loginViaUi, seedUsers, test, expect, type RunningApp } from './fixtures';

async function openCartImportInChinese(page: Page, app: RunningApp, user: { username: string; password: string }) {
  await loginViaUi(page, app, user);
  await page.evaluate(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.reload();
  await page.getByRole('menuitem', { name: '购物车导入' }).click();
}

test('no batch: the steps and the install instructions in Chinese, at once', async ({ page, app }) => {
  await seedUsers(app);
  await openCartImportInChinese(page, app, MEMBER);
  const guide = page.getByTestId('cart-none');
  // At once: well before the old 6 s of retries.
  await expect(guide).toBeVisible({ timeout: 2_000 });
  await expect(page.getByTestId('cart-waiting')).toHaveCount(0);
  await expect(guide).toContainText('目前没有等待导入的购物车');
  await expect(guide).toContainText('打开供应商的购物车页面');
  await expect(guide).toContainText('点击“导入所选”');
  await expect(page.getByTestId('cart-public-none')).toHaveCount(0);
  await guide.getByRole('link', { name: '如何安装浏览器扩展' }).click();
  const steps = page.getByTestId('install-steps');
  await expect(steps).toBeVisible();
  await expect(steps).toContainText('加载已解压的扩展程序');
  await expect(steps).toContainText(`http://127.0.0.1:${app.port}`);
});

test('no batch, browse-only account: told it cannot import', async ({ page, app }) => {
  await seedUsers(app);
  await openCartImportInChinese(page, app, PUBLIC);
  await expect(page.getByTestId('cart-public-none')).toHaveText('您正在使用仅供浏览的公共账号：可以查看导入的购物车，但不能创建订单。请用自己的账号登录后再导入。');
});
