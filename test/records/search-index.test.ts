// The list search index (lab.db v6, records/search-index.ts): searches through the FTS5 trigram
// index answer exactly what the search means (every word occurs in the chosen column, normalized),
// checked against a brute-force filter over every row for many query kinds on all three lists;
// the index follows every write path; v5 data is indexed by the migration; a damaged or missing
// index is rebuilt at start and never takes a list down meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LISTS, type ListEndpoint } from '../../src/shared/records';
import { consumableListInput, inventoryListInput, reagentListInput } from '../../src/shared/contract/records';
import { indexSearchIds, listChunks, listPage, type ListSpec } from '../../src/main/records/search';
import { inventoryListSpec, inventoryRowValues, insertItem } from '../../src/main/records/inventory-service';
import { reagentListSpec } from '../../src/main/records/reagent-order-service';
import { consumableListSpec } from '../../src/main/records/consumable-order-service';
import { ensureSearchIndexes, searchIndexProblem } from '../../src/main/records/search-index';
import { insertMany } from '../support/bulk-insert';
import { openDatabases } from '../../src/main/db/databases';
import { latestVersion, migrate } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { createHarness, type Harness, tempDir } from './harness';
import { IMPORT_HEADERS, rng, sampleItems, toImportRow } from '../fixtures/records/sample-data';
import { writeTable } from '../fixtures/records/generate-samples';
import { allRows, referenceWithPinyin, type Q, type Row } from './list-reference';
import { startTestServices } from '../support/temp';

const SPECS: Record<ListEndpoint, ListSpec<unknown>> = { '/inventory/': inventoryListSpec, '/reagent-orders/': reagentListSpec, '/consumable-orders/': consumableListSpec };
const INPUTS = { '/inventory/': inventoryListInput, '/reagent-orders/': reagentListInput, '/consumable-orders/': consumableListInput } as const;


function ids(db: Database.Database, endpoint: ListEndpoint, q: Q): number[] {
  const parsed = INPUTS[endpoint].parse(q);
  const { chunks } = listChunks(db, SPECS[endpoint], parsed, ['id'], 500);
  return [...chunks].flat().map((r) => r[0] as number);
}

const usage = { index: 0, scan: 0 };

/** Compares the list (every id in order, and one page with its total) with the reference. */
function expectSame(db: Database.Database, endpoint: ListEndpoint, rows: Row[], q: Q, throughIndex = true): void {
  const { ids: want, pinyin } = referenceWithPinyin(endpoint, rows, q);
  expect(ids(db, endpoint, q), `${endpoint} ${JSON.stringify(q)}`).toEqual(want);
  if (throughIndex && q.search.trim()) {
    // The index's own answer, where it takes the query (the scan would hide a wrong index).
    const direct = indexSearchIds(db, SPECS[endpoint], INPUTS[endpoint].parse(q));
    if (direct) expect(direct, `index: ${endpoint} ${JSON.stringify(q)}`).toEqual(want);
    usage[direct ? 'index' : 'scan']++;
  }
  const page = listPage(db, SPECS[endpoint], INPUTS[endpoint].parse({ ...q, page: 2, pageSize: 7 }));
  expect(page.total).toBe(want.length);
  expect(page.rows.map((r) => (r as { id: number }).id)).toEqual(want.slice(7, 14));
  // The page names its rows found only through pinyin.
  expect(page.pinyin ?? [], `pinyin marks: ${endpoint} ${JSON.stringify(q)}`).toEqual(want.slice(7, 14).filter((id) => pinyin.has(id)));
}

