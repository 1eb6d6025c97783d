// Backup → restore round trip on a running app (real files, real connections): the restored data
// has identical counts and checksums of the facts, the replaced files are kept, the services work
// on the reopened connections, and the completion index is marked for a rebuild.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startTestServices, setupAdmin, sessionFor } from '../support/temp';
import { factsOf, insertRows } from './helpers';
import { readArchiveManifest } from '../../src/main/backup/archive';
import { JOURNAL_FILE } from '../../src/main/backup/restore-journal';

describe('backup and restore round trip', () => {
  it('restores identical facts, keeps the replaced files and reopens every service', async () => {
    const s = await startTestServices();
    const token = await setupAdmin(s);
    insertRows(s.data.dbs.lab, 500, 'original');
    const before = factsOf(path.join(s.dataDir, 'lab.db'));

    const r = await s.backups.backupAndWait('manual');
    expect(fs.existsSync(r.file)).toBe(true);
    const m = await readArchiveManifest(r.file);
    expect(m.app).toBe('lab-desktop');
    expect(m.appVersion).toBe('9.9.9-test');
    expect(m.counts.lab.inventory_items).toBe(500);
    expect(m.schema.lab).toBeGreaterThan(0);
    expect(m.files.map((f) => f.path)).toEqual(expect.arrayContaining(['lab.db', 'completion.db']));
    for (const f of m.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(s.backups.status().lastBackup).toMatchObject({ ok: true, kind: 'manual' });

    // Change the live data after the backup: more rows, some deleted.
    insertRows(s.data.dbs.lab, 50, 'after-backup');
    s.data.dbs.lab.prepare(`DELETE FROM inventory_items WHERE id <= 10`).run();
    const changed = factsOf(path.join(s.dataDir, 'lab.db'));
    expect(changed.checksum).not.toBe(before.checksum);

    const preview = await s.backups.previewRestore(r.file);
    expect(preview).toMatchObject({ sourceKind: 'archive', createdAt: m.createdAt, warnings: [] });
    expect(preview.counts.inventory_items).toBe(500);

    const res = await s.backups.restore(r.file);
    expect(factsOf(path.join(s.dataDir, 'lab.db'))).toEqual(before);
    // The replaced directory is kept, with the data as it was just before the restore.
    const replaced = path.join(s.dataDir, res.replacedDir);
    expect(fs.existsSync(path.join(replaced, 'lab.db'))).toBe(true);
    expect(factsOf(path.join(replaced, 'lab.db')).checksum).toBe(changed.checksum);
    expect(fs.existsSync(path.join(s.dataDir, JOURNAL_FILE))).toBe(false);
    expect(fs.readdirSync(s.dataDir).filter((n) => n.startsWith('.restore-staging'))).toEqual([]);

    // The services run on fresh connections to the restored files.
    expect(s.data.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(500);
    const me = await s.dispatcher.call('me', {}, sessionFor(token), 'http');
    expect(me.ok).toBe(true); // the session existed in the backup too
    const list = await s.dispatcher.call('listUsers', {}, sessionFor(token), 'http');
    expect(list.ok).toBe(true);

    // The entity index is not trusted from the archive: every endpoint waits for a rebuild.
    const c = new Database(path.join(s.dataDir, 'completion.db'), { readonly: true });
    const stale = c.prepare('SELECT endpoint, stale FROM endpoint_meta').all() as Array<{ stale: number }>;
    c.close();
    expect(stale.length).toBeGreaterThan(0);
    expect(stale.every((e) => e.stale === 1)).toBe(true);

    // The data can be written after the restore (the reopened connection is read-write).
    insertRows(s.data.dbs.lab, 1, 'post-restore');
    expect(s.data.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(501);
  });

  it('reopen rewires: after a restore every handler works on the new connections and the old ones are closed', async () => {
    const s = await startTestServices();
    const session = sessionFor(await setupAdmin(s));
    const call = async <T>(op: string, input: unknown): Promise<T> => {
      const r = await s.dispatcher.call(op, input, session, 'http');
      if (!r.ok) throw new Error(`${op}: ${JSON.stringify(r.error)}`);
      return r.value as T;
    };
    await call('createInventoryItem', { name: 'Before backup', quantity: 1 });
    const backup = await s.backups.backupAndWait('manual');
    const old = s.data;

    await call('restoreData', { source: backup.file });
    expect(s.data).not.toBe(old);
    expect(old.dbs.lab.open).toBe(false);
    expect(old.dbs.completion.open).toBe(false);

    // Written through the API after the restore: in the restored lab.db file, readable through the API.
    const made = await call<{ id: number }>('createInventoryItem', { name: 'After restore', quantity: 2 });
    expect((await call<{ name: string }>('getInventoryItem', { id: made.id })).name).toBe('After restore');
    const onDisk = new Database(path.join(s.dataDir, 'lab.db'), { readonly: true });
    try {
      expect(onDisk.prepare('SELECT name FROM inventory_items ORDER BY id').pluck().all()).toEqual(['Before backup', 'After restore']);
    } finally {
      onDisk.close();
    }
    // The other handler groups follow too: history (audit), cart matching (lab.db), completion, users.
    expect((await call<unknown[]>('getHistory', { entity_type: 'inventory_item', id: made.id })).length).toBeGreaterThan(0);
    expect(await call<unknown[]>('cartSync', { items: [{ item_id: 'item-1', cas_number: '7647-14-5' }] })).toHaveLength(1);
    expect((await s.dispatcher.call('getCompletionPreferences', {}, session, 'http')).ok).toBe(true);
    expect((await call<unknown[]>('listUsers', {})).length).toBe(1);
  });

  it("restore through the API: sessions valid before it stay valid for accounts the backup has; sessions that had ended do not come back", async () => {
    const s = await startTestServices();
    const adminToken = await setupAdmin(s);
    const adminId = (await s.data.auth.userForToken(adminToken))!.id;
    await s.data.auth.createUser({ username: 'li.na', password: 'member-pass-1', displayName: 'Li Na', role: 'member' }, adminId);
    const loggedOutSince = (await s.data.auth.login('li.na', 'member-pass-1')).token;
    const stillOpen = (await s.data.auth.login('li.na', 'member-pass-1')).token;
    const backup = await s.backups.backupAndWait('manual');
    await s.data.auth.logout(loggedOutSince);
    // After the backup: the admin logs in again, and a new account logs in.
    const restorer = (await s.data.auth.login('admin', 'admin-pass-1')).token;
    await s.data.auth.createUser({ username: 'wang.wei', password: 'member-pass-2', displayName: 'Wang Wei', role: 'member' }, adminId);
    const newAccount = (await s.data.auth.login('wang.wei', 'member-pass-2')).token;

    const r = await s.dispatcher.call('restoreData', { source: backup.file }, sessionFor(restorer), 'http');
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect((await s.data.auth.userForToken(restorer))?.username).toBe('admin');
    expect((await s.data.auth.userForToken(adminToken))?.username).toBe('admin');
    expect((await s.data.auth.userForToken(stillOpen))?.username).toBe('li.na');
    expect(await s.data.auth.userForToken(loggedOutSince)).toBeNull(); // in the backup, ended since
    expect(await s.data.auth.userForToken(newAccount)).toBeNull(); // the account is not in the restored data
    expect((await s.dispatcher.call('me', {}, sessionFor(restorer), 'http')).ok).toBe(true);
  });

  it('restores from a backup folder and from the replaced directory (undo)', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    insertRows(s.data.dbs.lab, 20, 'v1');
    const v1 = factsOf(path.join(s.dataDir, 'lab.db'));
    const a = await s.backups.backupAndWait('manual');
    insertRows(s.data.dbs.lab, 5, 'v2');
    const v2 = factsOf(path.join(s.dataDir, 'lab.db'));

    const res = await s.backups.restore(a.file);
    expect(factsOf(path.join(s.dataDir, 'lab.db'))).toEqual(v1);
    // Undo: the replaced folder is a plain data-directory copy, restorable in turn.
    await s.backups.restore(path.join(s.dataDir, res.replacedDir));
    expect(factsOf(path.join(s.dataDir, 'lab.db'))).toEqual(v2);
  });

  it('refuses a second data job while one runs', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    insertRows(s.data.dbs.lab, 10);
    const job = s.backups.backupNow();
    expect(job.kind).toBe('backup');
    expect(() => s.backups.backupNow()).toThrow(/already running/);
    for (let i = 0; i < 200 && s.backups.status().job?.ok === null; i++) await new Promise((r) => setTimeout(r, 25));
    expect(s.backups.status().job).toMatchObject({ ok: true, percent: 100 });
    expect(s.backups.status().backups.filter((b) => b.kind === 'manual')).toHaveLength(1);
  });
});
