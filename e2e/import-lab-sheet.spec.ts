// Issue 28 §1 in the browser: a lab's own sheet (title row, merged cells, section/合计/注 rows,
// location texts written their own way) imported through the wizard in Chinese at 1366 × 768 —
// the header row found, rows that are not items listed as skipped, each location text shown with
// its match in the tree, and the unmatched one created only after the user says where.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEMBER, loginViaUiZh, seedUsers, test, expect } from './fixtures';
import { LAB_HEADERS, labSheet, writeLabXlsx } from '../test/fixtures/records/lab-sheet';

test('a lab sheet through the wizard in Chinese: header found, rows skipped with reasons, locations matched and confirmed', async ({ page, app }, testInfo) => {
  const admin = await seedUsers(app);
  const building = await admin.req<{ id: number }>('POST', '/api/locations', { name: '化学楼' });
  const room = await admin.req<{ id: number }>('POST', '/api/locations', { name: '301室', parent_id: building.id });
  const cabinet = await admin.req<{ id: number }>('POST', '/api/locations', { name: '试剂柜A', parent_id: room.id });
  await admin.req('POST', '/api/locations', { name: '第2层', parent_id: cabinet.id });
  const room2 = await admin.req<{ id: number }>('POST', '/api/locations', { name: '302室', parent_id: building.id });
  await admin.req('POST', '/api/locations', { name: '冰箱4℃', parent_id: room2.id });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-lab-sheet-'));
  const file = path.join(dir, '试剂台账.xlsx');
  await writeLabXlsx(
    file,
    labSheet(
      {
        1: ['XX课题组试剂台账 2026年'],
        2: LAB_HEADERS,
        3: ['一、有机溶剂类'],
        4: ['1', '乙醇', 'CAS:64-17-5', '500ml', '2瓶', '', '国药', '10009218', '301室试剂柜A第2层', '2025.3.1', '2027年3月', '无水'],
        5: ['2', '丙酮', '67-64-1', '500ml', '1', '瓶', '', '10000418', '', '2025/03/01', '长期', ''],
        7: ['二、无机盐类'],
        8: ['3', '氯化钠', '7647-14-5', '500g', '3', '瓶', '西陇', '', '冰箱 4℃', '2024年5月10日', '3年', ''],
        9: ['4', '硫酸钠', '7757-82-6', '500g', '约2', '瓶', '西陇', '', '楼道储物间', '', '', ''],
        10: ['', '合计', '', '', '8', '', '', '', '', '', '', ''],
        11: ['注：本表每月更新一次'],
      },
      ['A1:L1', 'A3:L3', 'A7:L7', 'G4:G5', 'I4:I5'],
    ),
  );
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaUiZh(page, app, MEMBER);
    await page.getByRole('button', { name: '导入…' }).click();
    const wizard = page.getByTestId('import-wizard');
    await expect(wizard.getByTestId('import-template')).toHaveText('下载模板');
    await wizard.getByTestId('import-file').setInputFiles(file);

    await expect(wizard.getByTestId('import-header-row')).toContainText('第 2 行');
    await expect(wizard.getByTestId('import-summary')).toContainText('共 4 行 · 有效 4 行 · 有错误 0 行');
    await wizard.getByTestId('import-skipped').getByText('未导入的行（6）').click();
    const skipped = wizard.getByTestId('import-skipped');
    for (const reason of ['表头上方的标题', '分组标题', '空行', '合计行', '备注说明']) await expect(skipped).toContainText(reason);
    await expect(wizard.getByTestId('import-warnings')).toContainText('“约2”是约数：按 2 导入');

    // Each location text with its match; the merged location (row 4–5) counts two rows.
    const places = wizard.getByTestId('import-locations');
    await expect(places.getByRole('row', { name: /301室试剂柜A第2层/ })).toContainText('路径各级');
    await expect(places.getByRole('row', { name: /301室试剂柜A第2层/ })).toContainText('化学楼 › 301室 › 试剂柜A › 第2层');
    await expect(places.getByRole('row', { name: /冰箱 4℃/ })).toContainText('最后一级');
    await expect(places.getByRole('row', { name: /楼道储物间/ })).toContainText('无匹配');
    await expect(wizard.getByTestId('import-locations-open')).toHaveText('1 个尚未确定位置');
    const confirm = wizard.getByRole('button', { name: '导入 4 行' });
    await expect(confirm).toBeDisabled();

    // The unmatched text becomes a new location under 化学楼, as the user picks.
    await places.getByLabel('楼道储物间 的位置').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '+ 新建位置' }).click();
    await places.getByLabel('楼道储物间 新建于').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^化学楼$/ }).click();
    await expect(wizard.getByTestId('import-locations-open')).toHaveCount(0);
    await expect(confirm).toBeEnabled();
    const shot = await page.screenshot({ path: testInfo.outputPath('import-lab-sheet-zh-1366.png') });
    await testInfo.attach('import wizard (zh-CN, 1366 × 768)', { body: shot, contentType: 'image/png' });
    if (process.env.LAB_E2E_SHOT) fs.writeFileSync(process.env.LAB_E2E_SHOT, shot);

    await confirm.click();
    await expect(wizard.getByTestId('import-done')).toContainText('已导入 4 条');
    const items = await admin.req<{ rows: Array<{ name: string; storage_location: string; brand: string; notes: string; quantity: number; unit: string }> }>('GET', '/api/inventory/?sort=id');
    expect(items.rows.map((r) => [r.name, r.storage_location, r.brand])).toEqual([
      ['乙醇', '化学楼 › 301室 › 试剂柜A › 第2层', '国药'],
      ['丙酮', '化学楼 › 301室 › 试剂柜A › 第2层', '国药'],
      ['氯化钠', '化学楼 › 302室 › 冰箱4℃', '西陇'],
      ['硫酸钠', '化学楼 › 楼道储物间', '西陇'],
    ]);
    expect(items.rows[0]).toMatchObject({ notes: '无水', quantity: 1000, unit: 'mL' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('duplicates added to the existing item: the wizard offers 添加到现有库存, shows where each row goes, and the item in stock grows', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const cabinet = await admin.req<{ id: number }>('POST', '/api/locations', { name: '试剂柜A' });
  const stock = await admin.req<{ id: number }>('POST', '/api/inventory', {
    name: '丙酮', cas_number: '67-64-1', brand: '国药', product_number: '200', lot_number: 'L2', quantity: 500, unit: 'mL', container_size: 500, location_id: cabinet.id,
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-dup-add-'));
  const file = path.join(dir, '重复.xlsx');
  const row = (n: string, name: string, cas: string, qty: string, unit: string, pn: string, lot: string) => [n, name, cas, '', qty, unit, '国药', pn, '试剂柜A', '', '', lot];
  await writeLabXlsx(
    file,
    labSheet({
      1: [...LAB_HEADERS.slice(0, 11), '批号'],
      2: row('1', '丙酮', '67-64-1', '0.5', 'L', '200', 'L2'),
      3: row('2', '乙醇', '64-17-5', '250', 'mL', '100', 'L1'),
      4: row('3', '乙醇', '64-17-5', '250', 'mL', '100', 'L1'),
    }),
  );
  try {
    await loginViaUiZh(page, app, MEMBER);
    await page.getByRole('button', { name: '导入…' }).click();
    const wizard = page.getByTestId('import-wizard');
    await wizard.getByTestId('import-file').setInputFiles(file);
    const dups = wizard.getByTestId('import-duplicates');
    await expect(dups).toContainText('可能重复（2 行）');
    await dups.getByText('添加到现有库存').click();
    await expect(wizard.getByTestId('import-additions')).toContainText('将有 1 行添加到 1 个现有库存条目，1 行并入前面相同行的条目。');
    await expect(wizard.getByTestId('import-additions')).toContainText('+500 mL');
    await expect(dups.getByRole('row', { name: /^2 / })).toContainText(`库存中的 #${stock.id}：丙酮`);
    await wizard.getByRole('button', { name: '导入 3 行' }).click();
    await expect(wizard.getByTestId('import-done')).toContainText('已导入 1 条');
    await expect(wizard.getByTestId('import-done')).toContainText('1 行已添加到 1 个现有库存条目，1 行已并入前面相同行的条目。');
    const item = await admin.req<{ quantity: number; unit: string }>('GET', `/api/inventory/${stock.id}`);
    expect(item).toMatchObject({ quantity: 1000, unit: 'mL' });
    const items = await admin.req<{ rows: Array<{ name: string; quantity: number }> }>('GET', '/api/inventory/?sort=id');
    expect(items.rows.map((r) => [r.name, r.quantity])).toEqual([['丙酮', 1000], ['乙醇', 500]]);
    // The list shows the grown amount too (the live list refreshes after the commit).
    // antd spaces a two-character Chinese label (完 成)
    await wizard.getByRole('button', { name: /^完\s?成$/ }).click();
    await expect(page.getByRole('row', { name: /丙酮/ })).toContainText('1000 mL');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
