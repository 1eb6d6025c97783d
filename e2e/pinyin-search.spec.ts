// Pinyin in the inventory search box (real server, real Chromium, zh-CN UI at 1366 × 768): typing
// the initials "wsyc" shows 无水乙醇 with its 拼音 mark (and a row found as typed carries none); an
// answer with nothing in it says what was searched and filtered, and its button clears the search
// and every filter (back to the list's opening view).
import { MEMBER, loginViaUiZh, pickStatus, seedUsers, test, expect } from './fixtures';

test.use({ viewport: { width: 1366, height: 768 } });

test('typing pinyin finds 无水乙醇 with its 拼音 mark; an empty answer says what was searched and clears the filters (zh-CN)', async ({ page, app }, testInfo) => {
  const admin = await seedUsers(app);
  for (const it of [
    { name: '无水乙醇', english_name: 'Ethanol absolute', cas_number: '64-17-5', storage_location: '试剂柜 A1' },
    { name: '丙酮', english_name: 'Acetone', cas_number: '67-64-1', storage_location: '试剂柜 A1' },
    { name: 'Wsyc buffer', english_name: '', cas_number: '', storage_location: 'B105' },
  ]) await admin.req('POST', '/api/inventory', { ...it, quantity: 1, unit: '瓶' });
  await loginViaUiZh(page, app, MEMBER);
  const table = page.getByTestId('records-table');
  const box = page.getByTestId('list-search');
  await expect(page.getByTestId('list-total')).toContainText('3');

  await box.fill('wsyc');
  await expect(page.getByTestId('list-total')).toContainText('2');
  // Found as typed first, without a mark; then 无水乙醇, found by its initials, with one.
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.nth(0)).toContainText('Wsyc buffer');
  await expect(rows.nth(0).getByTestId('pinyin-mark')).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('无水乙醇');
  const mark = rows.nth(1).getByTestId('pinyin-mark');
  await expect(mark).toHaveText('拼音');
  await expect(mark).toHaveAttribute('title', /按拼音找到/);
  await testInfo.attach('pinyin search (zh-CN)', { body: await page.screenshot(), contentType: 'image/png' });

  // Full pinyin and a mix of Chinese and pinyin find it too.
  for (const q of ['wushuiyichun', '乙chun']) {
    await box.fill(q);
    await expect(rows.first(), q).toContainText('无水乙醇');
    await expect(rows.first().getByTestId('pinyin-mark'), q).toHaveText('拼音');
  }

  // Nothing found with a status filter on: the answer says what was searched and filtered.
  await pickStatus(page, '借出');
  await box.fill('wsyc');
  const empty = page.getByTestId('empty-result');
  await expect(empty).toContainText('没有与“wsyc”相符的记录。');
  await expect(empty).toContainText('筛选：借出');
  await testInfo.attach('empty answer (zh-CN)', { body: await page.screenshot(), contentType: 'image/png' });
  await empty.getByRole('button', { name: '清除搜索和筛选' }).click();
  await expect(page.getByTestId('list-total')).toContainText('3');
  await expect(box).toHaveValue('');
  // Back to the inventory's opening view: what is in the lab (in stock or borrowed).
  await expect(page.getByTestId('status-filter')).toContainText('在库和借出');
});

test('an alert filter from the home screen is cleared by the empty answer\'s button too', async ({ page, app }) => {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/inventory', { name: '乙醚', quantity: 1, unit: '瓶' });
  await loginViaUiZh(page, app, MEMBER, '/inventory?alert=expired');
  const empty = page.getByTestId('empty-result');
  await expect(empty).toContainText('没有符合筛选条件的记录。');
  await expect(empty).toContainText('筛选：提醒：已过期');
  await empty.getByRole('button', { name: '清除搜索和筛选' }).click();
  await expect(page.getByTestId('list-total')).toContainText('1');
  await expect(page.getByTestId('alert-filter')).toHaveCount(0);
  await expect(page).not.toHaveURL(/alert=/);
});
