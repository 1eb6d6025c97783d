// The list export runs in a child process (the import worker's, with an `export` job; a CSV in two,
// a half each): the server's event loop answers while the children work, a killed child leaves no
// file and the request an error, and the file is one snapshot of lab.db however much is written
// meanwhile. The children are found among the server's children in /proc and stopped (SIGSTOP) or
// killed there: the test runs the real server in this process, so its children are this process's.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { inventoryRowValues, insertItem } from '../../src/main/records/inventory-service';
import { PARTS_MIN_ROWS } from '../../src/main/list-export/export-file';
import { sampleItems } from '../fixtures/records/sample-data';
import { ADMIN, startTestServices } from '../support/temp';
import { http, login } from '../support/http';
import { until } from '../support/until';
import { childPids, runs } from '../support/proc';

/** A server with `rows` inventory items, an admin's cookie and its exports folder. */
async function serverWith(rows: number) {
  const s = await startTestServices();
  const admin = await s.data.auth.setup(ADMIN);
  await s.data.labData.withWriteTransaction(async (tx) => {
    for (const it of sampleItems(rows)) await insertItem(tx, inventoryRowValues(it, it.cas_number), admin, { action: 'import' });
  });
  const base = `http://127.0.0.1:${s.port}`;
  const cookie = await login(base, ADMIN.username, ADMIN.password);
  return { s, admin, base, cookie, exportsDir: path.join(s.dataDir, 'exports') };
}

/** The export request as the list page's download makes it; settles with the status and body. */
function startExport(base: string, cookie: string, format: 'csv' | 'xlsx', lang = 'machine') {
  const q = new URLSearchParams({ endpoint: '/inventory/', format, lang, sort: 'id' });
  return fetch(`${base}/api/records/export?${q}`, { headers: { 'x-lab-client': '1', cookie } }).then(async (res) => ({ status: res.status, body: Buffer.from(await res.arrayBuffer()) }));
}


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fileBytes = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0) : 0);

/** Stops the export's `n` children (a CSV has two, an XLSX one) as soon as each is there; answers their pids. */
async function stopChildren(n: number): Promise<number[]> {
  const stopped: number[] = [];
  const stopNew = () => {
    for (const pid of childPids(process.pid)) {
      if (stopped.includes(pid) || !runs(pid, process.env.LAB_IMPORT_WORKER!)) continue;
      process.kill(pid, 'SIGSTOP');
      stopped.push(pid);
    }
    return stopped.length;
  };
  await until(stopNew, (k) => k >= n, 10_000, 1);
  expect(stopped, 'the export child processes').toHaveLength(n);
  return stopped;
}

/** Sends `signal` to each of `pids` still running (the second half of a small CSV is empty: that child is soon done). */
function signal(pids: number[], sig: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, sig);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
    }
  }
}
const resume = (pids: number[]) => signal(pids, 'SIGCONT');

/**
 * Lets the stopped children run a few milliseconds at a time until one has written part of its
 * file and `exited` of them have finished (below PARTS_MIN_ROWS the second half is empty: that
 * child takes its snapshot, writes nothing and exits).
 */
async function stopWhenWriting(pids: number[], exportsDir: string, exited = 0): Promise<number> {
  const gone = () => pids.filter((pid) => !runs(pid, process.env.LAB_IMPORT_WORKER!)).length;
  for (let i = 0; i < 2000 && (fileBytes(exportsDir) === 0 || gone() < exited); i++) {
    resume(pids);
    await sleep(2);
    signal(pids, 'SIGSTOP');
    // Let the file system settle what the child wrote before it stopped.
    await sleep(5);
  }
  return fileBytes(exportsDir);
}