/** Query words taken from the data: substrings of 1–6 characters, CAS numbers in every spelling, several words, no match. */
function queries(endpoint: ListEndpoint, rows: Row[], n: number, seed: number): Q[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const list = LISTS[endpoint];
  const fields: string[] = ['all', ...list.indexed];
  const textFields = [...list.indexed, ...list.searchAllAlso];
  const sorts: string[] = ['', '', '', '-id', 'id', ...list.sortable.flatMap((c) => [c, `-${c}`])];
  const word = () => {
    const v = String(pick(rows)[pick(textFields)] ?? '');
    const len = pick([1, 2, 2, 3, 4, 6]);
    const start = Math.floor(r() * Math.max(1, [...v].length - len));
    const w = [...v].slice(start, start + len).join('').trim();
    const shaped = pick(['as is', 'upper', 'full-width']);
    return shaped === 'upper' ? w.toUpperCase() : shaped === 'full-width' ? w.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)) : w;
  };
  const out: Q[] = [];
  for (let i = 0; i < n; i++) {
    const kind = pick(['one', 'one', 'two', 'three', 'cas', 'none', 'nomatch']);
    const cas = endpoint === '/consumable-orders/' ? '' : String(pick(rows).cas_number ?? '');
    const search =
      kind === 'one' ? word()
      : kind === 'two' ? `${word()} ${word()}`
      : kind === 'three' ? `${word()}\u3000${word()} ${word()}`
      : kind === 'cas' ? pick([cas, cas.replace(/-/g, ''), cas.replace(/-/g, '\uff0d'), cas.slice(0, 4)])
      : kind === 'nomatch' ? 'zqxjv'
      : '';
    out.push({ search, field: kind === 'cas' && cas ? pick(['all', 'cas_number']) : pick(fields), status: r() < 0.3 ? pick(list.statuses) : '', sort: pick(sorts) });
  }
  return out;
}

async function seedAll(h: Harness, items: number): Promise<void> {
  const sample = sampleItems(items, 5);
  await h.data.withWriteTransaction(async (tx) => {
    for (const it of sample) await insertItem(tx, inventoryRowValues(it, it.cas_number), h.member);
  });
  const r = rng(11);
  for (let id = 1; id <= items; id += 7) {
    const step = r();
    if (step < 0.4) await h.stock.borrow(h.member, { id });
    else if (step < 0.7) await h.stock.consume(h.member, id);
    else await h.stock.dispose(h.member, { id, reason: 'expired' });
  }
  for (const [i, it] of sampleItems(Math.round(items / 5), 9).entries()) {
    const o = await h.records.reagentOrders.create(i % 2 ? h.member : h.member2, { ...it, unit_price: i % 3 ? i : undefined });
    if (i % 3 === 0) await h.records.reagentOrders.approve(h.admin, o.id);
    if (i % 9 === 0) await h.records.reagentOrders.arrive(h.admin, o.id);
    else if (i % 5 === 4 && i % 3 !== 0) await h.records.reagentOrders.reject(h.admin, o.id, '重复');
  }
  const goods = ['移液枪头 200μL', '离心管 1.5mL', '丁腈手套 M', 'PCR 八连管', 'Pipette tips', 'Nitrile gloves', '称量纸'];
  for (let i = 0; i < Math.round(items / 10); i++) {
    const o = await h.records.consumableOrders.create(i % 2 ? h.member : h.member2, { name: goods[i % goods.length]!, specification: `盒/${50 + i}`, quantity: 1 + (i % 5), communication: ['王老师', 'Dr. Smith', '课题组群', ''][i % 4] });
    if (i % 4 === 1) await h.records.consumableOrders.approve(h.admin, o.id);
  }
}

