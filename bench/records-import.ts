// `npm run bench:import` (`-- --rows 20000`, `-- --only csv|xlsx`): bulk import of 100 000 inventory rows generated from
// ../shared/data/chemicals.tsv, as CSV and as XLSX, each into a fresh server process (`node
// out/main/serve.js`, browser mode: real HTTP on loopback, the import worker). Per format: upload,
// preview (read and check every row) and commit times; the server process's RSS peak above idle
// (the kernel's high-water mark, reset through /proc/<pid>/clear_refs before the upload) plus the
// import worker processes' peak (worker-children.ts), and the server's RSS 2 s and 10 s after (the
// workers have exited by then); and /ping and list-request latency (p99, max) from this process over
// real HTTP during the preview and during the commit; then, on the CSV run's server, the same
// latencies during a backup and a restore of that data. Writes bench-results/import.json and
// import.md. Not a test: no pass/fail exit.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeTable } from '../test/fixtures/records/generate-samples';
import { IMPORT_HEADERS, sampleItems, toImportRow } from '../test/fixtures/records/sample-data';
import { freePort } from '../test/support/ports';
import { workerChildren } from './worker-children';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 100_000);
const MB = 1024 * 1024;
const CHUNK = 960 * 1024;
const PING_EVERY_MS = 20;
const TARGETS = { commitMs: 5000, peakAboveIdleMb: 400, afterAboveIdleMb: 50, p99Ms: 50 };
const ADMIN = { username: 'admin', password: 'admin-pass-1', displayName: 'Admin' };
const SERVE = path.resolve('out/main/serve.js');

/** The server's RSS now and its high-water mark since the last reset (Linux /proc). */
function memory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


async function req(base: string, method: string, p: string, body?: unknown, cookie?: string) {
  const res = await fetch(base + p, {
    method,
    headers: { 'x-lab-client': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return { json, cookie: res.headers.get('set-cookie')?.split(';')[0] };
}

interface Sample {
  at: number;
  ms: number;
  kind: 'ping' | 'list';
}

/** /ping and a list page, one after the other every PING_EVERY_MS, until stopped; the server's import workers sampled as often. */
function pinger(base: string, cookie: string, server: number): { stop(): Promise<Sample[]>; workerPeak(): number } {
  const samples: Sample[] = [];
  const workers = new Map<number, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const w of workerChildren(server)) workers.set(w.pid, w.hwm);
      for (const kind of ['ping', 'list'] as const) {
        const at = Date.now();
        const t = performance.now();
        const res = await fetch(base + (kind === 'ping' ? '/ping' : '/api/inventory/?page=1&pageSize=50'), { headers: kind === 'list' ? { cookie } : {} });
        await res.arrayBuffer();
        samples.push({ at, ms: performance.now() - t, kind });
      }
      await sleep(PING_EVERY_MS);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
    /** The largest VmHWM of any import worker seen so far (bytes). */
    workerPeak: () => Math.max(0, ...workers.values()),
  };
}

function p99(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)]!;
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, [SERVE, '--data-dir', dataDir, '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    server.stdout!.on('data', (c: Buffer) => /is running at/.test(c.toString()) && resolve());
  });
  server.stdout!.resume();
  return server;
}

