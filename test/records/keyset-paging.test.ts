// Keyset paging (src/main/stores/list-keyset.ts, shared/list-cursor.ts): the next / previous page read
// from the neighbouring page's cursor is the OFFSET page, for every sort column in both directions,
// with ties in the column, empty (NULL) keys, a status filter and a search; a malformed cursor is
// a 400 naming its field; a well-formed cursor of another query or page changes nothing.
import { describe, expect, it } from 'vitest';
import { LIST_ENDPOINTS, LISTS, type ListResult, type ListEndpoint } from '../../src/shared/records';
import { encodeCursor, decodeCursor } from '../../src/shared/list-cursor';
import { createHarness, type Harness } from './harness';

const OP: Record<ListEndpoint, string> = { '/inventory/': 'listInventory', '/reagent-orders/': 'listReagentOrders', '/consumable-orders/': 'listConsumableOrders' };
const TABLE: Record<ListEndpoint, string> = { '/inventory/': 'inventory_items', '/reagent-orders/': 'reagent_orders', '/consumable-orders/': 'consumable_orders' };
type Page = ListResult<{ id: number }>;

/** A few values each, so every sortable column has runs of ties; some optional ones left empty. */
async function seed(h: Harness): Promise<void> {
  const pick = <T,>(xs: readonly T[], i: number) => xs[i % xs.length]!;
  for (let i = 0; i < 29; i++) {
    const common = { name: pick(['乙醇', 'acetone', 'Acid', '丙酮'], i), specification: pick(['500 ml', '', '1 L'], i), quantity: pick([1, 2, 5], i) };
    await h.ok(h.member, 'createInventoryItem', {
      ...common,
      english_name: pick(['ethanol', '', 'acetone'], i),
      cas_number: pick(['64-17-5', '', '67-64-1'], i),
      unit: pick(['ml', 'g'], i),
      storage_location: pick(['A1', 'B2', ''], i),
      brand: pick(['Aladdin', '国药', ''], i + 1),
      category: pick(['solvent', 'acid'], i),
      product_number: pick(['P1', 'P2', ''], i),
      hazardous: i % 3 === 0,
      ...(i % 4 ? { expiry_date: pick(['2027-01-01', '2026-06-30'], i) } : {}),
    });
    await h.ok(i % 2 ? h.member : h.member2, 'createReagentOrder', { ...common, cas_number: pick(['64-17-5', ''], i), brand: pick(['Aladdin', ''], i), ...(i % 3 ? { unit_price: pick([10, 2.5], i) } : {}) });
    await h.ok(i % 2 ? h.member : h.member2, 'createConsumableOrder', { ...common, communication: pick(['mail', ''], i), ...(i % 3 ? { unit_price: pick([10, 2.5], i) } : {}) });
  }
  // Other statuses (and borrowed_at) straight in the rows: the order is what is tested here.
  for (const e of LIST_ENDPOINTS) {
    const statuses = LISTS[e].statuses;
    const set = h.dbs.lab.prepare(`UPDATE ${TABLE[e]} SET status = ? WHERE id % 3 = ?`);
    set.run(statuses[1], 1);
    if (e === '/inventory/') h.dbs.lab.prepare(`UPDATE inventory_items SET borrowed_at = CASE id % 2 WHEN 0 THEN '2026-01-01 10:00:00' ELSE '2026-01-02 09:00:00' END WHERE status = ?`).run(statuses[1]);
  }
}

const ids = (p: Page) => p.rows.map((r) => r.id);