describe('export in a child process', () => {
  it('while the export child is stopped the server answers /ping and a list request; the export then completes', async () => {
    const { base, cookie } = await serverWith(3000);
    const order: string[] = [];
    const exporting = startExport(base, cookie, 'csv').then((r) => (order.push('export'), r));
    const pids = await stopChildren(2);
    const ping = await fetch(`${base}/ping`);
    order.push(`ping ${ping.status}`);
    const list = await http(base, 'GET', '/api/inventory/?pageSize=5', undefined, cookie);
    order.push(`list ${list.status}`);
    resume(pids);
    const done = await exporting;
    expect(order).toEqual(['ping 200', 'list 200', 'export']);
    expect(done.status).toBe(200);
    const rows = Papa.parse(done.body.toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(3000);
  });

  it('a child killed part-way through its file: the request gets records.exportFailed and exports/ is left empty', async () => {
    const { base, cookie, exportsDir } = await serverWith(8000);
    const exporting = startExport(base, cookie, 'xlsx', 'zh-CN');
    const [pid] = await stopChildren(1);
    const written = await stopWhenWriting([pid!], exportsDir);
    expect(written, 'the child had written part of the file').toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    const done = await exporting;
    expect(done.status).toBe(503);
    expect(JSON.parse(done.body.toString('utf8'))).toMatchObject({ error: { code: 'unavailable', key: 'records.exportFailed', params: { detail: 'SIGKILL' } } });
    expect(fs.readdirSync(exportsDir)).toEqual([]);
    // The server goes on exporting.
    expect((await startExport(base, cookie, 'csv')).status).toBe(200);
  });

  it('rows written while the export runs are in the file entirely or not at all: it is one snapshot', async () => {
    const { s, admin, base, cookie, exportsDir } = await serverWith(8000);
    const exporting = startExport(base, cookie, 'csv');
    const pids = await stopChildren(2);
    // Both snapshots taken before the write: were the second taken after it, the two would differ
    // and the server would rightly have one child write the whole file from after the write.
    const written = await stopWhenWriting(pids, exportsDir, 1);
    expect(written, 'the child had started its file (the snapshot is taken)').toBeGreaterThan(0);
    // The server hears the second child's snapshot (its data_version check) before the write.
    await sleep(20);
    // Meanwhile, in one transaction on the server's connection: every name changes, the last
    // 500 items are deleted and 100 new ones added.
    const lab = s.data.dbs.lab;
    // One unit on the app's write connection: the changes commit together, while the export reads its snapshot.
    await s.data.labData.withWriteTransaction(async (tx) => {
      lab.prepare("UPDATE inventory_items SET name = name || ' (changed)'").run();
      lab.prepare('DELETE FROM inventory_items WHERE id > 7500').run();
      for (const it of sampleItems(100)) await insertItem(tx, inventoryRowValues(it, it.cas_number), admin, { action: 'import' });
    });
    resume(pids);
    const done = await exporting;
    expect(done.status).toBe(200);
    expect(done.body.length, 'the write came while the file was only part written').toBeGreaterThan(written);
    const rows = Papa.parse<Record<string, string>>(done.body.toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => Number(r.id))).toEqual(Array.from({ length: 8000 }, (_, i) => i + 1));
    expect(rows.filter((r) => r.name!.endsWith(' (changed)'))).toEqual([]);
    // A new export sees the writes.
    const after = Papa.parse<Record<string, string>>((await startExport(base, cookie, 'csv')).body.toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(after).toHaveLength(7600);
    expect(after.filter((r) => r.name!.endsWith(' (changed)'))).toHaveLength(7500);
  });

  it(`a CSV of ${PARTS_MIN_ROWS} rows or more is written by two children, a half each, from one snapshot; a commit between their snapshots leaves it to one child`, { timeout: 180_000 }, async () => {
    const n = PARTS_MIN_ROWS;
    const { s, base, cookie, exportsDir } = await serverWith(n);
    const parse = (body: Buffer) => Papa.parse<Record<string, string>>(body.toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    // Undisturbed, the halves join into one file: one BOM and header, every row once, in order.
    const whole = await startExport(base, cookie, 'csv');
    const text = whole.body.toString('utf8');
    expect(text.startsWith('\uFEFFid,name,')).toBe(true);
    expect(text.split('\uFEFF')).toHaveLength(2);
    expect(text.split('\r\n')).toHaveLength(n + 1);
    expect(parse(whole.body).map((r) => Number(r.id))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    // Both children stopped at their start; one runs until it writes (its snapshot is taken), then
    // a commit, then the other runs and takes its snapshot after the commit.
    const exporting = startExport(base, cookie, 'csv');
    const [first, second] = await stopChildren(2);
    expect(await stopWhenWriting([first!], exportsDir), 'one child had started its half').toBeGreaterThan(0);
    // The commit keeps the row count (the halves would agree on it): only the data_version shows it.
    s.data.dbs.lab.prepare("UPDATE inventory_items SET name = name || ' (changed)'").run();
    resume([first!, second!]);
    const done = await exporting;
    expect(done.status).toBe(200);
    // Not half before and half after the commit: all of it after (one child wrote it again).
    const rows = parse(done.body);
    expect(rows.map((r) => Number(r.id))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(rows.filter((r) => !r.name!.endsWith(' (changed)'))).toEqual([]);
    // The stopped children's files are gone too (the sent one once its stream closes).
    expect(await until(() => fs.readdirSync(exportsDir), (f) => f.length === 0, 5000, 10)).toEqual([]);
  });
});
