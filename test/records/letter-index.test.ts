// A search of one common letter or digit (src/main/records/letter-index.ts): the letter index gives
// the same rows, in the same order, as a brute-force filter over every row — by relevance and by
// columns, with a status filter, paged — and every write path keeps it (create, edit, status
// change, bulk insert, stock-in, delete).
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { InventoryItem, ListResult } from '../../src/shared/records';
import { lettersTable, maskOf } from '../../src/main/stores/record-list-index';
import { ensureSearchIndexes } from '../../src/main/records/search-index';
import { inventoryRowValues } from '../../src/main/records/inventory-service';
import { insertMany } from '../support/bulk-insert';
import { createHarness, type Harness } from './harness';
import { allRows, reference } from './list-reference';


/** A lab.db (v10 makes the letter indexes). */
function withLetterIndex(): Harness {
  return createHarness();
}


/** A row as the bulk import writes it. */
const item = (input: { name: string; quantity: number; brand?: string; storage_location?: string }, cas = '') => ({ ...inventoryRowValues(input, cas), status: 'in_stock' });

// Each searched letter begins well over 64 distinct trigrams (a locker code like `a7q`), as at the
// size of a big lab, so the trigram index cannot expand it and the letter index answers.
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const place = (i: number) => `${'aex1z'[i % 5]}${ALNUM[Math.floor(i / 5) % 36]}${ALNUM[Math.floor(i / 180) % 36]}`;

const NAMES = ['A', 'acetone', 'Acetic acid', 'ethanol', '乙醇', 'xylene', 'benzene', 'a', '1-butanol', 'sodium chloride', 'Toluene', 'aniline'];

