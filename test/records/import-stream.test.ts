// Bulk import off the server's event loop: the uploaded file lives under <dataDir>/imports, the
// import worker reads and writes it with progress in order, the server answers /ping and lists
// while a commit writes, and a commit that fails or is stopped half-way writes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportProgress, ImportResult } from '../../src/shared/records';
import { createHarness, type Harness } from './harness';
import { writeTable } from '../fixtures/records/generate-samples';
import { IMPORT_HEADERS, sampleItems, toImportRow } from '../fixtures/records/sample-data';
import { startTestServices, setupAdmin, ADMIN } from '../support/temp';
import { http } from '../support/http';
import { MAX_IMPORT_ROWS } from '../../src/main/bulk-import/import-parse';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import yazl from 'yazl';
import { forkImportWorker, type ImportJob, type ImportWorkerMessage } from '../../src/main/bulk-import/import-worker';
import { MAX_ROW_CELLS, MAX_SHARED_STRINGS_BYTES, MAX_XLSX_CELLS } from '../../src/main/bulk-import/xlsx-guard';

const CHUNK = 1_000_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-import-stream-'));
let big: string;

beforeAll(async () => {
  big = path.join(dir, 'inventory-30000.csv');
  await writeTable(big, IMPORT_HEADERS, sampleItems(30_000).map(toImportRow));
  return () => fs.rmSync(dir, { recursive: true, force: true });
});

async function upload(h: Harness, file: string): Promise<string> {
  const buf = fs.readFileSync(file);
  let importId: string | undefined;
  for (let off = 0; ; off += CHUNK) {
    const last = off + CHUNK >= buf.length;
    importId = (await h.ok<{ importId: string }>(h.member, 'importUpload', { importId, fileName: path.basename(file), chunk: buf.subarray(off, off + CHUNK).toString('base64'), last })).importId;
    if (last) return importId;
  }
}

