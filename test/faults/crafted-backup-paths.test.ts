// Crafted backups naming paths outside the data directory (issue 14's fault suite): zip entries
// `../../x` (zip-slip), absolute `/…` and `C:\…`, a symbolic-link entry, and a backup folder whose
// manifest reaches outside it. Each is refused (or its stray entries ignored), nothing is written
// outside the data directory (its parent folder is checked for strays), and the current data stays:
// a record created before is still there and lab.db passes integrity_check.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { setupAdmin, startTestServices, tempDir } from '../support/temp';
import { expectRestoreRefused, insertRows } from '../backup/helpers';
import { writeBackupFolder } from '../../src/main/backup/create-backup';
import { openDatabases } from '../../src/main/db/databases';
import { listFiles } from '../../src/main/backup/files';
import type { RunningApp } from '../../src/main/app-services';
import { AppError } from '../../src/shared/errors';
import { DEFAULT_SETTINGS } from '../../src/main/settings';
import { sha256File } from '../../src/main/backup/files';

const S_IFLNK = 0o120000;

/** The running app on <root>/data, with 30 rows and one named record created before. */
async function running(): Promise<{ s: RunningApp; root: string }> {
  const root = tempDir('lab-crafted-');
  const s = await startTestServices({ dataDir: path.join(root, 'data') });
  await setupAdmin(s);
  insertRows(s.data.dbs.lab, 30);
  insertRows(s.data.dbs.lab, 1, 'Before the restore');
  return { s, root };
}

/** A valid backup folder of another lab (7 rows). */
function otherBackup(): string {
  const dataDir = tempDir();
  const dbs = openDatabases(dataDir);
  insertRows(dbs.lab, 7, 'other');
  dbs.close();
  const folder = path.join(tempDir(), 'bk');
  writeBackupFolder(dataDir, folder, { kind: 'manual', appVersion: '1.0.0' });
  return folder;
}

interface Crafted {
  /** The entry's name as stored in the archive (yazl refuses such names, so it is patched in). */
  name: string;
  data: string;
  /** Listed in manifest.json with its size and checksum, as a tool making an attack would. */
  listed: boolean;
  mode?: number;
}

/** Zips `folder` plus the crafted entries, their names written into the archive's bytes. */
async function craftZip(folder: string, crafted: Crafted[]): Promise<string> {
  const manifestFile = path.join(folder, 'manifest.json');
  const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { files: Array<{ path: string; size: number; sha256: string }> };
  for (const c of crafted.filter((x) => x.listed)) m.files.push({ path: c.name, size: Buffer.byteLength(c.data), sha256: createHash('sha256').update(c.data).digest('hex') });
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(m)), 'manifest.json', { compress: false });
  for (const f of listFiles(folder).filter((f) => f !== 'manifest.json')) zip.addBuffer(fs.readFileSync(path.join(folder, f)), f, { compress: false });
  const placeholders = crafted.map((c, i) => `p${i}`.padEnd(Buffer.byteLength(c.name), 'q'));
  crafted.forEach((c, i) => zip.addBuffer(Buffer.from(c.data), placeholders[i]!, { compress: false, ...(c.mode ? { mode: c.mode } : {}) }));
  zip.end();
  const chunks: Buffer[] = [];
  for await (const ch of zip.outputStream) chunks.push(ch as Buffer);
  let bytes = Buffer.concat(chunks);
  crafted.forEach((c, i) => {
    const from = Buffer.from(placeholders[i]!);
    const to = Buffer.from(c.name);
    for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + 1)) to.copy(bytes, at);
  });
  const file = path.join(tempDir(), 'crafted.zip');
  fs.writeFileSync(file, bytes);
  bytes = Buffer.alloc(0);
  return file;
}

