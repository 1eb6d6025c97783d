// The import worker's two jobs run here in this process (the worker is a forked child, see
// import-stream.test.ts for the whole path): the scan checks every row and spools the valid ones,
// the write puts exactly the spooled rows in lab.db in one transaction — or nothing at all.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportProgress } from '../../src/shared/records';
import { scanImport } from '../../src/main/bulk-import/import-scan.child';
import { writeImport } from '../../src/main/bulk-import/import-write.child';
import { AppError } from '../../src/shared/errors';
import { createHarness, tempDir } from './harness';
import { writeTable } from '../fixtures/records/generate-samples';
import { IMPORT_HEADERS, sampleItems, toImportRow } from '../fixtures/records/sample-data';

const count = (db: { prepare: (sql: string) => { get: () => unknown } }, sql: string) => (db.prepare(sql).get() as { n: number }).n;

async function table(ext: 'csv' | 'xlsx', rows: string[][]): Promise<string> {
  const file = path.join(tempDir('lab-import-jobs-'), `items.${ext}`);
  await writeTable(file, IMPORT_HEADERS, rows);
  return file;
}

function goodAndBad(): string[][] {
  const rows = sampleItems(5).map(toImportRow);
  rows[0]![0] = '乙醇 import-jobs';
  const missingName = toImportRow(sampleItems(1)[0]!);
  missingName[0] = '';
  const negative = toImportRow(sampleItems(1)[0]!);
  negative[4] = '-2';
  return [...rows.slice(0, 3), missingName, ...rows.slice(3), negative];
}

