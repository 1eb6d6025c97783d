// Backup and restore timings for a large data directory (reported in docs/data-directory.md):
// 100 000 inventory rows (names and CAS numbers from the shared chemicals list) and a 1 000 000-row
// completion index (the active generation's rows table of the real completion schema), inserted directly with SQL.
// Usage: node bench.cjs <work folder> [inventoryRows] [indexRows]
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabases } from '../../../src/main/db/databases';
import { createBackupArchive } from '../../../src/main/backup/create-backup';
import { snapshotDatabase } from '../../../src/main/backup/snapshot';
import { commitRestore, stageRestore } from '../../../src/main/backup/restore';
import { completeInterruptedRestore } from '../../../src/main/backup/restore-journal';
import { normalizeSearchTerm } from '../../../src/shared/normalize';
import { tablesOf } from '../../../src/main/stores/completion/entity-index-store';
import { startServices } from '../../../src/main/app-services';
import { sharedDataFile } from '../../support/shared-data';

const [work, invArg, idxArg] = process.argv.slice(2) as [string, string?, string?];
const INV = Number(invArg ?? 100_000);
const IDX = Number(idxArg ?? 1_000_000);
const mb = (f: string) => (fs.statSync(f).size / 1048576).toFixed(1);
const time = <T>(label: string, fn: () => T): T => {
  const t = Date.now();
  const r = fn();
  console.log(`${label}: ${Date.now() - t} ms`);
  return r;
};

async function main(): Promise<void> {
  const chems = fs
    .readFileSync(sharedDataFile('chemicals.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split('\t'));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const dbs = openDatabases(dataDir);
  time(`generate ${INV} inventory rows`, () => {
    dbs.lab.prepare(`INSERT INTO users (username, display_name, role, password_hash) VALUES ('admin', 'Admin', 'admin', 'x')`).run();
    const ins = dbs.lab.prepare(
      `INSERT INTO inventory_items (name, english_name, cas_number, specification, quantity, unit, storage_location, brand, category, product_number, status, search_all, s_name, s_cas_number)
       VALUES (?, ?, ?, '500 g', ?, 'g', ?, ?, 'reagent', ?, 'in_stock', ?, ?, ?)`,
    );
    dbs.lab.transaction(() => {
      for (let i = 0; i < INV; i++) {
        const c = chems[i % chems.length]!;
        const name = `${c[2]} #${i}`;
        ins.run(name, c[3] ?? '', c[0], i % 50, `Cabinet ${i % 40}`, ['Sigma-Aldrich', 'Aladdin 阿拉丁', 'Macklin 麦克林'][i % 3], `P${i}`, normalizeSearchTerm(`${name} ${c[0]}`), normalizeSearchTerm(name), normalizeSearchTerm(c[0]!));
      }
    })();
  });
  time(`generate ${IDX} completion index rows`, () => {
    const ins = dbs.completion.prepare(`INSERT INTO ${tablesOf('/inventory/', 0).rows} (entity_id, field, text, norm, score) VALUES (?, ?, ?, ?, 0.9)`);
    const fields = ['name', 'english_name', 'cas_number', 'brand', 'storage_location', 'category', 'product_number', 'specification', 'unit', 'status'];
    dbs.completion.transaction(() => {
      for (let i = 0; i < IDX; i++) {
        const c = chems[Math.floor(i / fields.length) % chems.length]!;
        const text = `${c[2]} ${i}`;
        ins.run(Math.floor(i / fields.length) + 1, fields[i % fields.length], text, normalizeSearchTerm(text));
      }
    })();
  });
  dbs.close();
  console.log(`lab.db ${mb(path.join(dataDir, 'lab.db'))} MB, completion.db ${mb(path.join(dataDir, 'completion.db'))} MB`);

  // The part that runs on the app's main thread (VACUUM INTO + integrity_check), per database.
  const snap = path.join(work, 'snap');
  fs.mkdirSync(snap, { recursive: true });
  time('snapshot lab.db (VACUUM INTO + integrity_check)', () => snapshotDatabase(path.join(dataDir, 'lab.db'), path.join(snap, 'lab.db')));
  time('snapshot completion.db (VACUUM INTO + integrity_check)', () => snapshotDatabase(path.join(dataDir, 'completion.db'), path.join(snap, 'completion.db')));

  // How long the main thread is held at most while the backup and the restore run.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const archive = path.join(work, 'backup.zip');
  const t0 = Date.now();
  const r = await createBackupArchive(dataDir, archive, { kind: 'manual', appVersion: 'bench' }, { workRoot: work });
  console.log(`BACKUP total (snapshots, checksums, zip, read-back): ${Date.now() - t0} ms, archive ${mb(archive)} MB; longest main-thread block ${Math.round(lag.max / 1e6)} ms`);
  lag.reset();
  void r;

  // Restore into another data directory that holds (small) data of its own.
  const target = path.join(work, 'target');
  fs.mkdirSync(target);
  openDatabases(target).close();
  const t1 = Date.now();
  completeInterruptedRestore(target);
  const staged = await stageRestore(target, archive);
  const t2 = Date.now();
  console.log(`  (verify+stage: longest main-thread block ${Math.round(lag.max / 1e6)} ms)`);
  lag.disable();
  commitRestore(staged);
  const t3 = Date.now();
  const reopened = openDatabases(target);
  const n = reopened.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get();
  reopened.close();
  const t4 = Date.now();
  console.log(`RESTORE verify+stage: ${t2 - t1} ms, swap: ${t3 - t2} ms, reopen: ${t4 - t3} ms, total ${t4 - t1} ms (${n} inventory rows restored)`);

  // The same through the running app's service (Back up now / Restore in Settings → Data).
  const s = await startServices({ dataDir: target, mode: 'browser', version: 'bench', port: 40000 + (process.pid % 20000) });
  try {
    const t5 = Date.now();
    const b = await s.backups.backupAndWait('manual');
    const t6 = Date.now();
    const res = await s.backups.restore(archive);
    const t7 = Date.now();
    console.log(`APP backup: ${t6 - t5} ms (${mb(b.file)} MB); APP restore (verify, stop worker, close, swap, open, rebuild services): ${t7 - t6} ms; ${res.preview.counts.inventory_items} rows`);
  } finally {
    await s.close();
  }
}
void main();