describe('list search through the index', () => {
  it('answers what the search means for every query kind, on all three lists', async () => {
    const h = createHarness();
    await seedAll(h, 2500);
    for (const endpoint of Object.keys(LISTS) as ListEndpoint[]) {
      const rows = allRows(h.dbs.lab, endpoint);
      const fixed: Q[] = [
        { search: '乙醇', field: 'all', status: '', sort: '' },
        { search: '醇', field: 'name', status: '', sort: '' },
        { search: 'a', field: 'all', status: '', sort: '' },
        { search: '1', field: 'all', status: '', sort: '-id' },
        { search: 'a e', field: 'all', status: '', sort: '' },
        { search: '64-17-5', field: 'all', status: '', sort: '' },
        { search: '６４１７５', field: 'cas_number', status: '', sort: 'name' },
        { search: 'acid', field: 'all', status: LISTS[endpoint].statuses[0], sort: '' },
        { search: 'ACID', field: 'all', status: '', sort: '-quantity' },
        { search: 'chloro benz', field: 'name', status: '', sort: '' },
        { search: '张三', field: 'applicant', status: '', sort: 'applicant' },
        { search: '手套', field: 'all', status: '', sort: '' },
        { search: 'tips', field: 'name', status: '', sort: '-created_at' },
        { search: '"quoted"', field: 'all', status: '', sort: '' },
        { search: '', field: 'all', status: LISTS[endpoint].statuses[1], sort: 'name' },
        // Pinyin: full, spaced, initials, mixed, a word that is plain and pinyin, with other words.
        { search: 'yichun', field: 'all', status: '', sort: '' },
        { search: 'yi chun', field: 'all', status: '', sort: 'name' },
        { search: 'yc', field: 'name', status: '', sort: '' },
        { search: '乙chun', field: 'all', status: LISTS[endpoint].statuses[0], sort: '' },
        { search: 'an', field: 'all', status: '', sort: '' },
        { search: 'yjrj', field: 'all', status: '', sort: '-id' },
        { search: 'acid yc', field: 'all', status: '', sort: '' },
        { search: 'zhangsan', field: 'applicant', status: '', sort: '' },
        { search: 'ws', field: 'all', status: '', sort: '' },
      ];
      // A fixed query's field or sort that this list does not have becomes `all` / no sort.
      const fields: readonly string[] = LISTS[endpoint].indexed;
      const sortable: readonly string[] = LISTS[endpoint].sortable;
      const fit = (q: Q): Q => ({ ...q, field: fields.includes(q.field) ? q.field : 'all', sort: sortable.includes(q.sort.replace(/^-/, '')) ? q.sort : '' });
      for (const q of [...fixed.map(fit), ...queries(endpoint, rows, 120, endpoint.length)]) expectSame(h.dbs.lab, endpoint, rows, q);
    }
    // Nearly every search goes through the index; only very common one-letter words take the scan.
    expect(usage.index).toBeGreaterThan(usage.scan * 8);
  }, 120_000);

  it('follows every write path: create, edit, status change, delete, bulk import, stock-in', async () => {
    const h = createHarness();
    await seedAll(h, 200);
    const find = async (endpoint: ListEndpoint, search: string, extra: Record<string, string> = {}) => {
      const op = { '/inventory/': 'listInventory', '/reagent-orders/': 'listReagentOrders', '/consumable-orders/': 'listConsumableOrders' }[endpoint];
      return (await h.ok<{ rows: Array<{ id: number; name: string }> }>(h.member, op, { search, ...extra })).rows.map((r) => r.name);
    };
    const item = await h.ok<{ id: number }>(h.member, 'createInventoryItem', { name: 'Zylofon 甲乙', cas_number: '', quantity: 1, storage_location: 'Q9-冷柜' });
    expect(await find('/inventory/', 'zylofon')).toEqual(['Zylofon 甲乙']);
    expect(await find('/inventory/', '甲乙')).toEqual(['Zylofon 甲乙']);
    expect(await find('/inventory/', 'q9', { field: 'storage_location' })).toEqual(['Zylofon 甲乙']);
    await h.ok(h.member, 'updateInventoryItem', { id: item.id, name: 'Quarvex', storage_location: 'R7' });
    expect(await find('/inventory/', 'zylofon')).toEqual([]);
    expect(await find('/inventory/', 'q9')).toEqual([]);
    expect(await find('/inventory/', 'quarvex r7')).toEqual(['Quarvex']);
    await h.ok(h.member, 'borrowInventoryItem', { id: item.id });
    expect(await find('/inventory/', 'quarvex', { status: 'in_stock' })).toEqual([]);
    expect(await find('/inventory/', 'quarvex', { status: 'borrowed' })).toEqual(['Quarvex']);
    await h.ok(h.member, 'returnInventoryItem', { id: item.id });
    await h.ok(h.admin, 'deleteInventoryItem', { id: item.id });
    expect(await find('/inventory/', 'quarvex')).toEqual([]);

    // Bulk import through the import service.
    const file = path.join(tempDir(), 'import.csv');
    const rows = sampleItems(3, 77).map((it, i) => toImportRow({ ...it, name: ['Brimzol', 'Cradnex', '黄芩苷甲'][i]!, cas_number: '' }));
    await writeTable(file, IMPORT_HEADERS, rows);
    const up = await h.ok<{ importId: string }>(h.member, 'importUpload', { fileName: 'import.csv', chunk: fs.readFileSync(file).toString('base64'), last: true });
    const preview = await h.ok<{ mapping: unknown }>(h.member, 'importPreview', { importId: up.importId });
    await h.ok(h.member, 'importCommit', { importId: up.importId, mapping: preview.mapping, skipBadRows: false });
    expect(await find('/inventory/', 'brimzol')).toEqual(['Brimzol']);
    expect(await find('/inventory/', '黄芩')).toEqual(['黄芩苷甲']);

    // Stock-in: the order changes status, the new item is found.
    const order = await h.ok<{ id: number }>(h.member, 'createReagentOrder', { name: 'Plinthane', cas_number: '', quantity: 2 });
    expect(await find('/reagent-orders/', 'plinthane', { status: 'pending_approval' })).toEqual(['Plinthane']);
    await h.ok(h.admin, 'approveReagentOrder', { id: order.id });
    await h.ok(h.admin, 'arriveReagentOrder', { id: order.id });
    await h.ok(h.admin, 'createLocation', { name: 'S3-5号柜' });
    await h.ok(h.admin, 'stockInReagentOrder', { id: order.id, storage_location: 'S3-5号柜' });
    expect(await find('/reagent-orders/', 'plinthane', { status: 'pending_approval' })).toEqual([]);
    expect(await find('/reagent-orders/', 'plinthane', { status: 'stocked_in' })).toEqual(['Plinthane']);
    expect(await find('/inventory/', 'plinthane s3')).toEqual(['Plinthane']);
    // Orders: edit and delete.
    const c = await h.ok<{ id: number }>(h.member, 'createConsumableOrder', { name: 'Kimwipes 擦镜纸', quantity: 1 });
    await h.ok(h.member, 'updateConsumableOrder', { id: c.id, name: 'Parafilm 封口膜' });
    expect(await find('/consumable-orders/', '擦镜')).toEqual([]);
    expect(await find('/consumable-orders/', '封口')).toEqual(['Parafilm 封口膜']);
    await h.ok(h.member, 'deleteConsumableOrder', { id: c.id });
    expect(await find('/consumable-orders/', '封口')).toEqual([]);

    // And the index as a whole still agrees with the rows.
    for (const endpoint of Object.keys(LISTS) as ListEndpoint[]) {
      expect(searchIndexProblem(h.dbs.lab, LISTS[endpoint].table)).toBeNull();
      const all = allRows(h.dbs.lab, endpoint);
      for (const q of queries(endpoint, all, 40, 3)) expectSame(h.dbs.lab, endpoint, all, q);
    }
  }, 120_000);

  it('many rows in one statement (insertMany, for bulk writers) are indexed by the same triggers', async () => {
    const h = createHarness();
    await seedAll(h, 100);
    const before = (h.dbs.lab.prepare('SELECT max(id) FROM inventory_items').pluck().get() as number) ?? 0;
    const sample = sampleItems(500, 31);
    const ids = h.dbs.lab.transaction(() => insertMany(h.dbs.lab, 'inventory_items', sample.map((it) => ({ ...inventoryRowValues(it, it.cas_number), status: 'in_stock', created_by: h.member.id }))))();
    expect(ids).toEqual(sample.map((_, i) => before + 1 + i));
    expect((h.dbs.lab.prepare('SELECT name FROM inventory_items WHERE id = ?').pluck().get(ids[7]!) as string)).toBe(sample[7]!.name);
    expect(searchIndexProblem(h.dbs.lab, 'inventory_items')).toBeNull();
    const rows = allRows(h.dbs.lab, '/inventory/');
    for (const q of queries('/inventory/', rows, 40, 14)) expectSame(h.dbs.lab, '/inventory/', rows, q);
  });
});