describe('keyset paging', () => {
  it('the next and previous pages read from a cursor equal the OFFSET pages: every sort, both directions, with and without a status filter and a search', async () => {
    const h = createHarness();
    await seed(h);
    let keyset = 0;
    for (const e of LIST_ENDPOINTS) {
      const op = OP[e];
      const cols: readonly string[] = LISTS[e].sortable;
      for (const sort of ['', ...cols, ...cols.map((c) => `-${c}`)]) {
        for (const status of ['', LISTS[e].statuses[0], LISTS[e].statuses[1]]) {
          for (const search of ['', 'ac']) {
            const q = { sort, status, search, pageSize: 4 };
            const where = `${op} ${JSON.stringify(q)}`;
            const offset: Page[] = [];
            for (let page = 1; page === 1 || (page - 1) * 4 < offset[0]!.total; page++) offset.push(await h.ok<Page>(h.guest, op, { ...q, page }));
            // Forward by `after`, then back by `before`.
            let at = offset[0]!;
            for (let page = 2; page <= offset.length; page++) {
              const next = await h.ok<Page>(h.guest, op, { ...q, page, ...(at.after ? { after: at.after } : {}) });
              expect(ids(next), `${where} page ${page} after`).toEqual(ids(offset[page - 1]!));
              expect(next.total).toBe(offset[0]!.total);
              if (at.after) keyset++;
              at = next;
            }
            for (let page = offset.length - 1; page >= 1; page--) {
              const prev = await h.ok<Page>(h.guest, op, { ...q, page, ...(at.before ? { before: at.before } : {}) });
              expect(ids(prev), `${where} page ${page} before`).toEqual(ids(offset[page - 1]!));
              at = prev;
            }
            // A search pages by OFFSET (its hits are in hand): no cursor is handed out.
            if (search) expect(offset[0]!.after).toBeUndefined();
          }
        }
      }
    }
    // The cursors were used (not only the OFFSET fallback): all but the applicant sort and searches.
    expect(keyset).toBeGreaterThan(500);
  });

  it('walks through a run of ties larger than a page and through empty (NULL) keys at either end', async () => {
    const h = createHarness();
    await seed(h);
    for (const sort of ['expiry_date', '-expiry_date', 'hazardous', '-hazardous', 'borrowed_at', '-borrowed_at']) {
      const all = ids(await h.ok<Page>(h.guest, 'listInventory', { sort, pageSize: 500 }));
      let at = await h.ok<Page>(h.guest, 'listInventory', { sort, pageSize: 3 });
      const walked = ids(at);
      while (at.after && walked.length < all.length) {
        at = await h.ok<Page>(h.guest, 'listInventory', { sort, pageSize: 3, page: at.page + 1, after: at.after });
        walked.push(...ids(at));
      }
      expect(walked, sort).toEqual(all);
    }
  });

  it('a malformed cursor is refused naming its field; a well-formed one of another query or page is ignored', async () => {
    const h = createHarness();
    await seed(h);
    for (const bad of ['not a cursor!', 'eyJwIjoxfQ', encodeCursor({ p: 1, q: 'x', s: 'in_stock', i: 1 }).slice(0, -3) + '@@@', 'x'.repeat(800), btoaUrl('{"p":1,"q":"x","s":"a","i":1,"sql":"1"}'), btoaUrl('{"p":0,"q":"x","s":"a","i":1}'), btoaUrl('[1,2]')]) {
      for (const field of ['after', 'before']) {
        const err = await h.refused(h.guest, 'listInventory', { page: 2, pageSize: 4, [field]: bad });
        expect(err.code, bad).toBe('validation');
        expect(Object.keys(err.fields ?? {}), bad).toEqual([field]);
      }
    }
    const q = { sort: 'name', pageSize: 4 };
    const first = await h.ok<Page>(h.guest, 'listInventory', q);
    const page2 = ids(await h.ok<Page>(h.guest, 'listInventory', { ...q, page: 2 }));
    // Another sort's, another filter's, another page size's, or a page's that is not the neighbour.
    const byId = await h.ok<Page>(h.guest, 'listInventory', { sort: '-id', pageSize: 4 });
    const filtered = await h.ok<Page>(h.guest, 'listInventory', { ...q, status: 'in_stock' });
    const wide = await h.ok<Page>(h.guest, 'listInventory', { ...q, pageSize: 5 });
    for (const after of [byId.after!, filtered.after!, wide.after!]) expect(ids(await h.ok<Page>(h.guest, 'listInventory', { ...q, page: 2, after }))).toEqual(page2);
    expect(ids(await h.ok<Page>(h.guest, 'listInventory', { ...q, page: 3, after: first.after! }))).toEqual(ids(await h.ok<Page>(h.guest, 'listInventory', { ...q, page: 3 })));
    // A cursor whose key holds SQL is only a value.
    const forged = decodeCursor(first.after!)!;
    const hostile = encodeCursor({ ...forged, k: "'); DROP TABLE inventory_items; --" });
    expect((await h.ok<Page>(h.guest, 'listInventory', { ...q, page: 2, after: hostile })).total).toBe(first.total);
    expect(h.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(first.total);
  });
});

function btoaUrl(s: string): string {
  return Buffer.from(s).toString('base64url');
}
