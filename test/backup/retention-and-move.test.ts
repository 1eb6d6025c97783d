// Retention of automatic backups, the daily schedule, portable-mode resolution and moving the
// data directory (copy, verify, switch at the next start, old directory kept).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupAdmin, startTestServices, tempDir } from '../support/temp';
import { factsOf, insertRows } from './helpers';
import { applyRetention, listBackups } from '../../src/main/backup/retention';
import { resolveDataDir } from '../../src/main/data-dir/resolve';
import { AppError } from '../../src/shared/errors';

describe('retention of automatic backups', () => {
  it('keeps the newest N automatic backups and never touches manual ones', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    insertRows(s.data.dbs.lab, 10);
    s.backups.setKeep(3);
    const manual = await s.backups.backupAndWait('manual');
    const autos: string[] = [];
    for (let i = 0; i < 5; i++) autos.push(path.basename((await s.backups.backupAndWait('automatic')).file));
    const left = listBackups(s.dataDir);
    expect(left.filter((b) => b.kind === 'automatic').map((b) => b.name)).toEqual(autos.slice(2).reverse());
    expect(left.some((b) => b.name === path.basename(manual.file))).toBe(true);
    expect(s.backups.status().keep).toBe(3);
  });

  it('never deletes the last good backup; removes incomplete leftovers', () => {
    const dataDir = tempDir();
    const b = path.join(dataDir, 'backups');
    fs.mkdirSync(path.join(b, 'pre-migration-2026-01-01T00-00-00-000Z'), { recursive: true });
    fs.writeFileSync(path.join(b, 'pre-migration-2026-01-01T00-00-00-000Z', 'manifest.json'), '{}');
    fs.mkdirSync(path.join(b, 'pre-migration-2026-02-01T00-00-00-000Z')); // crashed half-way: no manifest
    fs.writeFileSync(path.join(b, 'auto-2025-12-01T00-00-00-000Z.zip'), 'zip');
    expect(applyRetention(dataDir, 0).sort()).toEqual(['auto-2025-12-01T00-00-00-000Z.zip', 'pre-migration-2026-02-01T00-00-00-000Z']);
    expect(listBackups(dataDir).map((x) => x.name)).toEqual(['pre-migration-2026-01-01T00-00-00-000Z']);
  });

  it('the retention setting is validated at the API', async () => {
    const s = await startTestServices();
    const token = await setupAdmin(s);
    const session = { token, set() {}, clear() {} };
    const bad = await s.dispatcher.call('updateBackupSettings', { keep: 0 }, session, 'http');
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation', fields: { keep: expect.objectContaining({ message: 'keep at least 1 backup' }) } } });
    const ok = await s.dispatcher.call('updateBackupSettings', { keep: 5 }, session, 'http');
    expect(ok).toEqual({ ok: true, value: { keep: 5 } });
    expect(JSON.parse(fs.readFileSync(path.join(s.dataDir, 'settings.json'), 'utf8')).backupKeep).toBe(5);
  });
});

describe('daily automatic backup', () => {
  it('runs when none ran in the last 24 hours, and not again the same day', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    insertRows(s.data.dbs.lab, 3);
    expect(await s.backups.runDueAutomaticBackup()).toBe(true);
    expect(await s.backups.runDueAutomaticBackup()).toBe(false);
    expect(await s.backups.runDueAutomaticBackup(Date.now() + 25 * 3600 * 1000)).toBe(true);
    expect(listBackups(s.dataDir).filter((b) => b.kind === 'automatic')).toHaveLength(2);
    expect(s.backups.status().lastGoodBackup).toMatchObject({ kind: 'automatic', ok: true });
  });
});