/** A v5 lab.db (migrations 1–5 only) with rows written the way the v5 app wrote them. */
function v5DataDir(items: number): string {
  const dir = tempDir();
  const db = new Database(path.join(dir, 'lab.db'));
  migrate(db, labMigrations.filter((m) => m.version <= 5));
  expect(db.pragma('user_version', { simple: true })).toBe(5);
  db.prepare("INSERT INTO users (username, display_name, role, password_hash) VALUES ('admin', 'Admin', 'admin', 'x')").run();
  const sample = sampleItems(items, 21);
  // The columns v5 had (today's row values carry later columns too)
  const v5Columns = new Set((db.prepare('PRAGMA table_info(inventory_items)').all() as { name: string }[]).map((c) => c.name));
  const cols = Object.keys(inventoryRowValues(sample[0]!, sample[0]!.cas_number)).filter((c) => v5Columns.has(c));
  const ins = db.prepare(`INSERT INTO inventory_items (${cols.join(', ')}, status, created_by) VALUES (${cols.map(() => '?').join(', ')}, ?, 1)`);
  db.transaction(() => sample.forEach((it, i) => {
    const v = inventoryRowValues(it, it.cas_number);
    ins.run(...cols.map((c) => v[c]), i % 4 ? 'in_stock' : 'consumed');
  }))();
  db.close();
  return dir;
}