const count = (h: Harness) => (h.dbs.lab.prepare('SELECT count(*) AS n FROM inventory_items').get() as { n: number }).n;
const importAudits = (h: Harness) => (h.dbs.lab.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'import'").get() as { n: number }).n;

describe('bulk import through the import worker', () => {
  it('keeps the upload in a file under <dataDir>/imports and reports parse and write progress in order, ending at the total', async () => {
    const h = createHarness();
    const importId = await upload(h, big);
    const importsDir = path.join(path.dirname(h.dbs.lab.name), 'imports');
    expect(fs.readdirSync(importsDir)).toEqual([`${importId}.csv`]);
    expect(fs.statSync(path.join(importsDir, `${importId}.csv`)).size).toBe(fs.statSync(big).size);

    const parse: ImportProgress[] = [];
    const preview = await h.bulkImport.preview(h.member, { importId }, (p) => parse.push(p));
    expect(preview).toMatchObject({ totalRows: 30_000, validRows: 30_000, badRows: 0 });
    expect(parse.length).toBeGreaterThan(2);
    expect(parse.every((p) => p.phase === 'parse' && p.total === null)).toBe(true);
    for (let i = 1; i < parse.length; i++) {
      expect(parse[i]!.rows).toBeGreaterThanOrEqual(parse[i - 1]!.rows);
      expect(parse[i]!.percent).toBeGreaterThanOrEqual(parse[i - 1]!.percent);
    }
    expect(parse.at(-1)).toEqual({ phase: 'parse', rows: 30_000, total: null, percent: 100 });

    const write: ImportProgress[] = [];
    const res = await h.bulkImport.commit(h.member, { importId, mapping: preview.mapping, skipBadRows: false }, (p) => write.push(p));
    // The preview's scan is reused: the commit only writes.
    expect(write.every((p) => p.phase === 'write' && p.total === 30_000)).toBe(true);
    expect(write.map((p) => p.rows)).toEqual([...write.map((p) => p.rows)].sort((a, b) => a - b));
    expect(write.at(-1)).toEqual({ phase: 'write', rows: 30_000, total: 30_000, percent: 100 });
    expect(res.imported).toBe(30_000);
    expect(count(h)).toBe(30_000);
    expect(importAudits(h)).toBe(30_000);
    // The after-commit hook and event still follow the commit, once.
    expect(h.hooks.calls).toEqual([{ kind: 'bulk', endpoint: '/inventory/', ids: res.ids }]);
    expect(h.events).toEqual([{ type: 'records-changed', endpoint: '/inventory/' }]);
    // The upload and its spool are gone once committed.
    expect(fs.readdirSync(importsDir)).toEqual([]);
  });

  it('a commit whose worker is stopped half-way writes nothing and leaves the database writable', async () => {
    const h = createHarness();
    const importId = await upload(h, big);
    const preview = await h.bulkImport.preview(h.member, { importId });
    let stopped = false;
    const commit = h.bulkImport.commit(h.member, { importId, mapping: preview.mapping, skipBadRows: false }, (p) => {
      if (!stopped && p.phase === 'write' && p.rows > 0) {
        stopped = true;
        void h.bulkImport.cancel(h.member, { importId });
      }
    });
    await expect(commit).rejects.toMatchObject({ code: 'unavailable', key: 'import.workerStopped' });
    expect(stopped).toBe(true);
    expect(count(h)).toBe(0);
    expect(importAudits(h)).toBe(0);
    expect(h.hooks.calls).toEqual([]);
    // The worker's transaction did not keep the write lock.
    await h.ok(h.member, 'createInventoryItem', { name: '乙醇', quantity: 1 });
    expect(count(h)).toBe(1);
    // The import can be committed again afterwards.
    const res = await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: false });
    expect(res.imported).toBe(30_000);
  });

  it('leaving the wizard during the preview (cancel with discard) stops the reading and removes the upload', async () => {
    const h = createHarness();
    const importId = await upload(h, big);
    const importsDir = path.join(path.dirname(h.dbs.lab.name), 'imports');
    let left = false;
    const preview = h.bulkImport.preview(h.member, { importId }, (p) => {
      if (!left && p.rows > 0) {
        left = true;
        void h.ok(h.member, 'importCancel', { importId, discard: true });
      }
    });
    await expect(preview).rejects.toMatchObject({ key: 'import.workerStopped' });
    expect(left).toBe(true);
    await expect.poll(() => fs.readdirSync(importsDir)).toEqual([]);
    // The import is gone: its progress is not found, and nothing was written.
    expect(await h.call(h.member, 'importStatus', { importId })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(count(h)).toBe(0);
  });

  it('a row the database refuses at the very end rolls the whole import back', async () => {
    const h = createHarness();
    const file = path.join(dir, 'fails-last.csv');
    await writeTable(file, IMPORT_HEADERS, [...sampleItems(5_000).map(toImportRow), ['最后一行', '', '', '', '1', '', '', '', '', '', '']]);
    // A failure only the database sees (e.g. a full disk) on the last row.
    h.dbs.lab.exec("CREATE TRIGGER fail_last BEFORE INSERT ON inventory_items WHEN NEW.name = '最后一行' BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const importId = await upload(h, file);
    const preview = await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
    expect(preview.validRows).toBe(5_001);
    const r = await h.call(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: false });
    expect(r).toMatchObject({ ok: false, error: { code: 'unavailable', key: 'import.failed', params: { detail: 'disk full' } } });
    expect(count(h)).toBe(0);
    expect(importAudits(h)).toBe(0);
    expect(h.hooks.calls).toEqual([]);
  });

  it('a bad row at the end refuses the commit before anything is written', async () => {
    const h = createHarness();
    const file = path.join(dir, 'bad-last.csv');
    await writeTable(file, IMPORT_HEADERS, [...sampleItems(3_000).map(toImportRow), ['', '', '', '', '1', '', '', '', '', '', '']]);
    const importId = await upload(h, file);
    // No preview: the commit reads the file itself.
    const r = await h.call(h.member, 'importCommit', { importId, mapping: { name: 0, quantity: 4 }, skipBadRows: false });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation', key: 'import.badRows', params: { bad: 1, valid: 3_000 } } });
    expect(count(h)).toBe(0);
  });

  it('a file removed while the import waits, and a file over the row limit, are refused and change nothing', async () => {
    const h = createHarness();
    const importId = await upload(h, big);
    fs.rmSync(path.join(path.dirname(h.dbs.lab.name), 'imports', `${importId}.csv`));
    expect(await h.call(h.member, 'importPreview', { importId })).toMatchObject({ ok: false, error: { code: 'not_found', key: 'import.fileGone', fields: { file: expect.objectContaining({ key: 'import.fileGone' }) } } });

    const huge = path.join(dir, 'too-many.csv');
    fs.writeFileSync(huge, 'name,quantity\n' + 'Acetone,1\n'.repeat(MAX_IMPORT_ROWS + 1));
    const tooMany = await upload(h, huge);
    expect(await h.call(h.member, 'importPreview', { importId: tooMany })).toMatchObject({ ok: false, error: { code: 'too_large', key: 'import.tooManyRowsStop', params: { max: MAX_IMPORT_ROWS } } });
    expect(count(h)).toBe(0);
  });
});

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** An XLSX of one worksheet whose shared strings and sheet XML come from the given pieces, streamed into the zip. */
async function craftedXlsx(file: string, sharedStrings: Iterable<string> | null, sheetData: Iterable<string>): Promise<void> {
  const zip = new yazl.ZipFile();
  const x = (name: string, xml: string) => zip.addBuffer(Buffer.from(`${XML_HEAD}${xml}`), name);
  x('[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>');
  x('_rels/.rels', '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>');
  x('xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>');
  x('xl/_rels/workbook.xml.rels', '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>');
  const streamed = (head: string, pieces: Iterable<string>, tail: string) =>
    Readable.from(
      (function* () {
        yield head;
        yield* pieces;
        yield tail;
      })(),
    );
  if (sharedStrings) zip.addReadStream(streamed(`${XML_HEAD}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`, sharedStrings, '</sst>'), 'xl/sharedStrings.xml');
  zip.addReadStream(streamed(`${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`, sheetData, '</sheetData></worksheet>'), 'xl/worksheets/sheet1.xml');
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(file));
}

