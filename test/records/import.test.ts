// Bulk inventory import of the generated sample files (10 000 rows from chemicals.tsv, CSV and
// XLSX) and of a file with typical mistakes: preview with mapping, per-row errors, nothing written
// until commit, all valid rows in one transaction, bad rows skipped only on explicit choice.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult, ListResult, InventoryItem } from '../../src/shared/records';
import { createHarness, type Harness } from './harness';
import { writeSamples, writeTable } from '../fixtures/records/generate-samples';
import { IMPORT_HEADERS } from '../fixtures/records/sample-data';
import os from 'node:os';
import path from 'node:path';

const CHUNK = 1_000_000; // bytes of file per call, as the import wizard sends them

async function upload(h: Harness, file: string, user = h.member): Promise<string> {
  const buf = fs.readFileSync(file);
  let importId: string | undefined;
  for (let off = 0; off < buf.length || off === 0; off += CHUNK) {
    const last = off + CHUNK >= buf.length;
    const r = await h.ok<{ importId: string }>(user, 'importUpload', { importId, fileName: path.basename(file), chunk: buf.subarray(off, off + CHUNK).toString('base64'), last });
    importId = r.importId;
    if (last) break;
  }
  return importId!;
}

const count = (h: Harness) => (h.dbs.lab.prepare('SELECT count(*) AS n FROM inventory_items').get() as { n: number }).n;
let files: Awaited<ReturnType<typeof writeSamples>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-import-samples-'));

beforeAll(async () => {
  files = await writeSamples(dir, 10_000);
  return () => fs.rmSync(dir, { recursive: true, force: true });
});

