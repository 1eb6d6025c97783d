// The location tree (issue 10): the v7 upgrade of free-text locations, tree CRUD through the real
// contract and handlers, rename/move rewriting the subtree's paths and its items' searchable
// storage_location, refusals (own subtree, items inside, bad input) that change nothing, moving an
// item (a `moved` movement in its ledger), the inventory list filtered by a subtree, and the HTTP paths.
import { readHistory } from '../../src/main/audit/audit-log';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createHarness, tempDir, type Harness } from '../records/harness';
import { migrate } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { openDatabases } from '../../src/main/db/databases';
import type { LocationNode, StockMovement } from '../../src/shared/stock';
import type { InventoryItem, ListResult } from '../../src/shared/records';
import { startTestServices, setupAdmin } from '../support/temp';
import { http, login } from '../support/http';


/** The records harness (its dispatcher has the location operations). */
const harness = () => createHarness(tempDir('lab-locations-'));

const movements = (h: Harness, id: number) => h.dbs.lab.prepare('SELECT * FROM stock_movements WHERE item_id = ? ORDER BY id').all(id) as StockMovement[];
const snapshot = (h: Harness) => ({
  locations: h.dbs.lab.prepare('SELECT * FROM locations ORDER BY id').all(),
  items: h.dbs.lab.prepare('SELECT id, location_id, storage_location, s_storage_location, search_all FROM inventory_items ORDER BY id').all(),
  movements: h.dbs.lab.prepare('SELECT count(*) FROM stock_movements').pluck().get() as number,
});

async function building(h: ReturnType<typeof harness>) {
  const b = await h.ok<LocationNode>(h.admin, 'createLocation', { name: '化学楼' });
  const room = await h.ok<LocationNode>(h.admin, 'createLocation', { name: '301', parent_id: b.id });
  const cab = await h.ok<LocationNode>(h.admin, 'createLocation', { name: 'A柜', parent_id: room.id });
  const shelf = await h.ok<LocationNode>(h.admin, 'createLocation', { name: '2层', parent_id: cab.id });
  const other = await h.ok<LocationNode>(h.admin, 'createLocation', { name: '302', parent_id: b.id });
  return { b, room, cab, shelf, other };
}

describe('lab.db v7: free-text locations become the tree', () => {
  it('makes one node per distinct text, points every item at it, converts "3 瓶 × 500g" and opens each ledger', () => {
    const dir = tempDir('lab-v6-');
    const db = new Database(path.join(dir, 'lab.db'));
    migrate(db, labMigrations.filter((m) => m.version <= 6));
    expect(db.pragma('user_version', { simple: true })).toBe(6);
    db.prepare("INSERT INTO users (username, display_name, role, password_hash) VALUES ('admin', 'Admin', 'admin', 'x')").run();
    const ins = db.prepare('INSERT INTO inventory_items (name, quantity, unit, specification, storage_location, status, created_by) VALUES (?, ?, ?, ?, ?, ?, 1)');
    const rows: Array<[string, number, string, string, string, string]> = [
      ['乙醇', 3, '瓶', '500g', '301 A柜', 'in_stock'],
      ['丙酮', 2, 'L', '', '301 A柜', 'borrowed'],
      ['甲醇', 1, '瓶', '', '冰箱 2层', 'consumed'],
      ['氯化钠', 250, 'g', '', '', 'in_stock'],
      ['硫酸', 4, '瓶', '2.5 L', '危化品柜', 'disposed'],
    ];
    for (const r of rows) ins.run(...r);
    db.close();

    const dbs = openDatabases(dir);
    try {
      const lab = dbs.lab;
      const nodes = lab.prepare('SELECT id, parent_id, name, path FROM locations ORDER BY path').all() as Array<{ id: number; parent_id: number | null; name: string; path: string }>;
      expect(nodes.map((n) => n.path).sort()).toEqual(['301 A柜', '危化品柜', '冰箱 2层'].sort());
      expect(nodes.every((n) => n.parent_id === null && n.name === n.path)).toBe(true);
      const items = lab.prepare('SELECT name, quantity, unit, container_size, container_label, storage_location, location_id, status FROM inventory_items ORDER BY id').all() as Array<Record<string, unknown>>;
      const pathOf = new Map(nodes.map((n) => [n.id, n.path]));
      for (const [i, it] of items.entries()) {
        expect(it.storage_location).toBe(rows[i]![4]);
        expect(it.location_id === null ? '' : pathOf.get(it.location_id as number)).toBe(rows[i]![4]);
      }
      expect(items[0]).toMatchObject({ quantity: 1500, unit: 'g', container_size: 500, container_label: '瓶' });
      expect(items[1]).toMatchObject({ quantity: 2, unit: 'L', container_size: null });
      expect(items[2]).toMatchObject({ quantity: 0, status: 'consumed' });
      expect(items[4]).toMatchObject({ quantity: 0, unit: 'L', container_size: 2.5, status: 'disposed' });
      const ledger = lab.prepare('SELECT item_id, kind, amount, delta, unit, balance_after FROM stock_movements ORDER BY item_id, id').all() as Array<Record<string, unknown>>;
      expect(ledger).toEqual([
        { item_id: 1, kind: 'received', amount: 1500, delta: 1500, unit: 'g', balance_after: 1500 },
        { item_id: 2, kind: 'received', amount: 2, delta: 2, unit: 'L', balance_after: 2 },
        { item_id: 3, kind: 'received', amount: 1, delta: 1, unit: '瓶', balance_after: 1 },
        { item_id: 3, kind: 'used', amount: 1, delta: -1, unit: '瓶', balance_after: 0 },
        { item_id: 4, kind: 'received', amount: 250, delta: 250, unit: 'g', balance_after: 250 },
        { item_id: 5, kind: 'received', amount: 10, delta: 10, unit: 'L', balance_after: 10 },
        { item_id: 5, kind: 'disposed', amount: 10, delta: -10, unit: 'L', balance_after: 0 },
      ]);
    } finally {
      dbs.close();
    }
  });
});