function* repeat(piece: string, times: number): Generator<string> {
  for (let i = 0; i < times; i++) yield piece;
}

const ONE_SHARED_CELL = ['<row r="1"><c r="A1" t="s"><v>0</v></c></row>'];

/** An XLSX of a few hundred kilobytes whose one shared string inflates to `mb` megabytes. */
async function zipBomb(file: string, mb: number): Promise<void> {
  await craftedXlsx(file, ['<si><t>', ...repeat('A'.repeat(1024 * 1024), mb), '</t></si>'], ONE_SHARED_CELL);
}

/**
 * Runs a scan of `file` in an import worker forked as the server forks it, with the child's output
 * piped here: its answer, and everything it printed (V8 prints its out-of-memory abort there).
 */
async function scanInWorker(file: string): Promise<{ reply: ImportWorkerMessage | undefined; output: string }> {
  const child = forkImportWorker(['ignore', 'pipe', 'pipe', 'ipc']);
  let output = '';
  for (const out of [child.stdout!, child.stderr!]) out.setEncoding('utf8').on('data', (s: string) => (output += s));
  let reply: ImportWorkerMessage | undefined;
  child.on('message', (m: ImportWorkerMessage) => {
    if (m.type !== 'progress') reply = m;
  });
  const closed = once(child, 'close');
  const job: ImportJob = { kind: 'scan', input: { file, fileName: path.basename(file), spool: `${file}.spool` } };
  child.send(job);
  await closed;
  return { reply, output };
}

const refusal = (key: string, params: Record<string, unknown> = {}) => ({ type: 'error', error: { code: 'too_large', key, params, fields: { file: expect.objectContaining({ key }) } } });

