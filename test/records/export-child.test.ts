// The list export runs in a child process (the import worker's, with an `export` job): the server's
// event loop answers while the child works, a killed child leaves no file and the request an error,
// and the file is one snapshot of lab.db however much is written meanwhile. The child is found
// among the server's children in /proc and stopped (SIGSTOP) or killed there: the test runs the
// real server in this process, so its children are this process's.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { inventoryRowValues } from '../../src/main/records/inventory-service';
import { sampleItems } from '../fixtures/records/sample-data';
import { ADMIN, startTestServices } from '../support/temp';
import { http, login } from '../support/http';
import { until } from '../support/until';
import { childPids, runs } from '../support/proc';

/** A server with `rows` inventory items, an admin's cookie and its exports folder. */
async function serverWith(rows: number) {
  const s = await startTestServices();
  const admin = s.data.auth.setup(ADMIN);
  s.data.dbs.lab.transaction(() => {
    for (const it of sampleItems(rows)) s.data.records.inventory.insert(inventoryRowValues(it, it.cas_number), admin, { action: 'import' });
  })();
  const base = `http://127.0.0.1:${s.port}`;
  const cookie = await login(base, ADMIN.username, ADMIN.password);
  return { s, admin, base, cookie, exportsDir: path.join(s.dataDir, 'exports') };
}

/** The export request as the list page's download makes it; settles with the status and body. */
function startExport(base: string, cookie: string, format: 'csv' | 'xlsx', lang = 'machine') {
  const q = new URLSearchParams({ endpoint: '/inventory/', format, lang, sort: 'id' });
  return fetch(`${base}/api/records/export?${q}`, { headers: { 'x-lab-client': '1', cookie } }).then(async (res) => ({ status: res.status, body: Buffer.from(await res.arrayBuffer()) }));
}

/** The pid of this process's running import-worker child (the export's), if there is one. */
function workerChild(): number | undefined {
  return childPids(process.pid).find((pid) => runs(pid, process.env.LAB_IMPORT_WORKER!));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fileBytes = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0) : 0);

/** Stops the export child as soon as it is there; answers its pid. */
async function stopChild(): Promise<number> {
  const pid = await until(workerChild, (p) => p !== undefined, 10_000, 1);
  expect(pid, 'an export child process').toBeDefined();
  process.kill(pid!, 'SIGSTOP');
  return pid!;
}

/** Lets the stopped child run a few milliseconds at a time until it has written part of its file. */
async function stopWhenWriting(pid: number, exportsDir: string): Promise<number> {
  for (let i = 0; i < 2000 && fileBytes(exportsDir) === 0; i++) {
    process.kill(pid, 'SIGCONT');
    await sleep(2);
    process.kill(pid, 'SIGSTOP');
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
    const pid = await stopChild();
    const ping = await fetch(`${base}/ping`);
    order.push(`ping ${ping.status}`);
    const list = await http(base, 'GET', '/api/inventory/?pageSize=5', undefined, cookie);
    order.push(`list ${list.status}`);
    process.kill(pid, 'SIGCONT');
    const done = await exporting;
    expect(order).toEqual(['ping 200', 'list 200', 'export']);
    expect(done.status).toBe(200);
    const rows = Papa.parse(done.body.toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(3000);
  });

  it('a child killed part-way through its file: the request gets records.exportFailed and exports/ is left empty', async () => {
    const { base, cookie, exportsDir } = await serverWith(8000);
    const exporting = startExport(base, cookie, 'xlsx', 'zh-CN');
    const pid = await stopChild();
    const written = await stopWhenWriting(pid, exportsDir);
    expect(written, 'the child had written part of the file').toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
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
    const pid = await stopChild();
    const written = await stopWhenWriting(pid, exportsDir);
    expect(written, 'the child had started its file (the snapshot is taken)').toBeGreaterThan(0);
    // Meanwhile, in one transaction on the server's connection: every name changes, the last
    // 500 items are deleted and 100 new ones added.
    const lab = s.data.dbs.lab;
    lab.transaction(() => {
      lab.prepare("UPDATE inventory_items SET name = name || ' (changed)'").run();
      lab.prepare('DELETE FROM inventory_items WHERE id > 7500').run();
      for (const it of sampleItems(100)) s.data.records.inventory.insert(inventoryRowValues(it, it.cas_number), admin, { action: 'import' });
    })();
    process.kill(pid, 'SIGCONT');
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
});