describe('lab.db v6 migration', () => {
  it('indexes the rows a v5 database holds', () => {
    const dir = v5DataDir(400);
    const dbs = openDatabases(dir);
    try {
      expect(dbs.lab.pragma('user_version', { simple: true })).toBe(latestVersion(labMigrations));
      expect(searchIndexProblem(dbs.lab, 'inventory_items')).toBeNull();
      const rows = allRows(dbs.lab, '/inventory/');
      for (const q of queries('/inventory/', rows, 60, 8)) expectSame(dbs.lab, '/inventory/', rows, q);
    } finally {
      dbs.close();
    }
  });

  it('a restored v5 backup is migrated and searchable', async () => {
    const s = await startTestServices();
    const old = v5DataDir(150);
    await s.backups.restore(old, { acceptWarnings: true });
    const lab = s.data.dbs.lab;
    expect(lab.pragma('user_version', { simple: true })).toBe(latestVersion(labMigrations));
    expect(searchIndexProblem(lab, 'inventory_items')).toBeNull();
    const rows = allRows(s.data.dbs.lab, '/inventory/');
    expect(rows).toHaveLength(150);
    for (const q of queries('/inventory/', rows, 40, 12)) expectSame(lab, '/inventory/', rows, q);
  }, 120_000);
});

describe('a damaged or missing search index', () => {
  /** A data directory with some rows; `damage` then runs on a raw connection with the guard off. */
  async function damaged(damage: (db: Database.Database) => void): Promise<{ dir: string; rebuilt: Array<{ table: string; problem: string }> }> {
    const dir = tempDir();
    const h = createHarness(dir);
    await seedAll(h, 300);
    h.dbs.close();
    const raw = new Database(path.join(dir, 'lab.db'));
    raw.unsafeMode(true);
    damage(raw);
    raw.close();
    const rebuilt: Array<{ table: string; problem: string }> = [];
    const dbs = openDatabases(dir, { afterMigrate: (lab) => rebuilt.push(...ensureSearchIndexes(lab)) });
    try {
      for (const endpoint of Object.keys(LISTS) as ListEndpoint[]) {
        expect(searchIndexProblem(dbs.lab, LISTS[endpoint].table)).toBeNull();
        const rows = allRows(dbs.lab, endpoint);
        for (const q of queries(endpoint, rows, 30, 5)) expectSame(dbs.lab, endpoint, rows, q);
      }
    } finally {
      dbs.close();
    }
    return { dir, rebuilt };
  }

  it('a missing shadow table: rebuilt from the rows at start, and said', async () => {
    const { rebuilt } = await damaged((db) => db.exec('DROP TABLE inventory_items_fts_data'));
    expect(rebuilt).toEqual([{ table: 'inventory_items', problem: expect.stringContaining('inventory_items_fts_data') }]);
  }, 120_000);

  it('a shadow table that lost rows: rebuilt at start', async () => {
    const { rebuilt } = await damaged((db) => db.exec('DELETE FROM reagent_orders_fts_docsize WHERE id % 2 = 0'));
    expect(rebuilt.map((r) => r.table)).toEqual(['reagent_orders']);
  }, 120_000);

  it('a missing trigger: rebuilt at start (rows written meanwhile are indexed)', async () => {
    const { rebuilt } = await damaged((db) => {
      db.exec('DROP TRIGGER consumable_orders_fts_insert');
      db.prepare("INSERT INTO consumable_orders (name, quantity, applicant_id, status, s_name, search_all) VALUES ('Vortexa', 1, 1, 'approved', 'vortexa', 'vortexa')").run();
    });
    expect(rebuilt.map((r) => r.table)).toEqual(['consumable_orders']);
  }, 120_000);

  it('damaged while the app runs: the lists still answer right (by a scan) until the next start rebuilds it', async () => {
    const h = createHarness();
    await seedAll(h, 300);
    const raw = new Database(path.join(path.dirname(h.dbs.lab.name), 'lab.db'));
    raw.unsafeMode(true);
    raw.exec('DELETE FROM inventory_items_fts_data WHERE id > 10');
    raw.close();
    const rows = allRows(h.dbs.lab, '/inventory/');
    for (const q of queries('/inventory/', rows, 40, 6)) expectSame(h.dbs.lab, '/inventory/', rows, q, false);
    expect(() => indexSearchIds(h.dbs.lab, inventoryListSpec, inventoryListInput.parse({ search: 'acid' }))).toThrow(/malformed|corrupt/);
  }, 120_000);
});