describe('a hostile spreadsheet', () => {
  it('an XLSX whose few hundred kilobytes inflate to 400 MB of text is refused while it streams, with a clear error, before the worker runs out of memory, and changes nothing', async () => {
    const h = createHarness();
    const bomb = path.join(dir, 'bomb.xlsx');
    await zipBomb(bomb, 400);
    expect(fs.statSync(bomb).size).toBeLessThan(5 * 1024 * 1024);
    const importId = await upload(h, bomb);
    const r = await h.call(h.member, 'importPreview', { importId });
    expect(r).toMatchObject({ ok: false, error: { code: 'too_large', key: 'import.outOfMemory', fields: { file: expect.objectContaining({ key: 'import.outOfMemory' }) } } });
    expect(count(h)).toBe(0);
    // The worker answered the refusal itself: V8 did not abort it at its heap limit.
    const { reply, output } = await scanInWorker(bomb);
    expect(reply).toMatchObject(refusal('import.outOfMemory'));
    expect(output).not.toMatch(/FATAL ERROR|heap limit|out of memory/i);
    // The server process is unharmed and imports the next file.
    const fine = path.join(dir, 'fine.csv');
    fs.writeFileSync(fine, 'name,quantity\nAcetone,1\n');
    const next = await upload(h, fine);
    const p = await h.ok<ImportPreview>(h.member, 'importPreview', { importId: next });
    expect(await h.ok<ImportResult>(h.member, 'importCommit', { importId: next, mapping: p.mapping, skipBadRows: false })).toMatchObject({ imported: 1 });
  }, 180_000);

  it('a shared-string table of ordinary short strings that inflates past its cap is refused with the same error', async () => {
    const file = path.join(dir, 'many-strings.xlsx');
    // 32 bytes a string, one megabyte a piece: just past the cap.
    const piece = Array.from({ length: 32_768 }, (_, i) => `<si><t>s${String(i).padStart(15, '0')}</t></si>`).join('');
    await craftedXlsx(file, repeat(piece, MAX_SHARED_STRINGS_BYTES / piece.length + 1), ONE_SHARED_CELL);
    expect(fs.statSync(file).size).toBeLessThan(MAX_SHARED_STRINGS_BYTES / 10);
    const { reply, output } = await scanInWorker(file);
    expect(reply).toMatchObject(refusal('import.outOfMemory'));
    expect(output).not.toMatch(/FATAL ERROR|heap limit/i);
  }, 180_000);

  it('a worksheet of more cells than the cap (empty ones, present) is refused with its own error naming the cap', async () => {
    const file = path.join(dir, 'many-cells.xlsx');
    // Rows of 16 000 cell elements, all at A: a few kilobytes compressed.
    const perRow = 16_000;
    const rowCount = Math.ceil((MAX_XLSX_CELLS + 1) / perRow);
    function* rows() {
      for (let r = 1; r <= rowCount; r++) yield `<row r="${r}">${`<c r="A${r}"/>`.repeat(perRow)}</row>`;
    }
    await craftedXlsx(file, null, rows());
    expect(fs.statSync(file).size).toBeLessThan(1024 * 1024);
    const { reply, output } = await scanInWorker(file);
    expect(reply).toMatchObject(refusal('import.tooManyCells', { max: MAX_XLSX_CELLS }));
    expect(output).not.toMatch(/FATAL ERROR|heap limit/i);
  }, 180_000);

  it('a sheet of single cells at the last column (16 384 positions a row to read) is refused by the cell cap', async () => {
    const h = createHarness();
    const file = path.join(dir, 'far-right.xlsx');
    const rowCount = Math.ceil((MAX_XLSX_CELLS + 1) / MAX_ROW_CELLS);
    await craftedXlsx(file, null, Array.from({ length: rowCount }, (_, i) => `<row r="${i + 1}"><c r="XFD${i + 1}"/></row>`));
    const importId = await upload(h, file);
    expect(await h.call(h.member, 'importPreview', { importId })).toMatchObject({ ok: false, error: { code: 'too_large', key: 'import.tooManyCells', params: { max: MAX_XLSX_CELLS } } });
    expect(count(h)).toBe(0);
  });

  it('a row of more cells than a spreadsheet has columns is refused with its own error', async () => {
    const h = createHarness();
    const file = path.join(dir, 'wide-row.xlsx');
    await craftedXlsx(file, null, ['<row r="1">', ...repeat('<c r="A1"/>', MAX_ROW_CELLS + 1), '</row>']);
    const importId = await upload(h, file);
    expect(await h.call(h.member, 'importPreview', { importId })).toMatchObject({ ok: false, error: { code: 'too_large', key: 'import.rowTooWide', params: { max: MAX_ROW_CELLS } } });
    expect(count(h)).toBe(0);
  });

  it('an ordinary large XLSX (Excel\'s part order: the sheet before the shared strings) is read whole and imports', async () => {
    const h = createHarness();
    const file = path.join(dir, 'inventory-20000.xlsx');
    await writeTable(file, IMPORT_HEADERS, sampleItems(20_000).map(toImportRow));
    const importId = await upload(h, file);
    const parse: ImportProgress[] = [];
    const preview = await h.bulkImport.preview(h.member, { importId }, (p) => parse.push(p));
    expect(preview).toMatchObject({ totalRows: 20_000, validRows: 20_000, badRows: 0 });
    expect(preview.sample[0]).toEqual(toImportRow(sampleItems(1)[0]!));
    expect(parse.at(-1)).toEqual({ phase: 'parse', rows: 20_000, total: null, percent: 100 });
    expect(await h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: preview.mapping, skipBadRows: false })).toMatchObject({ imported: 20_000 });
    expect(count(h)).toBe(20_000);
  }, 120_000);
});

