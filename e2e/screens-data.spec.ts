// Settings → Data in zh-CN (issue 12): no progress bar for a backup this page did not start; the
// move dialog's target is checked by the server before the confirmation is asked; the restore
// dialog says who stays logged in, and that is what happens.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, ApiSession, MEMBER, loginViaUi, seedUsers, test, expect, type RunningApp } from './fixtures';

async function openDataInChinese(page: Page, app: RunningApp) {
  await loginViaUi(page, app, ADMIN);
  await page.evaluate(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.goto(app.url + '/#/settings');
  await page.reload();
  const panel = page.getByTestId('data-panel');
  await expect(panel.getByRole('button', { name: '立即备份' })).toBeVisible();
  return panel;
}

async function finishedBackup(api: ApiSession): Promise<void> {
  await api.req('POST', '/api/data/backups', {});
  await expect.poll(async () => (await api.req<{ job: { ok: boolean | null } | null }>('GET', '/api/data/status')).job?.ok, { timeout: 30_000 }).toBe(true);
}

test('no progress bar for a backup the page did not start; one for Back up now', async ({ page, app }) => {
  const api = await seedUsers(app);
  await finishedBackup(api); // as the daily backup at start would
  const panel = await openDataInChinese(page, app);
  await expect(panel.getByTestId('last-backup')).toContainText('成功');
  await expect(panel.getByTestId('backup-progress')).toHaveCount(0);
  await expect(panel.locator('.ant-progress')).toHaveCount(0);

  await panel.getByRole('button', { name: '立即备份' }).click();
  await expect(panel.getByTestId('backup-progress')).toBeVisible();
  await expect(panel.getByTestId('backup-progress')).toContainText('备份已写入', { timeout: 30_000 });
});

test('move: a bad target is refused under the field before any confirmation; a good one asks to confirm', async ({ page, app }) => {
  await seedUsers(app);
  const panel = await openDataInChinese(page, app);
  const field = panel.getByLabel('新位置（新建或空文件夹的完整路径）');
  const start = panel.getByRole('button', { name: '迁移……' });
  const outside = '新位置必须在当前数据目录之外（且不能包含当前数据目录）。';
  for (const [target, why] of [['relative/folder', '请用完整（绝对）路径指定新位置。'], [app.dataDir, outside], [path.join(app.dataDir, 'inside'), outside]] as const) {
    await field.fill(target);
    await start.click();
    await expect(panel.getByTestId('move-target-error')).toHaveText(`不能使用此位置：${why}`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  // Typing clears the refusal; a new folder outside passes the check and the confirmation opens.
  const target = path.join(path.dirname(app.dataDir), `lab-e2e-move-check-${Date.now()}`, 'data');
  await field.fill(target);
  await expect(panel.getByTestId('move-target-error')).toHaveCount(0);
  await start.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(target);
  await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
  expect(fs.existsSync(target)).toBe(false);
});

test('restore: the dialog says who stays logged in, and so it is', async ({ page, app }) => {
  const api = await seedUsers(app);
  await finishedBackup(api);
  // An account made after the backup: not in the restored data, so logged out by the restore.
  await api.req('POST', '/api/users', { username: 'bob', password: 'bob-pass-123', displayName: 'Bob', role: 'member' });
  const bob = new ApiSession(app.url);
  await bob.login('bob', 'bob-pass-123');
  const alice = new ApiSession(app.url);
  await alice.login(MEMBER.username, MEMBER.password);

  const panel = await openDataInChinese(page, app);
  await panel.getByTestId('backup-list').getByRole('button', { name: '恢复……' }).click();
  const preview = page.getByTestId('restore-preview');
  await expect(preview).toContainText('当前已登录的用户，如果备份中有其账户（用户名相同且已启用），则保持登录；其他用户需要重新登录。');
  await page.getByRole('button', { name: /^恢\s?复$/ }).click();
  await expect(preview).toBeHidden({ timeout: 30_000 });

  // After the reload the admin is still in; alice (in the backup) too; bob must log in again.
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('data-panel')).toBeVisible();
  expect(await alice.req('GET', '/api/users/me')).toMatchObject({ username: MEMBER.username });
  await expect(bob.req('GET', '/api/users/me')).rejects.toThrow(/401/);
});
