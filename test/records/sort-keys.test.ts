// Sorting by a text column: Chinese in pinyin order, English case-insensitively, both in one
// alphabet; the stored sort keys follow every write path, and lab.db migration 4 fills older rows.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConsumableOrder, InventoryItem, ListResult, ReagentOrder } from '../../src/shared/records';
import { openDatabase } from '../../src/main/db/open';
import { migrate } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { openDatabases } from '../../src/main/db/databases';
import { sortKey } from '../../src/main/records/sort-key';
import { BatchStore } from '../../src/main/cart-import/batch-store';
import { EventBus } from '../../src/main/events';
import { silentLogger } from '../../src/main/logging';
import { batch } from '../cart-import/helpers';
import { AuthService } from '../../src/main/auth/auth-service';
import { createHarness, tempDir, type Harness } from './harness';

const names = async (h: Harness, op: string, q: Record<string, unknown>) => (await h.ok<ListResult<{ name: string }>>(h.guest, op, { pageSize: 100, ...q })).rows.map((r) => r.name);
const keyOf = (h: Harness, table: string, id: number, col = 'name') => h.dbs.lab.prepare(`SELECT ${col}_sort FROM ${table} WHERE id = ?`).pluck().get(id);

describe('pinyin and case-insensitive sort', () => {
  it('二氯甲烷, 丙酮, 乙醇 sort as bǐng, èr, yǐ → 丙酮, 二氯甲烷, 乙醇 (and reversed descending)', async () => {
    const h = createHarness();
    for (const name of ['二氯甲烷', '丙酮', '乙醇']) await h.ok(h.member, 'createInventoryItem', { name, quantity: 1 });
    expect(await names(h, 'listInventory', { sort: 'name' })).toEqual(['丙酮', '二氯甲烷', '乙醇']);
    expect(await names(h, 'listInventory', { sort: '-name' })).toEqual(['乙醇', '二氯甲烷', '丙酮']);
    // Paging walks the same order (the no-search path pages through the key's index).
    expect((await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { sort: 'name', page: 2, pageSize: 1 })).rows.map((r) => r.name)).toEqual(['二氯甲烷']);
  });

  it('mixed Chinese and English names share one lower-case alphabet', async () => {
    const h = createHarness();
    const mixed = ['乙醇', 'acetone', 'Benzene', '丙酮', 'ethanol', 'Ethyl acetate', '二氯甲烷', 'Zinc chloride', 'DMSO 二甲基亚砜', '氯仿'];
    for (const name of mixed) await h.ok(h.member, 'createInventoryItem', { name, quantity: 1 });
    const expected = ['acetone', 'Benzene', '丙酮', 'DMSO 二甲基亚砜', '二氯甲烷', 'ethanol', 'Ethyl acetate', '氯仿', '乙醇', 'Zinc chloride'];
    expect(await names(h, 'listInventory', { sort: 'name' })).toEqual(expected);
    // With a search and a column sort the same keys order the hits.
    expect(await names(h, 'listInventory', { sort: 'name', search: '醇' })).toEqual(['乙醇']);
    expect(sortKey('二氯甲烷')).toBe('er4lv4jia3wan2');
    expect(sortKey('Ｅｔｈａｎｏｌ')).toBe('ethanol');
    // Polyphones follow the word: 重 in 重铬酸钾 is zhòng.
    expect(sortKey('重铬酸钾')).toBe('zhong4ge4suan1jia3');
  });

  it('other text columns and the applicant sort by pinyin too', async () => {
    const h = createHarness();
    for (const [name, storage_location, brand] of [
      ['a', '冰箱 2', '国药'],
      ['b', 'A301-1号柜', 'Aladdin'],
      ['c', '地下室', '阿拉丁'],
    ]) await h.ok(h.member, 'createInventoryItem', { name, quantity: 1, storage_location, brand });
    expect(await names(h, 'listInventory', { sort: 'storage_location' })).toEqual(['b', 'a', 'c']);
    expect(await names(h, 'listInventory', { sort: 'brand' })).toEqual(['c', 'b', 'a']);
    // Applicants 张三 Alice (zhang) and Bob: Bob first.
    await h.ok(h.member, 'createConsumableOrder', { name: 'by zhang', quantity: 1 });
    await h.ok(h.member2, 'createConsumableOrder', { name: 'by bob', quantity: 1 });
    expect(await names(h, 'listConsumableOrders', { sort: 'applicant' })).toEqual(['by bob', 'by zhang']);
    // Renaming the user rewrites the key: 艾米 (ai) now comes before Bob.
    await new AuthService(h.data).update(h.member.id, { displayName: '艾米' }, h.admin.id);
    expect(await names(h, 'listConsumableOrders', { sort: 'applicant' })).toEqual(['by zhang', 'by bob']);
  });
});