/** The current data is intact and nothing landed beside the data directory. */
function expectIntact(s: RunningApp, root: string, strays: string[]): void {
  const lab = s.data.dbs.lab;
  expect(lab.prepare("SELECT count(*) FROM inventory_items WHERE name = 'Before the restore 0'").pluck().get()).toBe(1);
  expect(lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(31);
  expect(lab.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(fs.readdirSync(root)).toEqual(['data']);
  for (const p of strays) expect(fs.existsSync(p), p).toBe(false);
  expect(fs.readdirSync(s.dataDir).filter((f) => f.startsWith('.restore-staging'))).toEqual([]);
}

describe('crafted backups naming paths outside the data directory', () => {
  it('zip-slip and absolute entry names listed in the manifest are refused; nothing is written outside', async () => {
    const { s, root } = await running();
    const outside = (n: string) => path.join(root, n);
    const cases: Array<{ name: string; stray: string }> = [
      { name: '../../zipslip-a.txt', stray: outside('zipslip-a.txt') },
      { name: '../zipslip-b.txt', stray: path.join(s.dataDir, 'zipslip-b.txt') },
      { name: 'logs/../../../zipslip-c.txt', stray: outside('zipslip-c.txt') },
      { name: `${outside('zipslip-d.txt')}`, stray: outside('zipslip-d.txt') },
      { name: 'C:\\zipslip-e.txt', stray: outside('C:\\zipslip-e.txt') },
      { name: 'logs\\..\\..\\zipslip-f.txt', stray: outside('zipslip-f.txt') },
    ];
    for (const c of cases) {
      const zip = await craftZip(otherBackup(), [{ name: c.name, data: 'SLIPPED', listed: true }]);
      await expectRestoreRefused(s, zip, /never holds|unsafe path|damaged|not a readable zip/);
      expectIntact(s, root, [c.stray]);
    }
  });

  it('the same entries not listed in the manifest are never extracted', async () => {
    const { s, root } = await running();
    const names = ['../../stray-a.txt', path.join(root, 'stray-b.txt'), 'C:\\stray-c.txt'];
    const zip = await craftZip(
      otherBackup(),
      names.map((name) => ({ name, data: 'SLIPPED', listed: false })),
    );
    // Refused as damaged, or restored without them: either way nothing of them is written.
    const outcome = await s.backups.restore(zip).then(
      () => 'restored',
      (e: unknown) => (e instanceof AppError && e.code === 'validation' ? 'refused' : String(e)),
    );
    expect(['restored', 'refused']).toContain(outcome);
    expect(fs.readdirSync(root)).toEqual(['data']);
    expect(s.data.dbs.lab.pragma('integrity_check', { simple: true })).toBe('ok');
    console.log(`crafted zip with unlisted zip-slip/absolute entries: ${outcome}`);
  });

  it('a symbolic-link entry in an archive is refused', async () => {
    const { s, root } = await running();
    const zip = await craftZip(otherBackup(), [{ name: 'logs/evil.log', data: '../../../../etc/passwd', listed: true, mode: S_IFLNK | 0o777 }]);
    await expectRestoreRefused(s, zip, /symbolic link/);
    expectIntact(s, root, []);
  });

  it('a backup folder whose manifest reaches outside the folder is refused; the outside file is not copied', async () => {
    const { s, root } = await running();
    const folder = otherBackup();
    const secret = path.join(path.dirname(path.dirname(folder)), 'secret.txt');
    fs.writeFileSync(secret, 'OUTSIDE-SECRET');
    for (const rel of [`../../${path.basename(path.dirname(folder))}/secret.txt`, '../secret.txt', secret]) {
      const m = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { files: Array<{ path: string; size: number; sha256: string }> };
      m.files = [...m.files.filter((f) => !f.path.includes('secret')), { path: rel, size: 14, sha256: createHash('sha256').update('OUTSIDE-SECRET').digest('hex') }];
      fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(m));
      await expectRestoreRefused(s, folder, /never holds/);
      expectIntact(s, root, []);
    }
    for (const f of listFiles(s.dataDir)) if (!f.endsWith('.db') && !f.includes('-wal') && !f.includes('-shm')) expect(fs.readFileSync(path.join(s.dataDir, f), 'utf8')).not.toContain('OUTSIDE-SECRET');
  });

  it('a hostile settings.json restored from an archive is neutralised: defaults, no prototype pollution, backups kept', async () => {
    const { s, root } = await running();
    const folder = otherBackup();
    const hostile = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"backupKeep":"x","port":-1,"dataDir":"/etc"}';
    fs.writeFileSync(path.join(folder, 'settings.json'), hostile);
    const m = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as { files: Array<{ path: string; size: number; sha256: string }> };
    m.files = [...m.files.filter((f) => f.path !== 'settings.json'), { path: 'settings.json', size: Buffer.byteLength(hostile), sha256: sha256File(path.join(folder, 'settings.json')) }];
    fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(m));
    const zip = await craftZip(folder, []);
    await s.backups.restore(zip);
    expect(fs.readFileSync(path.join(s.dataDir, 'settings.json'), 'utf8')).toBe(hostile);
    expect(s.backups.status().keep).toBe(DEFAULT_SETTINGS.backupKeep);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await s.backups.runDueAutomaticBackup()).toBe(true);
    expect(s.backups.status().backups.filter((b) => b.kind === 'automatic')).toHaveLength(1);
    expect(s.data.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(7);
    expect(s.data.dbs.lab.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(fs.readdirSync(root)).toEqual(['data']);
  });

  it('settings.json keys named like Object members (constructor, __proto__, toString) fall back to defaults; the app starts and answers', async () => {
    const dataDir = path.join(tempDir(), 'data');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'settings.json'), '{"constructor":1,"__proto__":{"backupKeep":2},"toString":"x","backupKeep":9}');
    const s = await startTestServices({ dataDir });
    const token = await setupAdmin(s);
    const r = await fetch(`http://127.0.0.1:${s.port}/api/data/status`, { headers: { cookie: `lab_session=${token}` } });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { keep: number }).keep).toBe(9);
  });
});
