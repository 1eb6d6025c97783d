// Foundation flows in browser mode: first-run setup, login/logout, wrong password, roles,
// /login?switch=1, and the `degraded` state when the service disappears and comes back.
import { ADMIN, MEMBER, PUBLIC, loginViaUi, seedUsers, test, expect } from './fixtures';

test('first start: admin setup opens the shell, logout returns to login', async ({ page, app }) => {
  await page.goto(app.url);
  await expect(page.getByText('Welcome — create the administrator')).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Display name').fill(ADMIN.displayName);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Repeat password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page.getByTestId('user-menu')).toContainText(ADMIN.displayName);
  await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();

  // Setup is refused once an admin exists (through the real API, same origin).
  const again = await page.evaluate(async () => {
    const r = await fetch('/api/setup', { method: 'POST', headers: { 'content-type': 'application/json', 'x-lab-client': '1' }, body: JSON.stringify({ username: 'x2', password: 'password12', displayName: 'X' }) });
    return { status: r.status, body: await r.json() };
  });
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('conflict');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // The session really ended on the server: /users/me is 401 now.
  const me = await page.evaluate(async () => (await fetch('/api/users/me')).status);
  expect(me).toBe(401);
});

test('wrong password shows a message and opens nothing', async ({ page, app }) => {
  await seedUsers(app);
  await page.goto(app.url + '/#/login');
  await page.getByLabel('Username').fill(MEMBER.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong username or password');
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
});

test('in Simplified Chinese, an error of the service is shown in Chinese', async ({ page, app }) => {
  await seedUsers(app);
  await page.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(MEMBER.username);
  await page.getByLabel('密码').fill('not-the-password');
  await page.getByRole('button', { name: /^登\s*录$/ }).click(); // antd spaces two-character Chinese labels
  await expect(page.getByRole('alert')).toHaveText('用户名或密码错误。');
});

test('member and public accounts: no user administration; public is labelled browse-only', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUi(page, app, PUBLIC);
  await expect(page.getByTestId('user-menu')).toContainText('Public (browse only)');
  await expect(page.getByRole('menuitem', { name: 'Users' })).toHaveCount(0);
  const create = await page.evaluate(async () => {
    const r = await fetch('/api/users', { method: 'POST', headers: { 'content-type': 'application/json', 'x-lab-client': '1' }, body: JSON.stringify({ username: 'evil', password: 'password12', displayName: 'E', role: 'admin' }) });
    return r.status;
  });
  expect(create).toBe(403);
});

test('admin adds a member who can then log in; the snapshot remembers only the last user', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUi(page, app, ADMIN);
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill('bob');
  await dialog.getByLabel('Display name').fill('Bob 李四');
  await dialog.getByLabel('Password').fill('bob-pass-12');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('cell', { name: 'Bob 李四' })).toBeVisible();
  // The closing dialog gives the focus back to "Add user" when its animation ends; focusing the
  // user menu before that (a busy machine) had Enter open the dialog again.
  await expect(dialog).toBeHidden();

  // The user menu opens from the keyboard too; "Switch account" leads to the plain login form.
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Switch account' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  const snapshot = await page.evaluate(() => localStorage.getItem('lab.auth.lastUser'));
  expect(snapshot).toBeNull();
  await page.getByLabel('Username').fill('bob');
  await page.getByLabel('Password').fill('bob-pass-12');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('user-menu')).toContainText('Bob 李四');
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('lab.auth.lastUser')))!);
  expect(Object.keys(stored).sort()).toEqual(['displayName', 'id', 'role', 'username']);
  expect(stored.username).toBe('bob');
});

test('/login?switch=1 clears local state and shows the plain login form even when logout fails', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUi(page, app, MEMBER);
  // Make the logout call fail: switching must not depend on it.
  await page.route('**/api/session', (route) => (route.request().method() === 'DELETE' ? route.abort() : route.continue()));
  await page.goto(app.url + '/login?switch=1');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('lab.auth.lastUser'))).toBeNull();
});

test('service gone → degraded login page with retry; service back → retry restores the session', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUi(page, app, MEMBER);
  await app.stop();
  // The next call that fails to reach the service (the open list's live refresh, or this click)
  // makes the client re-verify /users/me, which degrades.
  await page.getByRole('menuitem', { name: 'Settings' }).click({ timeout: 3000 }).catch(() => undefined);
  await expect(page.getByTestId('degraded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await app.restart();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('user-menu')).toContainText(MEMBER.displayName);
});

test('a 5xx from /users/me at start is degraded, not logged out', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUi(page, app, MEMBER);
  await page.route('**/api/users/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'database busy' } }) }));
  await page.reload();
  await expect(page.getByTestId('degraded')).toBeVisible();
  await page.unroute('**/api/users/me');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('user-menu')).toContainText(MEMBER.displayName);
});

test('language switch to Simplified Chinese is applied at once and remembered; Settings shows directory, port and version', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUi(page, app, ADMIN);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByTestId('data-dir')).toContainText(app.dataDir);
  await expect(page.getByTestId('app-version')).toHaveText(/\d+\.\d+\.\d+/);
  await expect(page.getByRole('spinbutton', { name: 'Port' })).toHaveValue(String(app.port));
  await page.getByLabel('Language').first().click();
  await page.getByTitle('简体中文').first().click();
  await expect(page.getByRole('menuitem', { name: '设置' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '库存' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('menuitem', { name: '试剂订单' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test('admin changes the port: saved for the next start, with the restart hint', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUi(page, app, ADMIN);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const portForm = page.locator('form').filter({ has: page.getByRole('spinbutton', { name: 'Port' }) });
  await portForm.getByRole('spinbutton', { name: 'Port' }).fill(String(app.port + 1 > 65535 ? 40000 : app.port + 1));
  await portForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Restart the lab app to use port/)).toBeVisible();
  const fs = await import('node:fs');
  expect(JSON.parse(fs.readFileSync(`${app.dataDir}/settings.json`, 'utf8')).port).not.toBe(app.port);
});