describe('sort keys stay in sync on every write path', () => {
  it('create, edit, status changes, bulk import, stock-in from an order, cart import, order edits', async () => {
    const h = createHarness();
    // Create and edit an inventory item.
    const item = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '丙酮', brand: 'Aladdin', quantity: 1 });
    expect([keyOf(h, 'inventory_items', item.id), keyOf(h, 'inventory_items', item.id, 'brand')]).toEqual(['bing3tong2', 'aladdin']);
    await h.ok(h.member, 'updateInventoryItem', { id: item.id, name: '乙醇' });
    expect([keyOf(h, 'inventory_items', item.id), keyOf(h, 'inventory_items', item.id, 'brand')]).toEqual(['yi3chun2', 'aladdin']);
    // A status change leaves the keys as they are.
    await h.ok(h.member, 'borrowInventoryItem', { id: item.id });
    expect(keyOf(h, 'inventory_items', item.id)).toBe('yi3chun2');

    // Bulk import (CSV through the real upload / preview / commit).
    const csv = 'name,quantity,storage_location\n二氯甲烷,1,冰箱\nAcetone,2,A1\n';
    const up = await h.ok<{ importId: string }>(h.member, 'importUpload', { fileName: 'x.csv', chunk: Buffer.from(csv).toString('base64'), last: true });
    const preview = await h.ok<{ mapping: Record<string, number> }>(h.member, 'importPreview', { importId: up.importId });
    const imported = await h.ok<{ ids: number[] }>(h.member, 'importCommit', { importId: up.importId, mapping: preview.mapping, skipBadRows: false });
    expect(imported.ids.map((id) => [keyOf(h, 'inventory_items', id), keyOf(h, 'inventory_items', id, 'storage_location')])).toEqual([
      ['er4lv4jia3wan2', 'bing1xiang1'],
      ['acetone', 'a1'],
    ]);

    // Reagent order: create, edit, then the stock-in creates an item with its keys.
    const order = await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { name: '甲醇', english_name: 'Methanol', quantity: 1 });
    expect([keyOf(h, 'reagent_orders', order.id), keyOf(h, 'reagent_orders', order.id, 'english_name')]).toEqual(['jia3chun2', 'methanol']);
    await h.ok(h.member, 'updateReagentOrder', { id: order.id, name: '氯仿' });
    expect(keyOf(h, 'reagent_orders', order.id)).toBe('lv4fang3');
    await h.ok(h.admin, 'approveReagentOrder', { id: order.id });
    await h.ok(h.admin, 'arriveReagentOrder', { id: order.id });
    expect(keyOf(h, 'reagent_orders', order.id)).toBe('lv4fang3');
    const stocked = await h.ok<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: order.id, storage_location: '冰箱' });
    expect([keyOf(h, 'inventory_items', stocked.item.id), keyOf(h, 'inventory_items', stocked.item.id, 'storage_location')]).toEqual(['lv4fang3', 'bing1xiang1']);

    // Consumable order: create and edit.
    const cons = await h.ok<ConsumableOrder>(h.member, 'createConsumableOrder', { name: '移液器吸头', quantity: 10, communication: '王老师' });
    expect(keyOf(h, 'consumable_orders', cons.id, 'communication')).toBe('wang2lao3shi1');
    await h.ok(h.member, 'updateConsumableOrder', { id: cons.id, name: 'Tips' });
    expect(keyOf(h, 'consumable_orders', cons.id)).toBe('tips');
  });

  it('an order created by the cart import has its keys', async () => {
    const dir = tempDir();
    const h = createHarness(dir);
    const store = new BatchStore(dir, new EventBus(), silentLogger());
    const b = batch();
    store.accept(b, b.batch_id);
    const ref = { batch_id: b.batch_id, item_id: 'item-1' };
    const order = await h.records.reagentOrders.create(h.member, { name: '无水乙醇', brand: '国药', quantity: 1, import_ref: ref }, (r) => store.checkItem(r));
    expect([keyOf(h, 'reagent_orders', order.id), keyOf(h, 'reagent_orders', order.id, 'brand')]).toEqual(['wu2shui3yi3chun2', 'guo2yao4']);
  });
});

