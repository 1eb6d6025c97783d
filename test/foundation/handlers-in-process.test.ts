// The auth and data operations driven through the real dispatcher of running services (the table
// both transports call), in-process: users, sessions, settings, app info, and Settings → Data
// (status, backup, preview, restore, retention, move) on a temp data directory.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/shared/errors';
import { until } from '../support/until';
import { ADMIN, freePort, sessionFor, startTestServices, tempDir } from '../support/temp';

type Session = ReturnType<typeof sessionFor>;

async function harness() {
  const s = await startTestServices();
  const call = async <T = unknown>(name: string, input: unknown, session: Session): Promise<Envelope<T>> => (await s.dispatcher.call(name, input, session, 'ipc')) as Envelope<T>;
  const ok = async <T = Record<string, unknown>>(name: string, input: unknown, session: Session): Promise<T> => {
    const r = await call<T>(name, input, session);
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
    return r.value;
  };
  return { s, call, ok };
}

describe('auth operations through the dispatcher', () => {
  it('setup, login, users, passwords, me, logout: each changes what the next call sees', async () => {
    const { call, ok } = await harness();
    const admin = sessionFor(null);
    expect(await ok('setupStatus', {}, admin)).toEqual({ needed: true });
    const created = await ok<{ username: string; role: string }>('setup', ADMIN, admin);
    expect(created).toMatchObject({ username: 'admin', role: 'admin' });
    expect(admin.token).toBeTruthy();
    expect(await ok('setupStatus', {}, admin)).toEqual({ needed: false });
    expect(await ok('me', {}, admin)).toMatchObject({ username: 'admin' });

    const bob = await ok<{ id: number }>('createUser', { username: 'bob', password: 'bob-pass-1', displayName: 'Bob', role: 'member' }, admin);
    expect((await ok<Array<{ username: string }>>('listUsers', {}, admin)).map((u) => u.username).sort()).toContain('bob');

    const bobSession = sessionFor(null);
    expect(await ok('login', { username: 'bob', password: 'bob-pass-1' }, bobSession)).toMatchObject({ username: 'bob', role: 'member' });
    expect(await call('listUsers', {}, bobSession)).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    expect(await ok('updateUser', { id: bob.id, displayName: 'Bob B.' }, admin)).toMatchObject({ displayName: 'Bob B.' });
    expect(await ok('me', {}, bobSession)).toMatchObject({ displayName: 'Bob B.' });

    expect(await ok('resetPassword', { id: bob.id, password: 'bob-pass-2' }, admin)).toEqual({ ok: true });
    expect(await call('login', { username: 'bob', password: 'bob-pass-1' }, sessionFor(null))).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const again = sessionFor(null);
    expect((await call('login', { username: 'bob', password: 'bob-pass-2' }, again)).ok).toBe(true);

    expect(await ok('logout', {}, again)).toEqual({ ok: true });
    expect(again.token).toBeNull();
    expect(await call('me', {}, again)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
  });

  it('app info and settings: a saved port needs a restart; the event stream is HTTP only', async () => {
    const { s, call, ok } = await harness();
    const admin = sessionFor(null);
    await ok('setup', ADMIN, admin);
    const info = await ok<{ version: string }>('appInfo', {}, admin);
    expect(info.version).toBe('9.9.9-test');
    // This run listens on a test port, not the saved one: saving this run's port changes the saved
    // value (restart flagged), saving it again changes nothing.
    expect(await ok('updateSettings', { port: s.port }, admin)).toEqual({ port: s.port, restartRequired: true, timeZone: '' });
    expect(await ok('updateSettings', { port: s.port }, admin)).toEqual({ port: s.port, restartRequired: false, timeZone: '' });
    expect(await ok('updateSettings', {}, admin)).toEqual({ port: s.port, restartRequired: false, timeZone: '' });
    const other = await freePort();
    expect(await ok('updateSettings', { port: other }, admin)).toEqual({ port: other, restartRequired: true, timeZone: '' });
    expect(s.settings.read().port).toBe(other);
    expect(await call('events', {}, admin)).toMatchObject({ ok: false, error: { code: 'not_found', message: 'The event stream is served over HTTP only.' } });
  });
});

describe('data operations through the dispatcher', () => {
  it('status, backup now, preview and restore of that backup, retention, move to a new folder', async () => {
    const { s, call, ok } = await harness();
    const admin = sessionFor(null);
    await ok('setup', ADMIN, admin);
    await ok('createInventoryItem', { name: 'Sodium chloride', quantity: 3 }, admin);

    const before = await ok<{ dataDir: string; keep: number; backups: unknown[] }>('dataStatus', {}, admin);
    expect(before.dataDir).toBe(s.dataDir);

    const outDir = tempDir('lab-out-');
    const job = await ok<{ kind: string; ok: boolean | null }>('backupNow', { outDir }, admin);
    expect(job).toMatchObject({ kind: 'backup', ok: null });
    const done = await until(() => ok<{ job: { ok: boolean | null } | null; lastGoodBackup: { file: string } | null }>('dataStatus', {}, admin), (st) => st.lastGoodBackup !== null, 30_000, 50);
    const made = done.lastGoodBackup;
    const archive = fs.readdirSync(outDir).find((f) => f.endsWith('.zip'));
    expect(archive, JSON.stringify(made)).toBeDefined();
    const source = path.join(outDir, archive!);

    const preview = await ok<{ source: string; counts: Record<string, number>; warnings: unknown[] }>('previewRestore', { source }, admin);
    expect(preview.source).toBe(source);
    expect(preview.counts.inventory_items).toBe(1);

    await ok('createInventoryItem', { name: 'Written after the backup', quantity: 1 }, admin);
    const restored = await ok<{ replacedDir: string }>('restoreData', { source, acceptWarnings: true }, admin);
    expect(fs.existsSync(path.join(s.dataDir, restored.replacedDir))).toBe(true);
    // Read the restored facts in a fresh session: the item written after the backup is gone.
    const after = sessionFor(null);
    await ok('login', { username: ADMIN.username, password: ADMIN.password }, after);
    const list = await ok<{ rows: Array<{ name: string }> }>('listInventory', {}, after);
    expect(list.rows.map((i) => i.name)).toEqual(['Sodium chloride']);

    expect(await ok('updateBackupSettings', { keep: 3 }, after)).toEqual({ keep: 3 });
    expect((await ok<{ keep: number }>('dataStatus', {}, after)).keep).toBe(3);
    expect(await call('updateBackupSettings', { keep: 0 }, after)).toMatchObject({ ok: false, error: { code: 'validation' } });

    const target = path.join(tempDir('lab-move-'), 'moved-data');
    const moved = await ok<{ from: string; to: string; restartRequired: boolean }>('moveDataDir', { target }, after);
    expect(moved).toMatchObject({ from: s.dataDir, to: target, restartRequired: true });
    expect(fs.existsSync(path.join(target, 'lab.db'))).toBe(true);
  }, 120_000);
});