describe('one common letter through the letter index', () => {
  it('equals the brute-force filter for every letter query kind: relevance, column sorts both ways (few and many hits), status filters, pages', async () => {
    const h = withLetterIndex();
    // 3 600 rows, so a column sort takes both ways: looked up and sorted (≤ 3 000 hits), and the sort index walked.
    const rows = Array.from({ length: 3600 }, (_, i) => item({ name: NAMES[i % NAMES.length]!, quantity: (i % 7) + 1, brand: i % 3 ? 'Aladdin' : '国药', storage_location: place(i) }, i % 5 ? '' : '64-17-5'));
    h.dbs.lab.transaction(() => insertMany(h.dbs.lab, 'inventory_items', rows))();
    h.dbs.lab.exec(`UPDATE inventory_items SET status = 'borrowed' WHERE id % 4 = 1; UPDATE inventory_items SET status = 'disposed' WHERE id % 9 = 2`);
    const all = allRows(h.dbs.lab, '/inventory/');
    let pages = 0;
    for (const search of ['a', 'A', 'ａ', 'x', 'e 1', '1', 'z']) {
      for (const sort of ['', '-id', 'id', 'name', '-name', '-quantity', 'status', '-brand']) {
        for (const status of ['', 'in_stock', 'disposed']) {
          const want = reference('/inventory/', all, { search, field: 'all', status, sort });
          for (const [page, pageSize] of [[1, 20], [2, 20], [7, 50], [Math.max(1, Math.ceil(want.length / 50)), 50]] as const) {
            const got = await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search, sort, status, page, pageSize });
            expect(got.total, `${search} ${sort} ${status}`).toBe(want.length);
            expect(got.rows.map((r) => r.id), `${search} ${sort} ${status} page ${page}`).toEqual(want.slice((page - 1) * pageSize, page * pageSize));
            pages++;
          }
        }
      }
    }
    expect(pages).toBeGreaterThan(600);
    // The export reads the same order, whole.
    const mark = h.dbs.lab.prepare(`SELECT count(*) FROM ${lettersTable('inventory_items')}`).pluck().get();
    expect(mark).toBe(3600);
  });

  it('a new name that begins with the letter joins the "starts with" rows at once, written by this connection or another', async () => {
    const h = withLetterIndex();
    const rows = Array.from({ length: 3600 }, (_, i) => item({ name: NAMES[i % NAMES.length]!, quantity: 1, storage_location: place(i) }));
    h.dbs.lab.transaction(() => insertMany(h.dbs.lab, 'inventory_items', rows))();
    // The page where the newest "starts with a" row belongs, as the brute-force filter orders them.
    const check = async (newId: number) => {
      const want = reference('/inventory/', allRows(h.dbs.lab, '/inventory/'), { search: 'a', field: 'all', status: '', sort: '' });
      const at = want.indexOf(newId);
      expect(at).toBeGreaterThan(0);
      const page = Math.floor(at / 50) + 1;
      const got = await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: 'a', page, pageSize: 50 });
      expect(got.rows.map((r) => r.id)).toEqual(want.slice((page - 1) * 50, page * 50));
      expect(got.rows.map((r) => r.id)).toContain(newId);
    };
    // Searched once, so what the index holds for "a part starts with a" has been read.
    await check(h.dbs.lab.prepare("SELECT max(id) FROM inventory_items WHERE name = 'acetone'").pluck().get() as number);
    const mine = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: 'aζ-fresh', quantity: 1 });
    await check(mine.id);
    const other = new Database(h.dbs.lab.name);
    other.transaction(() => insertMany(other, 'inventory_items', [item({ name: 'aη-other', quantity: 1 })]))();
    other.close();
    await check(h.dbs.lab.prepare("SELECT id FROM inventory_items WHERE name = 'aη-other'").pluck().get() as number);
  });

  it('the narrow table follows every write path: create, edit, status change, bulk insert, stock-in, delete', async () => {
    const h = withLetterIndex();
    const check = () => {
      const bad = h.dbs.lab.prepare(`SELECT t.id, t.search_all, t.status, l.mask, l.status AS lstatus FROM inventory_items t LEFT JOIN ${lettersTable('inventory_items')} l ON l.id = t.id`).all() as Array<{ id: number; search_all: string; status: string; mask: number | null; lstatus: string | null }>;
      for (const r of bad) expect([r.mask, r.lstatus], `item ${r.id}`).toEqual([maskOf(r.search_all), r.status]);
      return bad.length;
    };
    const names = async (search: string) => (await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search, pageSize: 100 })).rows.map((r) => r.name).sort();
    const made = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: 'Xylene', quantity: 1 });
    expect(check()).toBe(1);
    expect(await names('q')).toEqual([]);
    await h.ok(h.member, 'updateInventoryItem', { id: made.id, name: 'Quinoline' });
    check();
    expect(await names('q')).toEqual(['Quinoline']);
    await h.ok(h.member, 'borrowInventoryItem', { id: made.id });
    check();
    expect((await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: 'q', status: 'borrowed' })).total).toBe(1);
    h.dbs.lab.transaction(() => insertMany(h.dbs.lab, 'inventory_items', [item({ name: 'Quartz', quantity: 1 }), item({ name: '乙醇', quantity: 1 })]))();
    expect(check()).toBe(3);
    expect(await names('q')).toEqual(['Quartz', 'Quinoline']);
    const order = await h.ok<{ id: number }>(h.member, 'createReagentOrder', { name: 'Quinine', quantity: 1 });
    await h.ok(h.admin, 'approveReagentOrder', { id: order.id });
    await h.ok(h.admin, 'arriveReagentOrder', { id: order.id });
    await h.ok(h.admin, 'createLocation', { name: 'A301' });
    await h.ok(h.admin, 'stockInReagentOrder', { id: order.id, storage_location: 'A301' });
    expect(check()).toBe(4);
    expect(await names('q')).toEqual(['Quartz', 'Quinine', 'Quinoline']);
    await h.ok(h.admin, 'deleteInventoryItem', { id: made.id });
    expect(check()).toBe(3);
    expect(await names('q')).toEqual(['Quartz', 'Quinine']);
    // The orders' tables have theirs too.
    const orderRow = h.dbs.lab.prepare(`SELECT mask FROM ${lettersTable('reagent_orders')} WHERE id = ?`).pluck().get(order.id);
    expect(orderRow).toBe(maskOf(h.dbs.lab.prepare('SELECT search_all FROM reagent_orders WHERE id = ?').pluck().get(order.id) as string));
  });

  it('a damaged or missing letter index (a row lost, a trigger dropped, the table and its triggers gone) is rebuilt at start', async () => {
    const gone = createHarness();
    const l = lettersTable('consumable_orders');
    gone.dbs.lab.exec(`DROP TRIGGER ${l}_insert; DROP TRIGGER ${l}_delete; DROP TRIGGER ${l}_update; DROP TABLE ${l}`);
    expect(ensureSearchIndexes(gone.dbs.lab).map((r) => r.table)).toEqual([l]);
    expect(gone.dbs.lab.prepare(`SELECT count(*) FROM sqlite_schema WHERE name LIKE ?`).pluck().get(`${l}%`)).toBe(4);
    const h = withLetterIndex();
    for (const name of ['Acetone', 'Benzene', 'Quartz']) await h.ok(h.member, 'createInventoryItem', { name, quantity: 1 });
    expect(ensureSearchIndexes(h.dbs.lab)).toEqual([]);
    h.dbs.lab.exec(`DELETE FROM ${lettersTable('inventory_items')} WHERE id = 1; DROP TRIGGER ${lettersTable('reagent_orders')}_insert`);
    expect(ensureSearchIndexes(h.dbs.lab).map((r) => r.table)).toEqual([lettersTable('inventory_items'), lettersTable('reagent_orders')]);
    expect(h.dbs.lab.prepare(`SELECT count(*) FROM ${lettersTable('inventory_items')}`).pluck().get()).toBe(3);
    expect(h.dbs.lab.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = ?`).pluck().get(`${lettersTable('reagent_orders')}_insert`)).toBe(1);
  });
});
