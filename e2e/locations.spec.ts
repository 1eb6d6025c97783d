// Locations as a tree (issue 10) in the real UI: the admin builds building › room › cabinet, creates
// an item there through the location picker, browses the tree beside the inventory to find it,
// moves it, renames the room and sees the new path in the list; deleting a location that holds the
// item is refused with the count. The same in zh-CN.
import type { Page } from '@playwright/test';
import { ADMIN, loginViaUi, pickLocation, rowMenu, seedUsers, test, expect } from './fixtures';

/** Adds a location through the admin screen: top level, or inside the node with path `parent`. */
async function addLocation(page: Page, name: string, parent: string | null, labels: { addRoot: string; addChild: string; name: string; add: string }) {
  if (parent) await page.getByTestId(`location-${parent}`).getByRole('button', { name: labels.addChild }).click();
  else await page.getByTestId('location-add-root').click();
  await page.getByTestId('prompt-form').getByLabel(labels.name).fill(name);
  // The dialog's button says what it does.
  await page.getByRole('dialog').getByRole('button', { name: labels.add, exact: true }).click();
  await expect(page.getByTestId(`location-${parent ? `${parent} › ` : ''}${name}`)).toBeVisible();
}

/** Picks a node in an open location picker by typing part of its path. */

test('admin builds building › room › cabinet, stocks an item there, browses the tree, moves it, renames the room', async ({ page, app }) => {
  test.setTimeout(180_000);
  await seedUsers(app);
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginViaUi(page, app, ADMIN);
  await page.getByRole('menuitem', { name: 'Locations' }).click();
  const en = { addRoot: 'Add top-level location', addChild: 'Add inside', name: 'Name', add: 'Add' };
  await addLocation(page, 'Chemistry', null, en);
  await addLocation(page, 'Room 301', 'Chemistry', en);
  await addLocation(page, 'Cabinet A', 'Chemistry › Room 301', en);
  await addLocation(page, 'Room 302', 'Chemistry', en);

  // A new item placed through the picker.
  await page.getByRole('menuitem', { name: 'Inventory' }).click();
  await page.getByRole('button', { name: 'New item' }).click();
  const form = page.getByTestId('record-form');
  await form.getByLabel('Name', { exact: true }).fill('乙醇');
  await form.getByLabel('Quantity').fill('500');
  await form.getByLabel('Unit').fill('mL');
  await pickLocation(form.getByTestId('location-picker'), 'Cabinet', 'Cabinet A');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const row = page.getByRole('row', { name: /乙醇/ });
  // The last two levels in the list, the whole path on hover.
  await expect(row.getByTestId('location-cell')).toHaveText('Room 301 › Cabinet A');
  await row.getByTestId('location-cell').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Chemistry › Room 301 › Cabinet A');
  await page.mouse.move(0, 0);

  // The tree beside the list (open at first, also on a laptop screen): counts per node; a node
  // lists what is in it and below.
  const tree = page.getByTestId('location-tree');
  await expect(tree.getByTestId('tree-node-Chemistry')).toContainText('1');
  await tree.getByTestId('tree-node-Chemistry › Room 302').click();
  await expect(page.getByTestId('list-total')).toContainText('0');
  await tree.getByTestId('tree-node-Chemistry › Room 301').click();
  await expect(page.getByTestId('list-total')).toContainText('1');
  await expect(row).toBeVisible();

  // Move it to room 302 (a `moved` movement; the list follows).
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'Move' }).click();
  const move = page.getByTestId('move-form');
  await expect(move.getByTestId('move-from')).toHaveText('Chemistry › Room 301 › Cabinet A');
  await pickLocation(move.getByTestId('move-picker'), '302', 'Room 302');
  await move.getByLabel('Note').fill('making room');
  await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
  await expect(page.getByTestId('list-total')).toContainText('0'); // no longer under room 301
  await tree.getByTestId('tree-node-Chemistry › Room 302').click();
  await expect(row.getByTestId('location-cell')).toHaveText('Chemistry › Room 302');
  await rowMenu(row, 'History');
  await expect(page.getByRole('dialog')).toContainText('Moved');
  await expect(page.getByRole('dialog')).toContainText('Chemistry › Room 301 › Cabinet A → Chemistry › Room 302');
  await page.keyboard.press('Escape');

  // Rename the room: the item's path follows.
  await page.getByRole('menuitem', { name: 'Locations' }).click();
  await page.getByTestId('location-Chemistry › Room 302').getByRole('button', { name: 'Rename' }).click();
  await page.getByTestId('prompt-form').getByLabel('Name').fill('Room 305');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(page.getByTestId('location-Chemistry › Room 305')).toBeVisible();
  // Deleting the building that holds the item is refused with the count.
  await page.getByTestId('location-Chemistry').getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.ant-modal-confirm-error')).toContainText('holds 1 item(s)');
  await page.locator('.ant-modal-confirm-error').getByRole('button').click();

  await page.getByRole('menuitem', { name: 'Inventory' }).click();
  await page.getByTestId('location-tree').getByTestId('tree-all').click();
  await expect(page.getByRole('row', { name: /乙醇/ }).getByTestId('location-cell')).toHaveText('Chemistry › Room 305');
  await page.getByRole('textbox').first().fill('Room 305');
  await expect(page.getByTestId('list-total')).toContainText('1');
});

