// The inventory's opening view (issue 28 §2): status `present` lists what is in the lab — in stock
// or borrowed — and leaves used-up and disposed items out; one status still picks them. Every path
// of the list search answers it as a brute-force filter does: plain pages by every kind of sort and
// by keyset cursor, searches through the trigram index and the letter index, the instr scan (with
// a filter), paged; the orders have no such group; the export takes the same view.
import fs from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { InventoryItem, ListResult } from '../../src/shared/records';
import type { ExportFile } from '../../src/main/list-export/export-file';
import { inventoryRowValues } from '../../src/main/records/inventory-service';
import { insertMany } from '../support/bulk-insert';
import { createHarness } from './harness';
import { allRows, reference } from './list-reference';

type Page = ListResult<InventoryItem>;
const NAMES = ['乙醇', 'acetone', 'Acetic acid', '硫酸铜', 'a', 'sodium chloride', '丙酮', 'xylene'];
// Locker codes, so `a` begins more than 64 trigrams and the letter index answers it.
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const place = (i: number) => `${'aex1z'[i % 5]}${ALNUM[Math.floor(i / 5) % 36]}${ALNUM[Math.floor(i / 180) % 36]}`;

function seeded() {
  const h = createHarness();
  const rows = Array.from({ length: 3600 }, (_, i) => ({ ...inventoryRowValues({ name: NAMES[i % NAMES.length]!, quantity: (i % 7) + 1, brand: i % 3 ? 'Aladdin' : '国药', storage_location: place(i) }, i % 5 ? '' : '64-17-5'), status: 'in_stock' }));
  h.dbs.lab.transaction(() => insertMany(h.dbs.lab, 'inventory_items', rows))();
  h.dbs.lab.exec(`UPDATE inventory_items SET status = 'borrowed' WHERE id % 4 = 1; UPDATE inventory_items SET status = 'consumed' WHERE id % 7 = 2; UPDATE inventory_items SET status = 'disposed' WHERE id % 9 = 3`);
  return h;
}

describe('the inventory without what has left the lab', () => {
  it('`present` equals the brute-force filter on every search path, sort and page', async () => {
    const h = seeded();
    const all = allRows(h.dbs.lab, '/inventory/');
    const statuses = new Set(all.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['borrowed', 'consumed', 'disposed', 'in_stock']);
    let checked = 0;
    for (const search of ['', '乙醇', '64-17-5', 'a', 'acet a', 'nothing-like-this']) {
      for (const sort of ['', '-id', 'id', 'name', '-name', 'status', '-quantity', '-brand']) {
        const want = reference('/inventory/', all, { search, field: 'all', status: 'present', sort });
        expect(want.every((id) => ['in_stock', 'borrowed'].includes(all.find((r) => r.id === id)!.status))).toBe(true);
        let at: Page | null = null;
        for (const page of [1, 2, 3]) {
          const q = { search, sort, status: 'present', page, pageSize: 50 };
          const got = await h.ok<Page>(h.guest, 'listInventory', q);
          expect(got.total, `${search} ${sort}`).toBe(want.length);
          expect(got.rows.map((r) => r.id), `${search} ${sort} page ${page}`).toEqual(want.slice((page - 1) * 50, page * 50));
          // The next page from the one before it by its cursor (no search: keyset).
          if (at?.after) expect((await h.ok<Page>(h.guest, 'listInventory', { ...q, after: at.after })).rows.map((r) => r.id)).toEqual(got.rows.map((r) => r.id));
          at = got;
          checked++;
        }
      }
    }
    expect(checked).toBe(144);
  });

  it('with another filter (controlled only) the scan gives the same rows; one status still lists used-up and disposed items', async () => {
    const h = seeded();
    h.dbs.lab.exec(`UPDATE inventory_items SET controlled = '1' WHERE id % 2 = 0`);
    const all = allRows(h.dbs.lab, '/inventory/');
    for (const search of ['', '乙醇', 'a']) {
      const want = reference('/inventory/', all, { search, field: 'all', status: 'present', sort: '' }).filter((id) => id % 2 === 0);
      const got = await h.ok<Page>(h.guest, 'listInventory', { search, status: 'present', controlled: true, pageSize: 200 });
      expect(got.total).toBe(want.length);
      expect(got.rows.map((r) => r.id)).toEqual(want.slice(0, 200));
    }
    for (const status of ['consumed', 'disposed']) {
      const got = await h.ok<Page>(h.guest, 'listInventory', { status, pageSize: 200 });
      expect(got.total).toBe(all.filter((r) => r.status === status).length);
      expect(got.rows.every((r) => r.status === status)).toBe(true);
    }
    expect((await h.ok<Page>(h.guest, 'listInventory', { pageSize: 20 })).total).toBe(3600);
  });

  it('the export writes the same view', async () => {
    const h = seeded();
    const view = { search: '', field: 'all', status: 'present', sort: 'name' };
    const list = await h.ok<Page>(h.guest, 'listInventory', { ...view, pageSize: 500 });
    const csv = await h.ok<ExportFile>(h.guest, 'exportList', { endpoint: '/inventory/', format: 'csv', lang: 'machine', ...view });
    expect(csv.rows).toBe(list.total);
    const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(csv.path, 'utf8').slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.data.slice(0, 500).map((r) => Number(r.id))).toEqual(list.rows.map((r) => r.id));
    expect(new Set(parsed.data.map((r) => r.status))).toEqual(new Set(['in_stock', 'borrowed']));
  });

  it('orders have no such group: `present` is refused there as any unknown status', async () => {
    const h = createHarness();
    for (const op of ['listReagentOrders', 'listConsumableOrders']) {
      const e = await h.refused(h.guest, op, { status: 'present' });
      expect(e.code).toBe('validation');
      expect(Object.keys(e.fields ?? {})).toEqual(['status']);
    }
  });
});