describe('the location tree', () => {
  it('lists the tree with present items here and below; creates under a parent; refuses a sibling of the same name', async () => {
    const h = harness();
    const { b, room, cab, shelf, other } = await building(h);
    expect(shelf.path).toBe('化学楼 › 301 › A柜 › 2层');
    await h.ok(h.member, 'createInventoryItem', { name: '乙醇', quantity: 500, unit: 'mL', location_id: shelf.id });
    await h.ok(h.member, 'createInventoryItem', { name: '丙酮', quantity: 1, unit: 'L', location_id: cab.id });
    const gone = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '甲醇', quantity: 1, unit: 'L', location_id: cab.id });
    await h.ok(h.member, 'consumeInventoryItem', { id: gone.id });
    const tree = await h.ok<LocationNode[]>(h.guest, 'listLocations', {});
    const byId = new Map(tree.map((n) => [n.id, n]));
    expect(byId.get(b.id)).toMatchObject({ parent_id: null, items_here: 0, items_below: 2 });
    expect(byId.get(room.id)).toMatchObject({ parent_id: b.id, items_here: 0, items_below: 2 });
    expect(byId.get(cab.id)).toMatchObject({ items_here: 1, items_below: 2 });
    expect(byId.get(shelf.id)).toMatchObject({ items_here: 1, items_below: 1 });
    expect(byId.get(other.id)).toMatchObject({ items_here: 0, items_below: 0 });

    const before = snapshot(h);
    const dup = await h.call(h.admin, 'createLocation', { name: '301', parent_id: b.id });
    expect(dup).toMatchObject({ ok: false, error: { code: 'conflict', key: 'locations.taken', fields: { name: { key: 'field.locationTaken' } } } });
    const renameDup = await h.call(h.admin, 'updateLocation', { id: other.id, name: '301' });
    expect(renameDup).toMatchObject({ ok: false, error: { code: 'conflict', fields: { name: expect.anything() } } });
    expect(snapshot(h)).toEqual(before);
    // The same name under another parent is a different place.
    expect(await h.ok<LocationNode>(h.admin, 'createLocation', { name: 'A柜', parent_id: other.id })).toMatchObject({ path: '化学楼 › 302 › A柜' });
  });

  it('refuses bad input with a 400 naming the field, members and the public account, and changes nothing', async () => {
    const h = harness();
    const { room } = await building(h);
    const before = snapshot(h);
    const cases: Array<[string, unknown, string]> = [
      ['createLocation', { name: '' }, 'name'],
      ['createLocation', { name: '   ' }, 'name'],
      ['createLocation', { name: 'A › B' }, 'name'],
      ['createLocation', { name: 'x'.repeat(101) }, 'name'],
      ['createLocation', { name: 'x', parent_id: 9999 }, 'parent_id'],
      ['createLocation', { name: 'x', parent_id: 'abc' }, 'parent_id'],
      ['updateLocation', { id: room.id, parent_id: -1 }, 'parent_id'],
      ['updateLocation', { id: room.id, name: 42 }, 'name'],
    ];
    for (const [op, input, field] of cases) {
      const r = await h.call(h.admin, op, input);
      expect(r.ok, `${op} ${JSON.stringify(input)}`).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('validation');
        expect(Object.keys(r.error.fields ?? {})).toContain(field);
      }
    }
    expect(await h.call(h.member, 'createLocation', { name: 'x' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await h.call(h.guest, 'deleteLocation', { id: room.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await h.call(h.admin, 'updateLocation', { id: 9999, name: 'x' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(snapshot(h)).toEqual(before);
  });

  it('rename and move rewrite the paths of the subtree and the storage_location of its items, which search then finds', async () => {
    const h = harness();
    const { b, room, cab, shelf, other } = await building(h);
    const a = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '乙醇', quantity: 500, unit: 'mL', location_id: shelf.id });
    const c = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '丙酮', quantity: 1, unit: 'L', location_id: cab.id });
    const elsewhere = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '甲苯', quantity: 1, unit: 'L', location_id: other.id });
    h.events.length = 0;

    const renamed = await h.ok<LocationNode>(h.admin, 'updateLocation', { id: room.id, name: '305 实验室' });
    expect(renamed).toMatchObject({ id: room.id, name: '305 实验室', path: '化学楼 › 305 实验室', items_below: 2 });
    const paths = () => Object.fromEntries((h.dbs.lab.prepare('SELECT id, path FROM locations').all() as Array<{ id: number; path: string }>).map((r) => [r.id, r.path]));
    expect(paths()).toMatchObject({ [cab.id]: '化学楼 › 305 实验室 › A柜', [shelf.id]: '化学楼 › 305 实验室 › A柜 › 2层', [other.id]: '化学楼 › 302' });
    expect((await h.ok<InventoryItem>(h.guest, 'getInventoryItem', { id: a.id })).storage_location).toBe('化学楼 › 305 实验室 › A柜 › 2层');
    expect((await h.ok<InventoryItem>(h.guest, 'getInventoryItem', { id: elsewhere.id })).storage_location).toBe('化学楼 › 302');
    const found = await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: '305 实验室', field: 'storage_location' });
    expect(found.rows.map((r) => r.id).sort()).toEqual([a.id, c.id].sort());
    expect((await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: '301' })).total).toBe(0);
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'records-changed', endpoint: '/inventory/' }));
    const audit = await h.data.read((r) => readHistory(r, 'location', room.id));
    expect(audit.at(-1)).toMatchObject({ action: 'update', changes: { name: ['301', '305 实验室'], path: ['化学楼 › 301', '化学楼 › 305 实验室'], items: [null, 2] } });

    // Move the cabinet (with its shelf) to room 302.
    const moved = await h.ok<LocationNode>(h.admin, 'updateLocation', { id: cab.id, parent_id: other.id });
    expect(moved.path).toBe('化学楼 › 302 › A柜');
    expect((await h.ok<InventoryItem>(h.guest, 'getInventoryItem', { id: a.id })).storage_location).toBe('化学楼 › 302 › A柜 › 2层');
    expect((await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: '302 A柜' })).rows.map((r) => r.id).sort()).toEqual([a.id, c.id].sort());
    // … and to the top level.
    expect((await h.ok<LocationNode>(h.admin, 'updateLocation', { id: cab.id, parent_id: null })).path).toBe('A柜');
    expect(paths()[shelf.id]).toBe('A柜 › 2层');

    // Not under itself or below it; nothing changes.
    const before = snapshot(h);
    for (const parent of [cab.id, shelf.id]) {
      const r = await h.call(h.admin, 'updateLocation', { id: cab.id, parent_id: parent });
      expect(r).toMatchObject({ ok: false, error: { code: 'validation', key: 'locations.ownSubtree', fields: { parent_id: { key: 'field.locationOwnSubtree' } } } });
    }
    expect(snapshot(h)).toEqual(before);
    expect(b.id).toBeGreaterThan(0);
  });

  it('refuses to delete a location holding items, with the count; deletes an empty subtree', async () => {
    const h = harness();
    const { b, room, cab, shelf, other } = await building(h);
    await h.ok(h.member, 'createInventoryItem', { name: '乙醇', quantity: 500, unit: 'mL', location_id: shelf.id });
    await h.ok(h.member, 'createInventoryItem', { name: '丙酮', quantity: 1, unit: 'L', location_id: cab.id });
    const used = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '甲苯', quantity: 1, unit: 'L', location_id: other.id });
    await h.ok(h.member, 'consumeInventoryItem', { id: used.id });
    const before = snapshot(h);
    for (const [id, count] of [[b.id, 2], [room.id, 2], [shelf.id, 1]] as const) {
      const r = await h.call(h.admin, 'deleteLocation', { id });
      expect(r).toMatchObject({ ok: false, error: { code: 'conflict', key: 'locations.hasItems', params: { count } } });
    }
    expect(snapshot(h)).toEqual(before);
    // Room 302 holds only a used-up item: it goes, the item keeps its last path as text.
    const child = await h.ok<LocationNode>(h.admin, 'createLocation', { name: '通风橱', parent_id: other.id });
    expect(await h.ok(h.admin, 'deleteLocation', { id: other.id })).toEqual({ ok: true, removed: 2 });
    const tree = await h.ok<LocationNode[]>(h.admin, 'listLocations', {});
    expect(tree.map((n) => n.id)).not.toContain(child.id);
    expect(await h.ok<InventoryItem>(h.guest, 'getInventoryItem', { id: used.id })).toMatchObject({ location_id: null, storage_location: '化学楼 › 302' });
  });

  it('moving an item sets its location, writes a `moved` movement and an audit entry; refusals change nothing', async () => {
    const h = harness();
    const { cab, shelf, other } = await building(h);
    const item = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '乙醇', quantity: 1500, unit: 'g', container_size: 500, container_label: '瓶', location_id: shelf.id });
    h.events.length = 0;
    const moved = await h.ok<InventoryItem>(h.member, 'moveInventoryItem', { id: item.id, location_id: other.id, note: '腾出 A 柜' });
    expect(moved).toMatchObject({ location_id: other.id, storage_location: '化学楼 › 302', quantity: 1500 });
    expect(movements(h, item.id).at(-1)).toMatchObject({
      kind: 'moved', amount: 1500, delta: 0, unit: 'g', balance_after: 1500, reason: '腾出 A 柜', user_id: h.member.id,
      from_location_id: shelf.id, to_location_id: other.id, from_location: '化学楼 › 301 › A柜 › 2层', to_location: '化学楼 › 302',
    });
    expect((await h.records.history('inventory_item', item.id)).at(-1)).toMatchObject({ action: 'move', changes: { storage_location: ['化学楼 › 301 › A柜 › 2层', '化学楼 › 302'] } });
    expect(h.events).toContainEqual({ type: 'records-changed', endpoint: '/inventory/', ids: [item.id] });
    expect((await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { search: '302', field: 'storage_location' })).rows.map((r) => r.id)).toEqual([item.id]);

    const before = snapshot(h);
    expect(await h.call(h.member, 'moveInventoryItem', { id: item.id, location_id: other.id })).toMatchObject({ ok: false, error: { code: 'validation', fields: { location_id: { key: 'field.sameLocation' } } } });
    expect(await h.call(h.member, 'moveInventoryItem', { id: item.id, location_id: 9999 })).toMatchObject({ ok: false, error: { code: 'validation', fields: { location_id: expect.anything() } } });
    expect(await h.call(h.member, 'moveInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'validation', fields: { location_id: expect.anything() } } });
    expect(await h.call(h.member, 'moveInventoryItem', { id: item.id, location_id: cab.id, note: 'x'.repeat(501) })).toMatchObject({ ok: false, error: { fields: { note: expect.anything() } } });
    expect(await h.call(h.guest, 'moveInventoryItem', { id: item.id, location_id: cab.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await h.call(h.member, 'moveInventoryItem', { id: 9999, location_id: cab.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    await h.ok(h.member, 'consumeInventoryItem', { id: item.id });
    const consumed = snapshot(h);
    expect(await h.call(h.member, 'moveInventoryItem', { id: item.id, location_id: cab.id })).toMatchObject({ ok: false, error: { code: 'conflict', key: 'locations.itemNotPresent' } });
    expect(snapshot(h)).toEqual(consumed);
    // the refusals wrote nothing; the consume wrote its one `used` movement
    expect(consumed.movements).toBe(before.movements + 1);
  });

  it('filters the inventory list by a subtree, with search, status and sort', async () => {
    const h = harness();
    const { b, room, cab, shelf, other } = await building(h);
    const mk = (name: string, location_id: number) => h.ok<InventoryItem>(h.member, 'createInventoryItem', { name, quantity: 1, unit: 'L', location_id });
    const s1 = await mk('乙醇', shelf.id);
    const c1 = await mk('乙酸乙酯', cab.id);
    const c2 = await mk('丙酮', cab.id);
    const o1 = await mk('乙醚', other.id);
    await h.ok(h.member, 'borrowInventoryItem', { id: c2.id });
    const ids = async (q: Record<string, unknown>) => (await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', q)).rows.map((r) => r.id);
    expect(await ids({ location_id: b.id })).toEqual([o1.id, c2.id, c1.id, s1.id]);
    expect(await ids({ location_id: room.id })).toEqual([c2.id, c1.id, s1.id]);
    expect(await ids({ location_id: shelf.id })).toEqual([s1.id]);
    expect(await ids({ location_id: room.id, status: 'borrowed' })).toEqual([c2.id]);
    expect(await ids({ location_id: room.id, sort: 'name' })).toEqual((await ids({ sort: 'name' })).filter((id) => id !== o1.id));
    expect(await ids({ location_id: room.id, search: '乙' })).toHaveLength(2);
    expect((await ids({ location_id: room.id, search: '乙' })).sort()).toEqual([s1.id, c1.id].sort());
    expect(await ids({ location_id: other.id, search: '乙醇' })).toEqual([]);
    expect((await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { location_id: room.id, pageSize: 2 })).total).toBe(3);
    expect(await h.call(h.guest, 'listInventory', { location_id: 'x' })).toMatchObject({ ok: false, error: { fields: { location_id: expect.anything() } } });
    expect(await h.call(h.guest, 'listReagentOrders', { location_id: b.id })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});

describe('locations over HTTP', () => {
  it('GET and POST /api/locations, PATCH/DELETE /api/locations/:id, POST /api/inventory/:id/move', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const admin = await login(base, 'admin', 'admin-pass-1');
    const alice = await login(base, 'alice', 'alice-pass-1');
    const room = await http(base, 'POST', '/api/locations', { name: '301' }, admin);
    expect(room).toMatchObject({ status: 200, json: { name: '301', path: '301', parent_id: null, items_here: 0, items_below: 0 } });
    const cab = await http(base, 'POST', '/api/locations', { name: 'A柜', parent_id: room.json.id }, admin);
    expect(cab.json.path).toBe('301 › A柜');
    expect((await http(base, 'POST', '/api/locations', { name: 'x' }, alice)).status).toBe(403);
    const bad = await http(base, 'POST', '/api/locations', { name: '' }, admin);
    expect(bad).toMatchObject({ status: 400, json: { error: { code: 'validation', fields: { name: expect.anything() } } } });
    const item = await http(base, 'POST', '/api/inventory', { name: '乙醇', quantity: 500, unit: 'mL', location_id: room.json.id }, alice);
    const move = await http(base, 'POST', `/api/inventory/${item.json.id}/move`, { location_id: cab.json.id }, alice);
    expect(move).toMatchObject({ status: 200, json: { storage_location: '301 › A柜' } });
    const list = await http(base, 'GET', '/api/locations', undefined, alice);
    expect(list).toMatchObject({ status: 200, json: [{ path: '301', items_below: 1 }, { path: '301 › A柜', items_here: 1 }] });
    expect((await http(base, 'GET', `/api/inventory/?location_id=${room.json.id}`, undefined, alice)).json).toMatchObject({ total: 1 });
    expect((await http(base, 'PATCH', `/api/locations/${room.json.id}`, { name: '302' }, admin)).json.path).toBe('302');
    expect((await http(base, 'GET', `/api/inventory/${item.json.id}`, undefined, alice)).json.storage_location).toBe('302 › A柜');
    expect(await http(base, 'DELETE', `/api/locations/${room.json.id}`, undefined, admin)).toMatchObject({ status: 409, json: { error: { key: 'locations.hasItems', params: { count: 1 } } } });
  });
});