describe('the server while an import commits', () => {
  it('answers /ping, a list request and the import status before the commit has finished', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    const base = `http://127.0.0.1:${s.port}`;
    const cookie = (await http(base, 'POST', '/api/session', { username: ADMIN.username, password: ADMIN.password })).cookie!;
    const buf = fs.readFileSync(big);
    let importId: string | undefined;
    for (let off = 0; ; off += CHUNK) {
      const last = off + CHUNK >= buf.length;
      importId = (await http(base, 'POST', '/api/inventory/import/upload', { importId, fileName: 'big.csv', chunk: buf.subarray(off, off + CHUNK).toString('base64'), last }, cookie)).json.importId;
      if (last) break;
    }
    const preview = (await http(base, 'POST', '/api/inventory/import/preview', { importId }, cookie)).json as ImportPreview;
    expect(preview.validRows).toBe(30_000);

    let committed = false;
    const commit = http(base, 'POST', '/api/inventory/import/commit', { importId, mapping: preview.mapping, skipBadRows: false }, cookie).then((r) => ((committed = true), r));
    // Wait until the worker reports rows written, then ask the server for other things.
    let status: { progress: ImportProgress | null; running: boolean };
    do status = (await http(base, 'GET', `/api/inventory/import/status?importId=${importId}`, undefined, cookie)).json as typeof status;
    while (!committed && !(status.progress?.phase === 'write' && status.progress.rows > 0));
    expect(committed).toBe(false);
    const ping = await fetch(`${base}/ping`);
    const list = await http(base, 'GET', '/api/inventory/?page=1&pageSize=20', undefined, cookie);
    // Both answered while the commit was still writing.
    expect(committed).toBe(false);
    expect(ping.status).toBe(200);
    expect(list.status).toBe(200);
    const res = await commit;
    expect(res).toMatchObject({ status: 200, json: { imported: 30_000, skipped: 0 } });
    expect((await http(base, 'GET', '/api/inventory/?page=1&pageSize=1', undefined, cookie)).json.total).toBe(30_000);
  });
});
