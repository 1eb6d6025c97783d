// 数据来源与许可, in Chinese, as an admin: import a modified 易制爆 list (one entry removed, one added)
// with its edition's name, see the CAS numbers added and removed before anything changes, switch,
// and see the new edition named on the screen and in a lookup; then revert to the shipped edition.
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, loginViaUiZh, seedUsers, test, expect } from './fixtures';

const SHIPPED = fs.readFileSync(path.join(__dirname, '../resources/reference/yizhibao-2017.csv'), 'utf8');
const MODIFIED = SHIPPED.replace(/^硝酸,,7697-37-2,[^\n]*\n/m, '') + '甲醛测试,,50-00-0,易燃液体，类别1\r\n';

test('an admin imports a newer 易制爆 list, sees the diff, switches and reverts', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUiZh(page, app, ADMIN, '/settings/data-sources');
  const card = page.getByTestId('source-yizhibao');
  await expect(card).toContainText('《易制爆危险化学品名录（2017年版）》');

  await card.getByRole('button', { name: '导入新版本' }).click();
  const dialog = page.getByTestId('edition-dialog-yizhibao');
  await dialog.getByTestId('edition-file').setInputFiles({ name: 'yizhibao-2025.csv', mimeType: 'text/csv', buffer: Buffer.from(MODIFIED, 'utf8') });
  await expect(dialog).toContainText('文件：yizhibao-2025.csv');
  await dialog.getByLabel('名录名称（中文）').fill('《易制爆危险化学品名录（2025年版）》');
  await dialog.getByLabel('名录名称（英文）').fill('Catalogue of Explosive-Precursor Hazardous Chemicals (2025 edition)');
  await dialog.getByLabel('版本（中文）').fill('2025年版');
  await dialog.getByLabel('版本（英文）').fill('2025 edition');
  await dialog.getByRole('button', { name: '预览变更' }).click();

  const preview = page.getByTestId('edition-preview');
  await expect(preview.getByTestId('edition-from')).toContainText('《易制爆危险化学品名录（2017年版）》（2017年版） · 91 行');
  await expect(preview.getByTestId('edition-to')).toContainText('《易制爆危险化学品名录（2025年版）》（2025年版） · 91 行');
  await expect(preview.getByTestId('edition-added-count')).toHaveText('新增的 CAS 号：1 个');
  await expect(preview.getByTestId('edition-added')).toContainText('50-00-0 甲醛测试');
  await expect(preview.getByTestId('edition-removed-count')).toHaveText('移除的 CAS 号：1 个');
  await expect(preview.getByTestId('edition-removed')).toContainText('7697-37-2 硝酸');
  // Nothing changed yet.
  await expect(card).toContainText('2017年版');

  await preview.getByRole('button', { name: '切换到新版本' }).click();
  await expect(page.getByText('该名录现在使用《易制爆危险化学品名录（2025年版）》（2025年版）')).toBeVisible();
  await expect(card).toContainText('《易制爆危险化学品名录（2025年版）》');
  await expect(card).toContainText('reference-edition-yizhibao.csv');
  await expect(card.getByTestId('imported-yizhibao')).toContainText('Lab Admin');
  const lookup = await page.evaluate(async () => (await fetch('/api/reference/cas/50-00-0', { headers: { 'x-lab-client': '1' } })).json());
  expect(lookup.yizhibao).toMatchObject({ name: '甲醛测试', edition: { zh: { edition: '2025年版' } } });

  await card.getByRole('button', { name: '恢复为随附版本' }).click();
  const back = page.getByTestId('edition-preview');
  await expect(back.getByTestId('edition-added')).toContainText('7697-37-2 硝酸');
  await back.getByRole('button', { name: '切换到新版本' }).click();
  await expect(card).toContainText('《易制爆危险化学品名录（2017年版）》');
  await expect(card).toContainText('yizhibao-2017.csv');
  await expect(card.getByTestId('imported-yizhibao')).toHaveCount(0);
});
