// The service's refusals in a Simplified Chinese UI (real server, real Chromium): each arrives as a
// key with params and is shown in Chinese — a bad CAS number in the inventory form, the per-row
// errors of a bulk import, a move refused for a relative path — and the maintenance worker's
// state in Settings is a Chinese word, not a code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN, MEMBER, seedUsers, test, expect, type RunningApp } from './fixtures';

async function loginZh(page: Page, app: RunningApp, user: { username: string; password: string }) {
  await page.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(user.username);
  await page.getByLabel('密码').fill(user.password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click(); // antd spaces two-character Chinese labels
  await page.getByTestId('user-menu').waitFor();
  await page.goto(app.url + '/#/inventory'); // login opens the home screen; these checks start on the inventory
}

test('inventory form: a bad check digit and a malformed CAS number are refused in Chinese', async ({ page, app }) => {
  await seedUsers(app);
  await loginZh(page, app, MEMBER);
  await page.getByRole('button', { name: '新增库存' }).click();
  const form = page.getByTestId('record-form');
  await form.getByLabel('名称', { exact: true }).fill('丙酮');
  await form.getByLabel('CAS号').fill('67-64-2');
  await form.getByLabel('数量').fill('1');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '校验位' });
  await expect(dialog).toContainText('CAS 号 67-64-2 的校验位不对（应为 1）');
  await expect(dialog).not.toContainText('check digit');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(form).toContainText('校验位应为 1；确认后按 67-64-2 保存');

  await form.getByLabel('CAS号').fill('acetone');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(form).toContainText('不是有效的 CAS 号（格式不是 NNNNNNN-NN-N）');
  await expect(form).not.toContainText('not a CAS number');
});

test('bulk import: a missing name, a negative and a non-numeric quantity are listed in Chinese', async ({ page, app }) => {
  await seedUsers(app);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-zh-import-'));
  const file = path.join(dir, 'bad.csv');
  fs.writeFileSync(file, '名称,数量\n,1\n丙酮,-1\n乙醇,abc\n二氯甲烷,2\n', 'utf8');
  try {
    await loginZh(page, app, MEMBER);
    await page.getByRole('button', { name: '导入…' }).click();
    const wizard = page.getByTestId('import-wizard');
    await wizard.getByTestId('import-file').setInputFiles(file);
    const errors = wizard.getByTestId('import-errors');
    await expect(errors).toContainText('名称：必填');
    await expect(errors).toContainText('数量：不能为负数');
    await expect(errors).toContainText('数量：必须是数字');
    await expect(errors).not.toContainText(/is required|must not be negative|must be a number/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('Settings: a move to a relative path is refused in Chinese; the worker state is a Chinese word', async ({ page, app }) => {
  await seedUsers(app);
  await loginZh(page, app, ADMIN);
  await page.goto(app.url + '/#/settings');
  await expect(page.getByTestId('worker-state')).toHaveText(/^(运行中|正在启动|正在重启|已停止)/);
  const panel = page.getByTestId('data-panel');
  await panel.getByLabel('新位置（新建或空文件夹的完整路径）').fill('relative/data');
  await panel.getByRole('button', { name: '迁移……' }).click();
  // Checked by the server before any confirmation; the reason under the field, in Chinese.
  await expect(panel.getByTestId('move-target-error')).toHaveText('不能使用此位置：请用完整（绝对）路径指定新位置。');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/Give the new location/)).toHaveCount(0);
});
