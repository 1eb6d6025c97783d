// Crafted restore sources (issue 14, defect 8): symbolic links inside a backup are refused (a link
// copied a file from outside into logs/), and a backup that expands beyond the documented caps
// (a tiny zip holding a huge log) is refused before anything is written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupAdmin, startTestServices, tempDir } from '../support/temp';
import { expectRestoreRefused, insertRows } from '../backup/helpers';
import { writeBackupFolder } from '../../src/main/backup/create-backup';
import { zipFolder } from '../../src/main/backup/archive';
import { sha256File } from '../../src/main/backup/files';
import { openDatabases } from '../../src/main/db/databases';
import { MAX_RESTORE_LOG_BYTES } from '../../src/main/backup/restore-limits';
import type { RunningApp } from '../../src/main/app-services';

const SECRET = 'OUTSIDE-SECRET-CONTENT';

async function running(): Promise<RunningApp> {
  const s = await startTestServices();
  await setupAdmin(s);
  insertRows(s.data.dbs.lab, 30);
  return s;
}

/** Refused like every crafted source, the data intact, and nothing of the outside file in the logs. */
async function expectRefused(s: RunningApp, source: string, message: RegExp): Promise<void> {
  await expectRestoreRefused(s, source, message);
  expect(s.data.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(30);
  const logs = path.join(s.dataDir, 'logs');
  for (const f of fs.readdirSync(logs, { recursive: true }) as string[]) {
    const p = path.join(logs, f);
    if (fs.statSync(p).isFile()) expect(fs.readFileSync(p, 'utf8')).not.toContain(SECRET);
  }
}

/** A data directory of another lab (7 rows), and a valid backup folder of it. */
function otherLab(): { dataDir: string; folder: string } {
  const dataDir = tempDir();
  const dbs = openDatabases(dataDir);
  insertRows(dbs.lab, 7, 'other');
  dbs.close();
  fs.mkdirSync(path.join(dataDir, 'logs'));
  fs.writeFileSync(path.join(dataDir, 'logs', 'app.log'), '{"msg":"hello"}\n');
  const folder = path.join(tempDir(), 'bk');
  writeBackupFolder(dataDir, folder, { kind: 'manual', appVersion: '1.0.0' });
  return { dataDir, folder };
}

/** Adds (or re-lists) `rel` in the folder's manifest with the size and checksum of what it reads. */
function list(folder: string, rel: string): void {
  const file = path.join(folder, 'manifest.json');
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as { files: Array<{ path: string; size: number; sha256: string }> };
  m.files = m.files.filter((f) => f.path !== rel);
  m.files.push({ path: rel, size: fs.statSync(path.join(folder, rel)).size, sha256: sha256File(path.join(folder, rel)) });
  fs.writeFileSync(file, JSON.stringify(m));
}

function outsideFile(): string {
  const f = path.join(tempDir(), 'outside.txt');
  fs.writeFileSync(f, SECRET);
  return f;
}

describe('crafted restore sources', () => {
  it('a symbolic link in a backup folder (a log, a logs folder, the database) is refused; nothing from outside is copied', async () => {
    const s = await running();
    const a = otherLab().folder;
    fs.symlinkSync(outsideFile(), path.join(a, 'logs', 'evil.log'));
    list(a, 'logs/evil.log');
    await expectRefused(s, a, /logs\/evil\.log in the backup is a symbolic link/);

    const b = otherLab().folder;
    const outsideLogs = path.dirname(outsideFile());
    fs.renameSync(path.join(b, 'logs', 'app.log'), path.join(outsideLogs, 'app.log'));
    fs.writeFileSync(path.join(outsideLogs, 'app.log'), SECRET);
    fs.rmSync(path.join(b, 'logs'), { recursive: true });
    fs.symlinkSync(outsideLogs, path.join(b, 'logs'));
    list(b, 'logs/app.log');
    await expectRefused(s, b, /symbolic link/);

    const c = otherLab().folder;
    const realDb = path.join(tempDir(), 'lab.db');
    fs.renameSync(path.join(c, 'lab.db'), realDb);
    fs.symlinkSync(realDb, path.join(c, 'lab.db'));
    await expectRefused(s, c, /lab\.db in the backup is a symbolic link/);
  });

  it('a symbolic link in a copied data directory is refused', async () => {
    const s = await running();
    const { dataDir } = otherLab();
    fs.symlinkSync(outsideFile(), path.join(dataDir, 'logs', 'evil.log'));
    await expectRefused(s, dataDir, /logs\/evil\.log in the backup is a symbolic link/);
    const other = otherLab().dataDir;
    fs.symlinkSync(outsideFile(), path.join(other, 'settings.json'));
    await expectRefused(s, other, /settings\.json in the backup is a symbolic link/);
  });

  it('a backup expanding beyond the cap (a tiny zip with a huge log) is refused with the limits in the message', async () => {
    const s = await running();
    const { folder } = otherLab();
    // Sparse: large when expanded, nearly nothing on disk or in the zip.
    fs.closeSync(fs.openSync(path.join(folder, 'logs', 'huge.log'), 'w'));
    fs.truncateSync(path.join(folder, 'logs', 'huge.log'), MAX_RESTORE_LOG_BYTES + 1024 ** 2);
    list(folder, 'logs/huge.log');
    const zip = path.join(tempDir(), 'bomb.zip');
    await zipFolder(folder, zip);
    console.log(`crafted zip of ${(fs.statSync(zip).size / 1024).toFixed(0)} KB expanding to ${MAX_RESTORE_LOG_BYTES / 1024 ** 2 + 1} MiB of logs: refused`);
    await expectRefused(s, zip, /at most \d+ MiB in all and 64 MiB of logs/);
    await expectRefused(s, folder, /at most \d+ MiB in all and 64 MiB of logs/);
    expect(fs.readdirSync(s.dataDir).filter((f) => f.startsWith('.restore-staging'))).toEqual([]);
  });
});