describe('lab.db migration 4', () => {
  it('fills the sort keys of rows written before it, and the lists sort them by pinyin', async () => {
    const dir = tempDir();
    const db = openDatabase(path.join(dir, 'lab.db'));
    try {
      migrate(db, labMigrations.filter((m) => m.version <= 3));
      db.prepare("INSERT INTO users (username, display_name, role, password_hash) VALUES ('zhang', '张三', 'member', 'x')").run();
      for (const name of ['二氯甲烷', '丙酮', '乙醇', 'Acetone']) {
        db.prepare("INSERT INTO inventory_items (name, quantity, status, storage_location) VALUES (?, 1, 'in_stock', '冰箱')").run(name);
        db.prepare("INSERT INTO reagent_orders (name, quantity, applicant_id, status) VALUES (?, 1, 1, 'pending_approval')").run(name);
      }
      db.prepare("INSERT INTO consumable_orders (name, quantity, applicant_id, status, communication) VALUES ('吸头', 1, 1, 'approved', '王老师')").run();
    } finally {
      db.close();
    }
    const dbs = openDatabases(dir);
    try {
      const rows = (table: string, cols: string) => dbs.lab.prepare(`SELECT ${cols} FROM ${table} ORDER BY name_sort, id`).all();
      expect(rows('inventory_items', 'name, name_sort, storage_location_sort')).toEqual([
        { name: 'Acetone', name_sort: 'acetone', storage_location_sort: 'bing1xiang1' },
        { name: '丙酮', name_sort: 'bing3tong2', storage_location_sort: 'bing1xiang1' },
        { name: '二氯甲烷', name_sort: 'er4lv4jia3wan2', storage_location_sort: 'bing1xiang1' },
        { name: '乙醇', name_sort: 'yi3chun2', storage_location_sort: 'bing1xiang1' },
      ]);
      expect(rows('reagent_orders', 'name').map((r) => (r as { name: string }).name)).toEqual(['Acetone', '丙酮', '二氯甲烷', '乙醇']);
      expect(rows('consumable_orders', 'communication_sort')).toEqual([{ communication_sort: 'wang2lao3shi1' }]);
      expect(dbs.lab.prepare('SELECT display_name_sort FROM users').pluck().get()).toBe('zhang1san1');
      // Every key a list sorts by leads an index (since v6 the key, then status: list-sort.test.ts).
      const leading = dbs.lab.prepare("SELECT il.name FROM sqlite_master m, pragma_index_info(m.name) il WHERE m.type = 'index' AND il.seqno = 0 AND il.name LIKE '%\\_sort' ESCAPE '\\'").pluck().all();
      expect(leading).toHaveLength(8 + 6 + 3 + 1);
      expect(dbs.lab.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'inventory_name'").pluck().get()).toBe(0);
    } finally {
      dbs.close();
    }
  });
});
