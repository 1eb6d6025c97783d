// Command line for scripts (built to out/main/backup-cli.js):
//   npm run backup  -- --data-dir <dir> [--out <file.zip | folder>]
//   npm run restore -- --data-dir <dir> --from <archive | folder> [--accept-warnings]
// A backup may run while the app runs on the directory (it reads one consistent snapshot through
// its own connections). A restore replaces the files, so it takes the directory's instance lock
// and is refused while the app (or anything else) runs on it. Exit codes: 0 ok, 2 usage,
// 3 directory in use, 4 refused (bad backup or path), 1 unexpected failure.
import fs from 'node:fs';
import path from 'node:path';
import { acquireInstanceLock, DataDirInUseError } from '../data-dir/instance-lock';
import { appVersion } from '../version';
import { createBackupArchive } from './create-backup';
import { BackupError } from './backup-error';
import { BACKUPS_DIR } from './layout';
import { fileStamp } from './files';
import { recordBackupResult } from './status';
import { completeInterruptedRestore } from './restore-journal';
import { applyRestore, stageRestore } from './restore';
import { silentLogger } from '../logging';
import { exitWithUsage, parseFlagsOrExit } from '../cli-flags';

// One line, like every refusal of the command line (cli-flags.ts).
const USAGE = 'backup-cli backup --data-dir <dir> [--out <file.zip | existing folder>] | backup-cli restore --data-dir <dir> --from <archive.zip | backup folder | data-directory copy> [--accept-warnings]';

function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

function mb(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

async function backup(dataDir: string, out: string | undefined): Promise<void> {
  let file = path.join(dataDir, BACKUPS_DIR, `backup-${fileStamp()}.zip`);
  if (out) file = fs.existsSync(out) && fs.statSync(out).isDirectory() ? path.join(path.resolve(out), `backup-${fileStamp()}.zip`) : path.resolve(out);
  fs.mkdirSync(path.join(dataDir, BACKUPS_DIR), { recursive: true });
  const at = new Date().toISOString();
  let last = '';
  try {
    const r = await createBackupArchive(dataDir, file, { kind: 'manual', appVersion: appVersion() }, {
      workRoot: path.join(dataDir, BACKUPS_DIR),
      progress: (p) => {
        if (p.phase !== last) process.stderr.write(`${p.phase}… `);
        last = p.phase;
      },
    });
    process.stderr.write('\n');
    const rel = path.relative(dataDir, r.file);
    recordBackupResult(dataDir, { at, kind: 'manual', ok: true, error: null, file: rel.startsWith('..') ? r.file : rel, bytes: r.bytes, durationMs: r.durationMs });
    const c = r.manifest.counts.lab;
    console.log(`Backup written: ${r.file} (${mb(r.bytes)}, ${r.durationMs} ms; ${c.inventory_items ?? 0} inventory items, ${c.reagent_orders ?? 0} reagent orders, ${c.consumable_orders ?? 0} consumable orders, ${c.users ?? 0} users)`);
  } catch (e) {
    process.stderr.write('\n');
    recordBackupResult(dataDir, { at, kind: 'manual', ok: false, error: (e as Error).message, file: null, bytes: 0, durationMs: 0 });
    throw e;
  }
}

async function restore(dataDir: string, from: string, acceptWarnings: boolean): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireInstanceLock(dataDir, { mode: 'restore-cli' });
  try {
    if (completeInterruptedRestore(dataDir)) console.log('Finished a restore that had been interrupted earlier.');
    const started = Date.now();
    const staged = await stageRestore(dataDir, from);
    const p = staged.preview;
    console.log(`Restoring from ${p.source} (${p.sourceKind}${p.createdAt ? `, made ${p.createdAt} by Lab Desktop ${p.appVersion}` : ''}):`);
    for (const [t, n] of Object.entries(p.counts)) console.log(`  ${t}: ${n}`);
    if (p.needsUpgrade) console.log('  The data has an older schema; the app upgrades it (after an automatic backup) when it next starts.');
    if (p.warnings.length) {
      for (const w of p.warnings) console.error(`Warning: ${w}`);
      if (!acceptWarnings) {
        staged.discard();
        fail(4, 'Restore not started. Run again with --accept-warnings to restore anyway.');
      }
    }
    const { replacedDir } = applyRestore(staged, silentLogger());
    console.log(`Restore complete in ${Date.now() - started} ms. The replaced files are kept in ${path.join(dataDir, replacedDir)}. The search-completion index is rebuilt when the app starts.`);
  } finally {
    lock.release();
  }
}

async function main(): Promise<void> {
  const [cmd, ...rest] = process.argv.slice(2);
  // Each command takes only its own flags: `backup --from X` is a mistake, not a backup.
  if (cmd === 'backup') {
    const flags = parseFlagsOrExit(rest, { 'data-dir': 'string', out: 'string' }, USAGE);
    if (!flags['data-dir']) exitWithUsage('backup needs --data-dir <dir>', USAGE);
    const dir = path.resolve(flags['data-dir']);
    if (!fs.existsSync(dir)) fail(4, `The data directory ${dir} does not exist.`);
    await backup(dir, flags.out);
  } else if (cmd === 'restore') {
    const flags = parseFlagsOrExit(rest, { 'data-dir': 'string', from: 'string', 'accept-warnings': 'boolean' }, USAGE);
    if (!flags['data-dir']) exitWithUsage('restore needs --data-dir <dir>', USAGE);
    if (!flags.from) exitWithUsage('restore needs --from <archive or folder>', USAGE);
    await restore(path.resolve(flags['data-dir']), flags.from, flags['accept-warnings'] === true);
  } else {
    exitWithUsage(cmd === undefined ? 'Missing the command (backup or restore)' : `Unknown command '${cmd}'`, USAGE);
  }
}

main().catch((e: unknown) => {
  if (e instanceof DataDirInUseError) fail(3, `${e.message} A restore replaces the data files, so stop the app first (a backup can run while it runs).`);
  if (e instanceof BackupError) fail(4, `${e.message} Nothing was changed.`);
  fail(1, `Failed: ${e instanceof Error ? e.message : String(e)}`);
});
