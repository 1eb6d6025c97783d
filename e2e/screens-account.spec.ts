// Setup, login and user administration in zh-CN at 1366 × 768 (issue 12): no white frame around
// the page, the password rule in words next to the field (its numbers from the contract's schema),
// and a confirmation naming the user after adding one or resetting a password.
import type { Page } from '@playwright/test';
import { ADMIN, clickThenChange, seedUsers, test, expect } from './fixtures';
import { passwordLimits } from '../src/renderer/screens/password-rule';

const { min, max } = passwordLimits();
const APP_BACKGROUND = 'rgb(245, 247, 250)';

/** The page has no margin and every corner shows the app's background, not the browser's white. */
async function expectNoFrame(page: Page): Promise<void> {
  const edges = await page.evaluate(() => {
    const bg = (x: number, y: number) => {
      for (let el: Element | null = document.elementFromPoint(x, y); el; el = el.parentElement) {
        const c = getComputedStyle(el).backgroundColor;
        if (c !== 'rgba(0, 0, 0, 0)') return c;
      }
      return 'transparent';
    };
    const w = window.innerWidth - 1;
    const h = window.innerHeight - 1;
    return { margin: getComputedStyle(document.body).margin, corners: [bg(0, 0), bg(w, 0), bg(0, h), bg(w, h)], scrolls: document.documentElement.scrollHeight > window.innerHeight };
  });
  expect(edges).toEqual({ margin: '0px', corners: [APP_BACKGROUND, APP_BACKGROUND, APP_BACKGROUND, APP_BACKGROUND], scrolls: false });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
});

test('setup: no white frame, the password rule in words, a short password refused before sending', async ({ page, app }) => {
  await page.goto(app.url + '/');
  await expect(page.getByRole('heading', { name: '欢迎——创建管理员' })).toBeVisible();
  await expectNoFrame(page);
  await expect(page.getByTestId('password-rule')).toHaveText(`至少 ${min} 个字符（最多 ${max} 个）；字母、数字、空格和符号都算。`);
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('显示名称').fill(ADMIN.displayName);
  await page.getByLabel('密码', { exact: true }).fill('x'.repeat(min - 1));
  await page.getByLabel('再次输入密码').fill('x'.repeat(min - 1));
  await page.getByRole('button', { name: '创建管理员' }).click();
  await expect(page.locator('#password_help, .ant-form-item-explain-error').first()).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('再次输入密码').fill(ADMIN.password);
  await page.getByRole('button', { name: '创建管理员' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('login: no white frame', async ({ page, app }) => {
  await seedUsers(app);
  await page.goto(app.url + '/#/login');
  await expect(page.getByRole('heading', { name: '登录实验室系统' })).toBeVisible();
  await expectNoFrame(page);
});

// A form submitted through onFinish (every form but two): its check overtaken by the last keystroke's
// reaches onFinishFailed as outOfDate; the click must still submit, with the corrected value.
test('login: a click overtaken by the last keystroke still logs in, with the corrected password', async ({ page, app }) => {
  await seedUsers(app);
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill('not-the-password');
  await clickThenChange(page.locator('form'), '登 录', 'input#password', ADMIN.password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('users: adding a user and resetting a password each confirm, naming the user', async ({ page, app }) => {
  await seedUsers(app);
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(ADMIN.username);
  await page.getByLabel('密码').fill(ADMIN.password);
  await page.getByRole('button', { name: /^登\s?录$/ }).click();
  await page.getByRole('menuitem', { name: '用户' }).click();

  await page.getByRole('button', { name: '添加用户' }).click();
  const add = page.getByRole('dialog');
  await expect(add.getByTestId('password-rule')).toContainText(`至少 ${min} 个字符`);
  await add.getByLabel('用户名').fill('wang');
  await add.getByLabel('显示名称').fill('王老师');
  await add.getByLabel('密码').fill('wang-pass-1');
  await add.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(page.locator('.ant-message')).toContainText('已添加用户 王老师（wang）');
  const row = page.getByRole('row', { name: /wang/ });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: '重置密码' }).click();
  const reset = page.getByRole('dialog');
  await expect(reset.getByTestId('password-rule')).toBeVisible();
  await reset.getByLabel('新密码').fill('wang-pass-2');
  await reset.getByRole('button', { name: /^确\s?定$/ }).click();
  await expect(page.locator('.ant-message')).toContainText('已重置 王老师（wang）的密码');
});
