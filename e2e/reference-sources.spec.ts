// Settings → About → 数据来源与许可, in Chinese: a member opens it from the Settings page and sees
// every shipped reference file with its list, edition, row count, source and terms, and the HCIS
// attribution (Safe Work Australia HCIS, CC BY 4.0, reformatted); the back button returns to Settings.
import { MEMBER, loginViaUiZh, seedUsers, test, expect } from './fixtures';

test('the data sources and licences screen lists every reference file in Chinese, with the HCIS attribution', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUiZh(page, app, MEMBER, '/settings');
  await page.getByRole('button', { name: '数据来源与许可' }).click();
  const screen = page.getByTestId('data-sources');
  await expect(screen.getByRole('heading', { name: '数据来源与许可' })).toBeVisible();
  await expect(page).toHaveURL(/#\/settings\/data-sources$/);

  const hazchem = screen.getByTestId('source-hazchem');
  await expect(hazchem).toContainText('《危险化学品目录（2015版）》');
  await expect(hazchem).toContainText('hazchem-catalogue-2015.csv');
  await expect(hazchem.getByTestId('rows-hazchem')).toHaveText('2,997');
  await expect(hazchem).toContainText('著作权法');
  await expect(screen.getByTestId('source-yizhibao')).toContainText('《易制爆危险化学品名录（2017年版）》');
  await expect(screen.getByTestId('source-yizhidu')).toContainText('《易制毒化学品管理条例》附表');
  await expect(screen.getByTestId('source-yizhidu')).toContainText('含截至2021年的增补');
  const ghs = screen.getByTestId('source-ghs');
  await expect(ghs).toContainText('2022年导出');
  await expect(ghs.getByTestId('rows-ghs')).toHaveText('6,826');
  await expect(ghs).toContainText('CC BY 4.0');
  for (const id of ['epaGroups', 'epaCodes', 'epaPairs']) await expect(screen.getByTestId(`source-${id}`)).toContainText('EPA-600/2-80-076');
  await expect(screen.locator('[data-testid^="source-"]')).toHaveCount(7);

  const attribution = screen.getByTestId('hcis-attribution');
  await expect(attribution).toContainText('Safe Work Australia HCIS, CC BY 4.0');
  await expect(attribution).toContainText('对数据格式作了调整');

  await screen.getByRole('button', { name: '返回设置' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
});
