// The reference lists where a CAS is entered, in Chinese: typing 151-50-8 into the item form shows
// 危险化学品 #1686 and 剧毒 with a suggested GHS label (GHS06, 危险, the H-statements in Chinese);
// pictograms the user set are not touched and their difference is named until 采用建议 is clicked;
// the saved item's details show the tags and statements, its label the pictogram. A valid CAS in no
// list reads 无参考数据; with the lookup failing the form still saves.
import type { Locator, Page } from '@playwright/test';
import { ADMIN, loginViaUiZh, seedUsers, test, expect } from './fixtures';

async function newItem(page: Page, name: string, cas: string): Promise<Locator> {
  await page.getByRole('button', { name: '新增库存' }).click();
  const form = page.getByTestId('record-form');
  await form.getByLabel('名称', { exact: true }).fill(name);
  await form.getByLabel('数量', { exact: true }).fill('500');
  await form.getByLabel('单位', { exact: true }).fill('g');
  await form.getByLabel('CAS号', { exact: true }).fill(cas);
  return form;
}

/** The pictograms the form's select holds, in their order. */
const chosen = (form: Locator) => form.locator('.ant-select-selection-item [data-ghs]').evaluateAll((svgs) => svgs.map((s) => s.getAttribute('data-ghs')));

async function save(page: Page, form: Locator) {
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(form).toBeHidden();
}

test('151-50-8 in the item form: tags and a GHS suggestion; accepted only by the click; details and label show them', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUiZh(page, app, ADMIN);
  await page.getByRole('button', { name: '新增库存' }).click();
  const form = page.getByTestId('record-form');
  // A pictogram the user chose before the CAS: the suggestion must not replace it by itself.
  await form.getByLabel('GHS象形图').click();
  await page.locator('.ant-select-item-option[title="GHS02 易燃（火焰）"]').click();
  await page.keyboard.press('Escape');
  await form.getByLabel('名称', { exact: true }).fill('氰化钾');
  await form.getByLabel('数量', { exact: true }).fill('500');
  await form.getByLabel('单位', { exact: true }).fill('g');
  await form.getByLabel('CAS号', { exact: true }).fill('151-50-8');

  const hints = form.getByTestId('reference-hints');
  await expect(hints.getByTestId('reference-tags')).toHaveText(/危险化学品 #1686\s*剧毒/);
  const suggestion = hints.getByTestId('ghs-suggestion');
  await expect(suggestion.getByRole('img', { name: 'GHS06 急性毒性（骷髅和交叉骨）' })).toBeVisible();
  await expect(suggestion.getByTestId('signal-word')).toHaveText('危险');
  await expect(suggestion.getByTestId('hazard-statements')).toContainText('H300 吞咽致命');
  await expect(suggestion.getByTestId('hazard-statements')).toContainText('H310 皮肤接触致命');
  await expect(suggestion).toContainText('仅供参考，以供应商的安全技术说明书为准');
  await expect(hints.getByTestId('ghs-mismatch')).toHaveText('与参考数据不一致：缺 GHS06 / 多 GHS02');
  expect(await chosen(form)).toEqual(['GHS02']);
  await page.screenshot({ path: test.info().outputPath('item-form-reference-zh.png') });

  await hints.getByRole('button', { name: '采用建议' }).click();
  expect(await chosen(form)).toEqual(['GHS06']);
  await expect(hints.getByTestId('ghs-agrees')).toHaveText('象形图与参考数据一致');
  await expect(hints.getByRole('button', { name: '采用建议' })).toHaveCount(0);
  await expect(form.getByTestId('hazardous-from-ghs')).toBeChecked();
  await save(page, form);

  // The details: the tags and the hazard statements in Chinese, by the item's CAS.
  await page.getByTestId('item-name').filter({ hasText: '氰化钾' }).click();
  const detail = page.getByTestId('item-detail');
  const reference = detail.getByTestId('detail-reference');
  await expect(reference.getByTestId('reference-tags')).toHaveText(/危险化学品 #1686\s*剧毒/);
  await expect(reference.getByTestId('signal-word')).toHaveText('危险');
  await expect(reference.getByTestId('hazard-statements')).toContainText('H330 吸入致命');
  await expect(detail.getByTestId('detail-ghs').locator('[data-ghs]')).toHaveAttribute('data-ghs', 'GHS06');
  await page.screenshot({ path: test.info().outputPath('item-detail-reference-zh.png') });

  // Its label shows the pictogram the user accepted.
  await page.getByTestId('detail-print-label').click();
  const label = page.getByTestId('label-dialog').getByTestId('label').first();
  await expect(label.locator('[data-ghs]')).toHaveCount(1);
  await expect(label.locator('[data-ghs="GHS06"]')).toBeVisible();
});

test('a valid CAS in no list reads 无参考数据, never "not hazardous"; a failed lookup blocks nothing', async ({ page, app }) => {
  await seedUsers(app);
  await loginViaUiZh(page, app, ADMIN);
  const water = await newItem(page, '纯水', '7732-18-5');
  const hints = water.getByTestId('reference-hints');
  await expect(hints.getByTestId('reference-none')).toHaveText('无参考数据');
  await expect(hints.getByTestId('reference-none')).toHaveAttribute('title', /这不代表它没有危险性/);
  await expect(hints).not.toContainText('非危险');
  await expect(hints.getByTestId('ghs-suggestion')).toHaveCount(0);
  await save(page, water);

  // The lookup fails (the request is cut): one grey line, and the item is saved all the same.
  let asked = 0;
  await page.route('**/api/reference/cas/**', (route) => {
    asked += 1;
    return route.abort();
  });
  const ethanol = await newItem(page, '乙醇', '64-17-5');
  await expect(ethanol.getByTestId('reference-failed')).toHaveText('暂时无法查询参考数据，不影响填写和保存。');
  expect(asked).toBe(1);
  await save(page, ethanol);
  await expect(page.getByTestId('item-name').filter({ hasText: '乙醇' })).toBeVisible();
});