describe('portable mode', () => {
  it('a data/ folder next to the executable (PORTABLE_EXECUTABLE_DIR for the Windows portable target) is the data directory', () => {
    const root = tempDir();
    const usb = path.join(root, 'usb', 'LabDesktop');
    fs.mkdirSync(path.join(usb, 'data'), { recursive: true });
    const unpacked = path.join(root, 'Temp', 'unpacked-1234');
    fs.mkdirSync(unpacked, { recursive: true });
    const r = resolveDataDir({ argv: [], env: { PORTABLE_EXECUTABLE_DIR: usb }, exeDir: unpacked, userDataDir: path.join(root, 'appdata') });
    expect(r).toEqual({ dir: path.join(usb, 'data'), source: 'portable' });
    // Moving the whole folder elsewhere (another drive letter, another machine) follows along.
    const moved = path.join(root, 'other-machine', 'LabDesktop');
    fs.mkdirSync(path.dirname(moved), { recursive: true });
    fs.renameSync(usb, moved);
    expect(resolveDataDir({ argv: [], env: { PORTABLE_EXECUTABLE_DIR: moved }, exeDir: unpacked, userDataDir: path.join(root, 'appdata') }).dir).toBe(path.join(moved, 'data'));
  });

  it('settings.json holds no absolute paths, so a moved portable folder keeps working', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    s.backups.setKeep(7);
    await s.backups.backupAndWait('manual');
    const text = fs.readFileSync(path.join(s.dataDir, 'settings.json'), 'utf8');
    expect(text).not.toContain(s.dataDir);
    expect(text).not.toMatch(/"\/|[A-Za-z]:\\\\/);
    // The backup status names backups relative to the data directory.
    expect(s.backups.status().lastBackup!.file).toMatch(/^backups[\\/]backup-.*\.zip$/);
  });
});

describe('moving the data directory', () => {
  it('copies consistently, verifies, and the next start uses the new location; the old one stays', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    insertRows(s.data.dbs.lab, 200, 'to-move');
    await s.backups.backupAndWait('manual');
    const facts = factsOf(path.join(s.dataDir, 'lab.db'));
    const target = path.join(tempDir(), 'new-home');
    const r = await s.backups.move(target);
    expect(r).toEqual({ from: s.dataDir, to: target, restartRequired: true });
    expect(factsOf(path.join(target, 'lab.db'))).toEqual(facts);
    expect(fs.readdirSync(path.join(target, 'backups')).some((n) => n.endsWith('.zip'))).toBe(true);
    expect(fs.existsSync(path.join(s.dataDir, 'lab.db'))).toBe(true); // old directory kept
    // Further data jobs and every write are refused until the restart (they would land in the old place).
    expect(() => s.backups.backupNow()).toThrow(/moved to/);
    const session = { token: (await s.data.auth.login('admin', 'admin-pass-1')).token, set() {}, clear() {} };
    const write = await s.dispatcher.call('createUser', { username: 'late', password: 'password-1', displayName: 'Late', role: 'member' }, session, 'http');
    expect(write).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect((write as { error: { message: string } }).error.message).toContain(target);
    expect(await s.dispatcher.call('dataStatus', {}, session, 'http')).toMatchObject({ ok: true, value: { movedTo: target } });
    // The old location now points at the new one.
    expect(resolveDataDir({ argv: ['--data-dir', s.dataDir], env: {}, exeDir: null, userDataDir: '/x' })).toMatchObject({ dir: target, movedFrom: s.dataDir });
  });

  it('refuses a target inside the data directory, a non-empty folder or a relative path; nothing copied', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    const full = tempDir();
    fs.writeFileSync(path.join(full, 'x'), 'x');
    for (const [target, msg] of [
      [path.join(s.dataDir, 'sub'), /outside the current data directory/],
      [full, /not an empty folder/],
      ['relative/dir', /absolute/],
    ] as const) {
      const e = await s.backups.move(target).catch((x: unknown) => x as AppError);
      expect((e as AppError).code).toBe('validation');
      expect((e as AppError).fields?.target?.message).toMatch(msg);
    }
    expect(fs.existsSync(path.join(s.dataDir, 'moved-to.json'))).toBe(false);
    expect(fs.existsSync(path.join(s.dataDir, 'sub'))).toBe(false);
  });
});

describe('leftovers of an interrupted backup', () => {
  it('are removed at start when their writer is gone, kept while it runs', async () => {
    const s = await startTestServices();
    const b = path.join(s.dataDir, 'backups');
    fs.mkdirSync(path.join(b, '.tmp-2026-01-01T00-00-00-000Z-999999'));
    fs.writeFileSync(path.join(b, 'backup-2026-01-01T00-00-00-000Z.zip.999999.partial'), 'half');
    fs.mkdirSync(path.join(b, `.tmp-2026-01-01T00-00-00-000Z-${process.pid}`));
    expect(s.backups.cleanLeftovers().sort()).toEqual(['.tmp-2026-01-01T00-00-00-000Z-999999', 'backup-2026-01-01T00-00-00-000Z.zip.999999.partial']);
    expect(fs.existsSync(path.join(b, `.tmp-2026-01-01T00-00-00-000Z-${process.pid}`))).toBe(true);
  });
});