describe('bulk inventory import', () => {
  for (const kind of ['csv', 'xlsx'] as const) {
    it(`imports the 10 000-row ${kind.toUpperCase()} sample in one transaction with one bulk hook call`, async () => {
      const h = createHarness();
      const t0 = performance.now();
      const importId = await upload(h, files[kind]);
      const preview = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
      expect(preview).toMatchObject({ totalRows: 10_000, validRows: 10_000, badRows: 0, errors: [], headers: IMPORT_HEADERS });
      // The Chinese headers were recognised without help.
      expect(preview.mapping).toEqual({ name: 0, english_name: 1, cas_number: 2, specification: 3, quantity: 4, unit: 5, storage_location: 6, brand: 7, category: 8, product_number: 9, hazardous: 10 });
      expect(preview.sample).toHaveLength(10);
      expect(count(h)).toBe(0); // nothing written before the user confirms
      const res = await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: false });
      const ms = performance.now() - t0;
      console.log(`[figure] 10 000-row ${kind} import (upload + parse + preview + commit): ${ms.toFixed(0)} ms`);
      expect(res).toMatchObject({ imported: 10_000, skipped: 0 });
      expect(count(h)).toBe(10_000);
      expect(h.hooks.calls).toEqual([{ kind: 'bulk', endpoint: '/inventory/', ids: res.ids }]);
      expect(h.events).toEqual([{ type: 'records-changed', endpoint: '/inventory/' }]);
      const eth = await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { search: '64-17-5', sort: 'id' });
      expect(eth.rows[0]).toMatchObject({ name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', status: 'in_stock', created_by: h.member.id });
      expect((await h.records.history('inventory_item', eth.rows[0]!.id))[0]).toMatchObject({ action: 'import', userName: '张三 Alice' });
      // The same import cannot be committed twice.
      expect(await h.call(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: false })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    });
  }

  for (const kind of ['badCsv', 'badXlsx'] as const) {
    it(`reports per-row errors (${kind}); refuses the commit unless bad rows are explicitly skipped`, async () => {
      const h = createHarness();
      const importId = await upload(h, files[kind]);
      const preview = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
      expect(preview.totalRows).toBe(25);
      expect(preview.badRows).toBe(5);
      expect(preview.validRows).toBe(20);
      const rowOf = (i: number) => 3 + i * 4 + 2; // bad row i was spliced in at data index 3+4i; +2 = header + 1-based
      expect(preview.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ row: rowOf(0), column: '名称', key: 'import.rowField', params: { field: 'name', problem: expect.objectContaining({ key: 'field.required' }) }, message: 'name is required' }),
          expect.objectContaining({ row: rowOf(1), column: '数量', params: { field: 'quantity', problem: expect.objectContaining({ key: 'field.notNegative' }) }, message: 'quantity must not be negative' }),
          expect.objectContaining({ row: rowOf(2), column: 'CAS号', key: 'cas.checkDigit', message: expect.stringContaining('check digit') }),
          expect.objectContaining({ row: rowOf(3), column: '数量', params: { field: 'quantity', problem: expect.objectContaining({ key: 'field.number' }) }, message: 'quantity must be a number' }),
          expect.objectContaining({ row: rowOf(4), column: '危险品', message: expect.stringContaining('"maybe"') }),
        ]),
      );
      const refused = await h.call(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: false });
      expect(refused).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('5 row(s) have errors') } });
      expect(count(h)).toBe(0);
      expect(h.hooks.calls).toEqual([]);
      const res = await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: true });
      expect(res).toMatchObject({ imported: 20, skipped: 5 });
      expect(count(h)).toBe(20);
    });
  }

  it('imports the small sample files committed under test/fixtures/records/samples', async () => {
    const h = createHarness();
    const samples = path.resolve(__dirname, '../fixtures/records/samples');
    for (const f of ['inventory-200.csv', 'inventory-200.xlsx']) {
      const importId = await upload(h, path.join(samples, f));
      const preview = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
      expect(preview, f).toMatchObject({ totalRows: 200, validRows: 200, badRows: 0 });
      await h.ok(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: false });
    }
    const bad = await upload(h, path.join(samples, 'inventory-with-errors.xlsx'));
    expect(await h.ok<ImportPreview>(h.member, 'importPreview', { importId: bad })).toMatchObject({ validRows: 20, badRows: 5 });
    expect(count(h)).toBe(400);
  });

  it('lets the user map columns by hand, and refuses a mapping without name or quantity', async () => {
    const h = createHarness();
    const file = path.join(dir, 'odd-headers.csv');
    await writeTable(file, ['Reagent', 'Registry', 'Amount', 'Where'], [
      ['Toluene', '108-88-3', '2', 'A301'],
      ['Hexane', '110-54-3', '1', 'B105'],
    ]);
    const importId = await upload(h, file);
    const auto = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(auto.mapping).toEqual({ quantity: 2 }); // 'Amount' is a known spelling; the rest is not
    expect(auto.validRows).toBe(0);
    expect(await h.call(h.member, 'importCommit', { importId, mapping: { cas_number: 1 }, skipBadRows: true })).toMatchObject({ ok: false, error: { code: 'validation', fields: { mapping: expect.objectContaining({ key: expect.any(String) }) } } });
    const mapping = { name: 0, cas_number: 1, quantity: 2, storage_location: 3 };
    expect(await h.ok<ImportPreview>(h.member, 'importPreview', { importId, mapping })).toMatchObject({ validRows: 2, badRows: 0 });
    expect(await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping, skipBadRows: false })).toMatchObject({ imported: 2 });
    expect((await h.ok<ListResult<InventoryItem>>(h.member, 'listInventory', { search: '108883' })).rows[0]).toMatchObject({ name: 'Toluene', storage_location: 'A301' });
  });

  it('a commit sent twice at the same time (double click) imports the rows once', async () => {
    const h = createHarness();
    const small = path.join(dir, 'double.csv');
    fs.writeFileSync(small, 'name,quantity\nAcetone,1\nToluene,2\n');
    const importId = await upload(h, small);
    const mapping = { name: 0, quantity: 1 };
    // No preview first, so the commit still has to parse the file (an await) when the second arrives.
    const [a, b] = await Promise.all([
      h.call(h.member, 'importCommit', { importId, mapping, skipBadRows: false }),
      h.call(h.member, 'importCommit', { importId, mapping, skipBadRows: false }),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect((a.ok ? b : a) as unknown).toMatchObject({ ok: false, error: { code: 'conflict', fields: { importId: expect.objectContaining({ key: expect.any(String) }) } } });
    expect(count(h)).toBe(2);
    expect(h.hooks.calls.filter((c) => c.kind === 'bulk')).toHaveLength(1);
  });

  it('refuses unsupported and malformed files, and imports of another user', async () => {
    const h = createHarness();
    const bin = path.join(dir, 'x.pdf');
    fs.writeFileSync(bin, 'not a spreadsheet');
    const id1 = await upload(h, bin);
    expect(await h.call(h.member, 'importPreview', { importId: id1 })).toMatchObject({ ok: false, error: { code: 'validation', fields: { file: expect.objectContaining({ key: expect.any(String) }) } } });
    const fake = path.join(dir, 'fake.xlsx');
    fs.writeFileSync(fake, 'not a zip');
    const id2 = await upload(h, fake);
    expect(await h.call(h.member, 'importPreview', { importId: id2 })).toMatchObject({ ok: false, error: { code: 'validation' } });
    const id3 = await upload(h, files.badCsv);
    expect(await h.call(h.member2, 'importPreview', { importId: id3 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // At most three unfinished imports per user: a fourth drops the oldest.
    const id4 = await upload(h, files.badCsv);
    expect(await h.call(h.member, 'importPreview', { importId: id1 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await h.call(h.member, 'importPreview', { importId: id4 })).toMatchObject({ ok: true });
    // Appending to a finished upload is a conflict.
    expect(await h.call(h.member, 'importUpload', { importId: id4, fileName: 'x.csv', chunk: '', last: true })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });
});

describe('bulk import: CAS numbers with a wrong check digit', () => {
  it('are row errors unless the user chooses to keep them; kept ones are stored canonical', async () => {
    const h = createHarness();
    const file = path.join(dir, 'bad-check-digit.csv');
    fs.writeFileSync(file, 'name,quantity,cas_number\nEthanol,1,64-17-5\nPublished wrong,2,87-86-6\nNot a CAS,3,abc\n');
    const id = await upload(h, file);
    const plain = await h.ok<ImportPreview>(h.member, 'importPreview', { importId: id });
    expect(plain).toMatchObject({ validRows: 1, badRows: 2, badCheckDigitRows: 1 });
    const kept = await h.ok<ImportPreview>(h.member, 'importPreview', { importId: id, mapping: plain.mapping, keepBadCasCheckDigits: true });
    expect(kept).toMatchObject({ validRows: 2, badRows: 1, badCheckDigitRows: 1 });
    // An unparsable CAS stays an error even when check digits are kept.
    expect(kept.errors.map((e) => e.row)).toEqual([4]);
    const res = await h.ok<ImportResult>(h.member, 'importCommit', { importId: id, mapping: plain.mapping, skipBadRows: true, keepBadCasCheckDigits: true });
    expect(res).toMatchObject({ imported: 2, skipped: 1 });
    const cas = (h.dbs.lab.prepare('SELECT cas_number FROM inventory_items ORDER BY id').all() as Array<{ cas_number: string }>).map((r) => r.cas_number);
    expect(cas).toEqual(['64-17-5', '87-86-6']);
  });
});
