// `npm run bench:export` (`-- --rows 20000`, `-- --db <dir>` to reuse a seeded data directory):
// export of the whole inventory list (CSV UTF-8, CSV GB18030, XLSX; lang zh-CN) at 100 000 rows,
// each format in a fresh child process so one run's heap does not colour the next. Reports time,
// RSS peak above idle (the kernel's high-water mark, reset before each export, so a synchronous
// spike is seen too), RSS 2 s after, and the event loop's worst delay during the export (what a
// /ping would have waited). Writes bench-results/export.json. Not a test: no pass/fail exit.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabases } from '../src/main/db/databases';
import { AuditLog } from '../src/main/audit/audit-log';
import { AuthService } from '../src/main/auth/auth-service';
import { EventBus } from '../src/main/events';
import { silentLogger } from '../src/main/logging';
import { createRecordsServices } from '../src/main/records';
import { inventoryRowValues } from '../src/main/records/inventory-service';
import { sampleItems } from '../test/fixtures/records/sample-data';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROWS = Number(arg('rows') ?? 100_000);
const MB = 1024 * 1024;
const FORMATS = [
  { format: 'csv', encoding: 'utf-8' },
  { format: 'csv', encoding: 'gb18030' },
  { format: 'xlsx', encoding: 'utf-8' },
] as const;
const TARGETS = { csvMs: 1000, xlsxMs: 5000, peakAboveIdleMb: 400, afterAboveIdleMb: 50 };

function services(dir: string) {
  const dbs = openDatabases(dir);
  const audit = new AuditLog(dbs.lab);
  const records = createRecordsServices({ db: dbs.lab, audit, hooks: { entityChanged() {}, bulkChanged() {}, searchSubmitted() {} }, events: new EventBus(), log: silentLogger() });
  return { dbs, audit, records };
}

/** RSS now and the high-water mark since the last reset (Linux /proc; elsewhere the peak is RSS now). */
function memory(): { rss: number; hwm: number } {
  const rss = process.memoryUsage.rss();
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return { rss, hwm: hwm ? Number(hwm[1]) * 1024 : rss };
  } catch {
    return { rss, hwm: rss };
  }
}
function resetPeak(): void {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux: the peak falls back to RSS after the export.
  }
}

/** Child: one export of the seeded directory, measured; prints one JSON line. */
async function child(dir: string, format: 'csv' | 'xlsx', encoding: 'utf-8' | 'gb18030'): Promise<void> {
  const { dbs, records } = services(dir);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await sleep(500);
  const idle = memory().rss;
  resetPeak();
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const t = performance.now();
  const file = await records.export({ endpoint: '/inventory/', format, encoding, lang: 'zh-CN', search: '', field: 'all', status: '', sort: '' });
  const ms = performance.now() - t;
  // One more turn, so a loop blocked until the very end still shows as a delay.
  await sleep(20);
  lag.disable();
  const peak = memory().hwm;
  const bytes = fs.statSync(file.path).size;
  fs.rmSync(file.path, { force: true });
  await sleep(2000);
  const after = memory().rss;
  // What the process can give back once the garbage is collected (a server collects when it next allocates).
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(500);
  const afterGc = memory().rss;
  dbs.close();
  console.log(JSON.stringify({ format, encoding, rows: file.rows, ms: Math.round(ms), bytes, idleMb: idle / MB, peakAboveIdleMb: (peak - idle) / MB, afterAboveIdleMb: (after - idle) / MB, afterGcAboveIdleMb: (afterGc - idle) / MB, maxLoopDelayMs: lag.max / 1e6 }));
}

function seed(dir: string): void {
  const { dbs, audit, records } = services(dir);
  const admin = new AuthService(dbs.lab, audit).setup({ username: 'admin', password: 'admin-pass-1', displayName: 'Admin' });
  const t = performance.now();
  const items = sampleItems(ROWS);
  dbs.lab.transaction(() => {
    for (const it of items) records.inventory.insert(inventoryRowValues(it, it.cas_number), admin, { action: 'import' });
  })();
  dbs.lab.pragma('optimize');
  dbs.close();
  console.log(`seeded ${ROWS} inventory rows in ${(performance.now() - t).toFixed(0)} ms`);
}

async function main(): Promise<void> {
  if (arg('child')) return child(arg('db')!, arg('format') as 'csv' | 'xlsx', arg('encoding') as 'utf-8' | 'gb18030');
  const given = arg('db');
  const dir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-export-'));
  if (!given) seed(dir);
  const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const runs: Array<Record<string, number | string>> = [];
  for (const f of FORMATS) {
    const out = spawnSync(process.execPath, ['--expose-gc', process.argv[1]!, '--child', '1', '--db', dir, '--format', f.format, '--encoding', f.encoding], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(out.stderr);
    runs.push(JSON.parse(out.stdout.trim().split('\n').pop()!) as Record<string, number | string>);
  }
  const rows = runs.map((r) => {
    const budget = r.format === 'xlsx' ? TARGETS.xlsxMs : TARGETS.csvMs;
    const ok = Number(r.ms) <= budget && Number(r.peakAboveIdleMb) <= TARGETS.peakAboveIdleMb && Number(r.afterGcAboveIdleMb) <= TARGETS.afterAboveIdleMb;
    return `| ${r.format} ${r.encoding} | ${r.rows} | ${r.ms} ms (≤ ${budget}) | ${(Number(r.bytes) / MB).toFixed(1)} MB | ${Number(r.peakAboveIdleMb).toFixed(0)} MB | ${Number(r.afterAboveIdleMb).toFixed(0)} MB / ${Number(r.afterGcAboveIdleMb).toFixed(0)} MB | ${Number(r.maxLoopDelayMs).toFixed(0)} ms | ${ok ? 'met' : 'NOT met'} |`;
  });
  const md = [
    `Export of ${ROWS} inventory rows (lang zh-CN), one child process per format; load average ${load}; ${os.cpus().length} cores.`,
    '',
    '| format | rows | time | file | RSS peak above idle (≤ 400) | RSS above idle 2 s after / after a GC (≤ 50) | worst event-loop delay | targets |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(md);
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync('bench-results/export.json', JSON.stringify({ rows: ROWS, load, cores: os.cpus().length, targets: TARGETS, runs }, null, 2));
  fs.writeFileSync('bench-results/export.md', md + '\n');
  if (!given && !process.env.KEEP) fs.rmSync(dir, { recursive: true, force: true });
  else console.log(`data directory: ${dir}`);
}

void main();