test('in zh-CN: picker, tree, move and rename read in Chinese', async ({ page, app }) => {
  test.setTimeout(180_000);
  const admin = await seedUsers(app);
  const b = await admin.req<{ id: number }>('POST', '/api/locations', { name: '化学楼' });
  const room = await admin.req<{ id: number }>('POST', '/api/locations', { name: '301', parent_id: b.id });
  await admin.req('POST', '/api/locations', { name: 'A柜', parent_id: room.id });
  await admin.req('POST', '/api/locations', { name: '冰箱', parent_id: b.id });
  await loginViaUi(page, app, ADMIN);
  await page.evaluate(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.reload();
  await page.getByRole('menuitem', { name: '库存' }).click();
  await page.getByRole('button', { name: '新增库存' }).click();
  const form = page.getByTestId('record-form');
  await form.getByLabel('名称', { exact: true }).fill('丙酮');
  await form.getByLabel('数量').fill('1');
  await form.getByLabel('单位').fill('L');
  await expect(form.getByTestId('location-picker')).toContainText('选择存放位置');
  await pickLocation(form.getByTestId('location-picker'), 'A柜', 'A柜');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  const row = page.getByRole('row', { name: /丙酮/ });
  await expect(row.getByTestId('location-cell')).toHaveText('301 › A柜');
  // Folded and shown again: the button reads in Chinese.
  await page.getByRole('button', { name: '隐藏位置树' }).click();
  await page.getByRole('button', { name: '显示位置树' }).click();
  const tree = page.getByTestId('location-tree');
  await expect(tree).toContainText('按位置浏览');
  await expect(tree).toContainText('全部位置');

  await row.getByTestId('row-more').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '移动' }).click();
  await pickLocation(page.getByTestId('move-picker'), '冰箱', '冰箱');
  await page.getByTestId('move-form').getByLabel('备注').fill('腾出 A 柜');
  await page.getByRole('dialog').getByRole('button', { name: /移\s*动/ }).click();
  await expect(page.getByText('已移到 化学楼 › 冰箱')).toBeVisible();
  await expect(row).toContainText('化学楼 › 冰箱');
  await rowMenu(row, '历史');
  await expect(page.locator('.ant-drawer')).toContainText('移动');
  await expect(page.locator('.ant-drawer')).toContainText('备注：— → 腾出 A 柜');
  await page.locator('.ant-drawer-close').click();

  await page.getByRole('menuitem', { name: '存放位置' }).click();
  await expect(page.getByRole('heading', { name: '存放位置' })).toBeVisible();
  await page.getByTestId('location-化学楼').getByRole('button', { name: '重命名' }).click();
  await page.getByTestId('prompt-form').getByLabel('名称').fill('实验楼');
  await page.getByRole('dialog').getByRole('button', { name: '重命名' }).click();
  await expect(page.getByTestId('location-实验楼 › 冰箱')).toBeVisible();
  await page.getByTestId('location-实验楼').getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.locator('.ant-modal-confirm-error')).toContainText('存放着 1 件物品');
  await page.locator('.ant-modal-confirm-error').getByRole('button').click();
  // Drag the fridge into room 301; then pick its way back to the top level of the building.
  // (antd's tree drops inside a node when the pointer ends in the lower half of its row and at
  // least one indent to the right of where the drag started)
  const dropOn = page.getByTestId('location-实验楼 › 301').getByRole('button', { name: '在其中添加' });
  const box = (await dropOn.boundingBox())!;
  await page.getByTestId('location-实验楼 › 冰箱').locator('span').first().dragTo(dropOn, { targetPosition: { x: box.width / 2, y: box.height * 0.8 } });
  await expect(page.getByTestId('location-实验楼 › 301 › 冰箱')).toBeVisible();
  await page.getByTestId('location-实验楼 › 301 › 冰箱').getByRole('button', { name: '移到…' }).click();
  await pickLocation(page.getByTestId('location-move-form').getByTestId('location-picker'), '实验楼', '实验楼');
  await page.getByRole('dialog').getByRole('button', { name: /移\s*动/ }).click();
  await expect(page.getByTestId('location-实验楼 › 冰箱')).toBeVisible();
  await page.getByRole('menuitem', { name: '库存' }).click();
  await expect(page.getByRole('row', { name: /丙酮/ })).toContainText('实验楼 › 冰箱');
});