describe('import worker jobs', () => {
  for (const ext of ['csv', 'xlsx'] as const) {
    it(`${ext}: the scan counts every row, names the bad ones and spools only the valid ones; the write puts those in lab.db with audit entries`, async () => {
      const file = await table(ext, goodAndBad());
      const spool = path.join(path.dirname(file), 'rows.spool');
      const progress: ImportProgress[] = [];
      const scan = await scanImport({ file, fileName: path.basename(file), spool }, (p) => progress.push(p));
      expect(scan).toMatchObject({ totalRows: 7, validRows: 5, badRows: 2, headers: IMPORT_HEADERS });
      expect(scan.errors.map((e) => e.row)).toEqual([5, 8]);
      expect(scan.sample).toHaveLength(7);
      expect(progress.at(-1)).toEqual({ phase: 'parse', rows: 7, total: null, percent: 100 });
      // One spooled row per valid row, in file order.
      const spooled = new Database(spool, { readonly: true });
      expect(spooled.prepare('SELECT name FROM rows ORDER BY n').pluck().all()).toEqual(['乙醇 import-jobs', ...sampleItems(5).slice(1).map((it) => it.name)]);
      spooled.close();

      const h = createHarness();
      const before = count(h.dbs.lab, 'SELECT count(*) AS n FROM inventory_items');
      const written: ImportProgress[] = [];
      const { ids } = writeImport(h.dbs.lab.name, spool, h.member, scan.validRows, (p) => written.push(p));
      expect(ids).toHaveLength(5);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(written.at(-1)).toEqual({ phase: 'write', rows: 5, total: 5, percent: 100 });
      expect(count(h.dbs.lab, 'SELECT count(*) AS n FROM inventory_items') - before).toBe(5);
      expect(count(h.dbs.lab, "SELECT count(*) AS n FROM audit_log WHERE action = 'import'")).toBe(5);
      // The rows are found by the list search like any other (the index is kept by triggers).
      const found = await h.ok<{ total: number; rows: Array<{ id: number; created_by: number }> }>(h.member, 'listInventory', { search: 'import-jobs' });
      expect(found.total).toBe(1);
      expect(found.rows[0]).toMatchObject({ id: ids[0] });
      // The commit writes what a form create of the same values writes: the item (with its
      // location node), its `received` movement and the audit entry's changes.
      const item = (id: number) => { const { id: _id, created_at: _c, updated_at: _u, ...rest } = h.dbs.lab.prepare('SELECT * FROM inventory_items WHERE id = ?').get(id) as Record<string, unknown>; return rest; };
      const movement = (id: number) => { const { id: _id, at: _a, item_id: _i, ...rest } = h.dbs.lab.prepare('SELECT * FROM stock_movements WHERE item_id = ?').get(id) as Record<string, unknown>; return rest; };
      const changes = (id: number) => h.dbs.lab.prepare("SELECT changes FROM audit_log WHERE entity_type = 'inventory_item' AND entity_id = ?").pluck().get(id);
      // (The import turns "9 瓶" of a 500 g specification into 4500 g in 500 g containers; the form is sent that.)
      const imported = item(ids[0]!);
      const same = await h.ok<{ id: number }>(h.member, 'createInventoryItem', { ...sampleItems(5)[0]!, name: '乙醇 import-jobs', quantity: imported.quantity, unit: imported.unit, container_size: imported.container_size, container_label: imported.container_label });
      expect(imported).toEqual(item(same.id));
      expect(item(ids[0]!).location_id).not.toBeNull();
      expect(movement(ids[0]!)).toEqual(movement(same.id));
      expect(changes(ids[0]!)).toBe(changes(same.id));
      // Every imported row has its own movement and audit entry, on its own id.
      expect(count(h.dbs.lab, `SELECT count(DISTINCT item_id) AS n FROM stock_movements WHERE item_id IN (${ids.join(',')}) AND kind = 'received'`)).toBe(5);
      const names = h.dbs.lab.prepare(`SELECT a.changes ->> '$.name[1]' AS audited, i.name FROM audit_log a JOIN inventory_items i ON i.id = a.entity_id WHERE a.action = 'import' ORDER BY i.id`).all() as Array<{ audited: string; name: string }>;
      expect(names).toHaveLength(5);
      for (const r of names) expect(r.audited).toBe(r.name);
    });
  }

  it('a damaged spool (its bytes overwritten on disk) is a clear error and writes nothing', async () => {
    const file = await table('csv', sampleItems(4).map(toImportRow));
    const spool = path.join(path.dirname(file), 'rows.spool');
    await scanImport({ file, fileName: 'items.csv', spool }, () => undefined);
    fs.writeFileSync(spool, Buffer.alloc(fs.statSync(spool).size, 0x5a));
    const h = createHarness();
    const before = count(h.dbs.lab, 'SELECT count(*) AS n FROM inventory_items');
    expect(() => writeImport(h.dbs.lab.name, spool, h.member, 4, () => undefined)).toThrow(expect.objectContaining({ key: 'import.spoolDamaged' }));
    expect(count(h.dbs.lab, 'SELECT count(*) AS n FROM inventory_items')).toBe(before);
  });

  it('a spool shorter than the preview counted (part of it lost on disk) writes nothing', async () => {
    const file = await table('csv', sampleItems(4).map(toImportRow));
    const spool = path.join(path.dirname(file), 'rows.spool');
    const scan = await scanImport({ file, fileName: 'items.csv', spool }, () => undefined);
    expect(scan.validRows).toBe(4);
    const h = createHarness();
    const before = count(h.dbs.lab, 'SELECT count(*) AS n FROM inventory_items');
    let err: unknown;
    try {
      writeImport(h.dbs.lab.name, spool, h.member, 5, () => undefined);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ key: 'import.spoolShort', params: { written: 4, total: 5 } });
    expect(count(h.dbs.lab, 'SELECT count(*) AS n FROM inventory_items')).toBe(before);
    expect(count(h.dbs.lab, "SELECT count(*) AS n FROM audit_log WHERE action = 'import'")).toBe(0);
  });

  // A commit that at least doubles a table drops the table's indexes and builds them after its rows
  // (import-write.child.ts deferIndexes); 12 000 rows into an empty lab take that path.
  const indexSql = (db: Database.Database) =>
    db.prepare("SELECT tbl_name, name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('inventory_items', 'stock_movements', 'audit_log') ORDER BY name").all();
  async function bigSpool(lastName?: string): Promise<{ spool: string; rows: number }> {
    const rows = sampleItems(12_000).map(toImportRow);
    if (lastName) rows[rows.length - 1]![0] = lastName;
    const file = await table('csv', rows);
    const spool = path.join(path.dirname(file), 'rows.spool');
    const scan = await scanImport({ file, fileName: 'items.csv', spool }, () => undefined);
    expect(scan.validRows).toBe(12_000);
    return { spool, rows: scan.validRows };
  }

  it('a big first import leaves every index of the tables it fills as it was, complete, and used by the list queries', async () => {
    const { spool, rows } = await bigSpool();
    const h = createHarness();
    const before = indexSql(h.dbs.lab);
    expect(before.length).toBeGreaterThan(20);
    writeImport(h.dbs.lab.name, spool, h.member, rows, () => undefined);
    expect(count(h.dbs.lab, 'SELECT count(*) AS n FROM inventory_items')).toBe(12_000);
    expect(indexSql(h.dbs.lab)).toEqual(before);
    // Every index holds every row (integrity_check compares each index with its table).
    expect(h.dbs.lab.pragma('integrity_check', { simple: true })).toBe('ok');
    const plan = (sql: string) => (h.dbs.lab.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
    expect(plan('SELECT id FROM inventory_items ORDER BY name_sort LIMIT 50')).toMatch(/USING (COVERING )?INDEX inventory_items_by_name/);
    expect(plan('SELECT id FROM stock_movements WHERE item_id = 7 ORDER BY id')).toMatch(/USING (COVERING )?INDEX stock_movements_item/);
    // A later import of a few rows into the now big table goes the ordinary way and is found as well.
    const small = await table('csv', sampleItems(3).map((it) => toImportRow({ ...it, name: `${it.name} later` })));
    const smallSpool = `${small}.spool`;
    await scanImport({ file: small, fileName: 'items.csv', spool: smallSpool }, () => undefined);
    writeImport(h.dbs.lab.name, smallSpool, h.member, 3, () => undefined);
    expect(indexSql(h.dbs.lab)).toEqual(before);
    const found = await h.ok<{ total: number }>(h.member, 'listInventory', { search: 'later', sort: 'name' });
    expect(found.total).toBe(3);
  });

  it('a big first import the database refuses at its last row keeps every index and writes nothing', async () => {
    const { spool, rows } = await bigSpool('最后一行');
    const h = createHarness();
    const before = indexSql(h.dbs.lab);
    h.dbs.lab.exec("CREATE TRIGGER fail_last BEFORE INSERT ON inventory_items WHEN NEW.name = '最后一行' BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    expect(() => writeImport(h.dbs.lab.name, spool, h.member, rows, () => undefined)).toThrow('disk full');
    expect(count(h.dbs.lab, 'SELECT count(*) AS n FROM inventory_items')).toBe(0);
    expect(indexSql(h.dbs.lab)).toEqual(before);
  });

  it('a file removed before the scan is a clear error', async () => {
    const file = await table('csv', sampleItems(2).map(toImportRow));
    fs.rmSync(file);
    await expect(scanImport({ file, fileName: 'items.csv', spool: `${file}.spool` }, () => undefined)).rejects.toMatchObject({ key: 'import.fileGone' });
  });
});