/** One import of `file` into a fresh server, measured. */
async function run(file: string, withBackup: boolean): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-import-'));
  const port = await freePort();
  const server = await startServer(dataDir, port);
  const pid = server.pid!;
  const base = `http://127.0.0.1:${port}`;
  try {
    await req(base, 'POST', '/api/setup', ADMIN);
    const { cookie } = await req(base, 'POST', '/api/session', { username: ADMIN.username, password: ADMIN.password });
    const ping = pinger(base, cookie!, pid);
    await sleep(2000);
    const idle = memory(pid).rss;
    resetPeak(pid);

    const buf = fs.readFileSync(file);
    let t = performance.now();
    let importId: string | undefined;
    for (let off = 0; ; off += CHUNK) {
      const last = off + CHUNK >= buf.length;
      importId = (await req(base, 'POST', '/api/inventory/import/upload', { importId, fileName: path.basename(file), chunk: buf.subarray(off, off + CHUNK).toString('base64'), last }, cookie)).json.importId as string;
      if (last) break;
    }
    const uploadMs = performance.now() - t;

    const previewFrom = Date.now();
    t = performance.now();
    const preview = (await req(base, 'POST', '/api/inventory/import/preview', { importId }, cookie)).json as { validRows: number; mapping: unknown };
    const previewMs = performance.now() - t;
    const previewTo = Date.now();

    const commitFrom = Date.now();
    t = performance.now();
    const result = (await req(base, 'POST', '/api/inventory/import/commit', { importId, mapping: preview.mapping, skipBadRows: false }, cookie)).json as { imported: number };
    const commitMs = performance.now() - t;
    const commitTo = Date.now();
    const peak = memory(pid).hwm;
    const samples = await ping.stop();
    await sleep(2000);
    const after2s = memory(pid).rss;
    await sleep(8000);
    const after10s = memory(pid).rss;

    const during = (from: number, to: number, kind: Sample['kind'], of = samples) => of.filter((s) => s.kind === kind && s.at + s.ms >= from && s.at <= to).map((s) => s.ms);
    const stats = (xs: number[]) => ({ n: xs.length, p99: p99(xs), max: xs.length ? Math.max(...xs) : NaN });
    const data: Record<string, unknown> = {};
    if (withBackup) {
      // Back up the imported rows, then restore that backup, pinging throughout.
      const ping2 = pinger(base, cookie!, pid);
      await sleep(500);
      const backupFrom = Date.now();
      await req(base, 'POST', '/api/data/backups', {}, cookie);
      let job: { finishedAt: string | null; ok: boolean | null; file: string | null };
      do {
        await sleep(250);
        job = (await req(base, 'GET', '/api/data/status', undefined, cookie)).json.job as typeof job;
      } while (!job.finishedAt);
      const backupTo = Date.now();
      if (!job.ok) throw new Error(`backup failed: ${JSON.stringify(job)}`);
      const restoreFrom = Date.now();
      await req(base, 'POST', '/api/data/restore', { source: path.resolve(dataDir, job.file!), acceptWarnings: true }, cookie);
      const restoreTo = Date.now();
      const s2 = await ping2.stop();
      Object.assign(data, {
        backupMs: backupTo - backupFrom,
        restoreMs: restoreTo - restoreFrom,
        backupPing: stats(during(backupFrom, backupTo, 'ping', s2)),
        backupList: stats(during(backupFrom, backupTo, 'list', s2)),
        restorePing: stats(during(restoreFrom, restoreTo, 'ping', s2)),
        restoreList: stats(during(restoreFrom, restoreTo, 'list', s2)),
      });
    }
    return {
      ...data,
      format: path.extname(file).slice(1),
      rows: result.imported,
      bytes: buf.length,
      uploadMs: Math.round(uploadMs),
      previewMs: Math.round(previewMs),
      commitMs: Math.round(commitMs),
      idleMb: idle / MB,
      serverPeakAboveIdleMb: (peak - idle) / MB,
      workerPeakMb: ping.workerPeak() / MB,
      peakAboveIdleMb: (peak - idle + ping.workerPeak()) / MB,
      afterAboveIdleMb: (after2s - idle) / MB,
      after10sAboveIdleMb: (after10s - idle) / MB,
      previewPing: stats(during(previewFrom, previewTo, 'ping')),
      previewList: stats(during(previewFrom, previewTo, 'list')),
      commitPing: stats(during(commitFrom, commitTo, 'ping')),
      commitList: stats(during(commitFrom, commitTo, 'list')),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Run = Record<string, number | string> & Record<'previewPing' | 'previewList' | 'commitPing' | 'commitList', { n: number; p99: number; max: number }>;

async function main(): Promise<void> {
  if (!fs.existsSync(SERVE)) throw new Error('out/main/serve.js is missing: npm run build first');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-import-files-'));
  const data = sampleItems(ROWS).map(toImportRow);
  const files = [path.join(dir, `inventory-${ROWS}.csv`), path.join(dir, `inventory-${ROWS}.xlsx`)].filter((f) => !arg('only') || f.endsWith(`.${arg('only')}`));
  for (const f of files) await writeTable(f, IMPORT_HEADERS, data);
  const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const runs: Run[] = [];
  for (const file of files) runs.push((await run(file, file.endsWith('.csv'))) as Run);
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const lat = (s: { n: number; p99: number; max: number }) => `${s.p99.toFixed(1)} / ${s.max.toFixed(0)} ms (n ${s.n})`;
  const rows = runs.map((r) => {
    const pingOk = [r.previewPing, r.previewList, r.commitPing, r.commitList].every((s) => s.n > 0 && s.p99 <= TARGETS.p99Ms);
    return [
      `| ${r.format} | ${r.rows} | ${(Number(r.bytes) / MB).toFixed(1)} MB | ${r.uploadMs} ms | ${r.previewMs} ms`,
      `${r.commitMs} ms ${mark(Number(r.commitMs) <= TARGETS.commitMs)}`,
      `${Number(r.serverPeakAboveIdleMb).toFixed(0)} + ${Number(r.workerPeakMb).toFixed(0)} = ${Number(r.peakAboveIdleMb).toFixed(0)} MB ${mark(Number(r.peakAboveIdleMb) <= TARGETS.peakAboveIdleMb)}`,
      `${Number(r.afterAboveIdleMb).toFixed(0)} / ${Number(r.after10sAboveIdleMb).toFixed(0)} MB ${mark(Number(r.after10sAboveIdleMb) <= TARGETS.afterAboveIdleMb)}`,
      `${lat(r.previewPing)} · ${lat(r.previewList)}`,
      `${lat(r.commitPing)} · ${lat(r.commitList)} | ${mark(pingOk)} |`,
    ].join(' | ');
  });
  let md = [
    `Bulk import of ${ROWS} inventory rows (node out/main/serve.js, a fresh server and data directory per format); load average ${load}; ${os.cpus().length} cores.`,
    '',
    '| format | rows | file | upload | preview (read + check) | commit (≤ 5000 ms) | RSS peak above idle: server + import worker (VmHWM, sampled every ~20 ms) = sum (≤ 400) | server RSS above idle 2 s / 10 s after (≤ 50) | during preview: /ping · list p99 / max | during commit: /ping · list p99 / max | responsive (p99 ≤ 50 ms) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  const withData = runs.find((r) => r.backupMs !== undefined) as (Run & Record<'backupPing' | 'backupList' | 'restorePing' | 'restoreList', { n: number; p99: number; max: number }>) | undefined;
  if (withData) {
    const ok = (a: { n: number; p99: number }, b: { n: number; p99: number }) => mark(a.n > 0 && b.n > 0 && a.p99 <= TARGETS.p99Ms && b.p99 <= TARGETS.p99Ms);
    md += [
      '',
      '',
      `Backup and restore of the data directory holding those ${ROWS} rows (same server, after the CSV import).`,
      '',
      '| job | time | /ping · list p99 / max | responsive (p99 ≤ 50 ms) |',
      '|---|---|---|---|',
      `| backup | ${withData.backupMs} ms | ${lat(withData.backupPing)} · ${lat(withData.backupList)} | ${ok(withData.backupPing, withData.backupList)} |`,
      `| restore | ${withData.restoreMs} ms | ${lat(withData.restorePing)} · ${lat(withData.restoreList)} | ${ok(withData.restorePing, withData.restoreList)} |`,
    ].join('\n');
  }
  console.log(md);
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/import.json', JSON.stringify({ rows: ROWS, load, cores: os.cpus().length, targets: TARGETS, runs }, null, 2));
  fs.writeFileSync('bench-results/import.md', md + '\n');
  fs.rmSync(dir, { recursive: true, force: true });
}

void main();
