// Crash safety and copies, with real child processes and real files:
// - a restore killed (SIGKILL) at every step leaves either the old or the new data, never a mix;
// - a backup taken while another process inserts continuously passes the integrity check and
//   holds every row committed before it began;
// - a directory copied after the app stopped (lab.db-wal still full) restores every committed row;
//   a plain copy of a running app's directory is detected and refused.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { setupAdmin, startTestServices, tempDir } from '../support/temp';
import { factsOf, insertRows, runScript, seedDataDir, startScript } from './helpers';
import { createBackupArchive } from '../../src/main/backup/create-backup';
import { extractArchive } from '../../src/main/backup/archive';
import { JOURNAL_FILE } from '../../src/main/backup/restore-journal';
import { AppError } from '../../src/shared/errors';

const POINTS = ['staged', 'before-journal', 'journal-written', 'aside-partial', 'aside-done', 'place-partial', 'placed', 'done'];

describe('a restore killed at any point', () => {
  it.each(POINTS)('killed at "%s": the next start opens the old or the new data, never a mix', async (point) => {
    // New data: an archive of 40 "new" rows.
    const other = tempDir();
    seedDataDir(other, 40, 'new');
    const archive = path.join(tempDir(), 'new.zip');
    await createBackupArchive(other, archive, { kind: 'manual', appVersion: '1' }, { workRoot: tempDir() });
    const newFacts = factsOf(path.join(other, 'lab.db'));

    // Old data: 25 rows, 10 of them only in lab.db-wal (as after a crash), so a stale -wal left
    // beside the restored lab.db would show up as a mix.
    const dataDir = tempDir();
    seedDataDir(dataDir, 15, 'old');
    const db = new Database(path.join(dataDir, 'lab.db'));
    db.pragma('wal_autocheckpoint = 0');
    insertRows(db, 10, 'old-wal');
    const frozen = tempDir();
    for (const f of fs.readdirSync(dataDir)) if (fs.statSync(path.join(dataDir, f)).isFile()) fs.copyFileSync(path.join(dataDir, f), path.join(frozen, f));
    db.close();
    fs.rmSync(dataDir, { recursive: true });
    fs.cpSync(frozen, dataDir, { recursive: true });
    expect(fs.statSync(path.join(dataDir, 'lab.db-wal')).size).toBeGreaterThan(0);
    const oldFacts = factsOf(path.join(frozen, 'lab.db'));
    expect(oldFacts.counts.inventory_items).toBe(25);

    const r = await runScript('restore-crash', [dataDir, archive, point]);
    expect(r.signal, r.stderr).toBe('SIGKILL');

    // The next start: the app's own start-up (finishes or ignores the interrupted restore).
    const s = await startTestServices({ dataDir });
    const now = factsOf(path.join(dataDir, 'lab.db'));
    const expected = point === 'staged' || point === 'before-journal' ? oldFacts : newFacts;
    expect(now).toEqual(expected);
    expect(fs.existsSync(path.join(dataDir, JOURNAL_FILE))).toBe(false);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('.restore-staging'))).toEqual([]);
    expect(s.data.dbs.lab.pragma('integrity_check', { simple: true })).toBe('ok');
    if (expected === newFacts) {
      // The old data is kept aside, complete with its -wal.
      const kept = fs.readdirSync(path.join(dataDir, 'replaced'));
      expect(kept).toHaveLength(1);
      expect(factsOf(path.join(dataDir, 'replaced', kept[0]!, 'lab.db'))).toEqual(oldFacts);
    }
  });
});

describe('a backup killed at any point', () => {
  it.each(['completion', 'files', 'archive', 'verify'])('killed at "%s": the live data is untouched and the leftovers go at the next start', async (phase) => {
    const dataDir = tempDir();
    seedDataDir(dataDir, 300, 'live');
    fs.mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
    const before = factsOf(path.join(dataDir, 'lab.db'));
    const r = await runScript('backup-crash', [dataDir, phase]);
    expect(r.signal, r.stderr + r.stdout).toBe('SIGKILL');
    expect(factsOf(path.join(dataDir, 'lab.db'))).toEqual(before);
    expect(fs.existsSync(path.join(dataDir, 'backups', 'backup-crash.zip'))).toBe(false); // never a half archive under the final name
    const leftovers = () => fs.readdirSync(path.join(dataDir, 'backups')).filter((n) => n.startsWith('.tmp-') || n.endsWith('.partial'));
    expect(leftovers().length).toBeGreaterThan(0);
    const s = await startTestServices({ dataDir });
    expect(leftovers()).toEqual([]);
    expect(s.data.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(300);
  });
});

describe('backup under load', () => {
  it('holds every row committed before the snapshot began while another process keeps inserting', async () => {
    const dataDir = tempDir();
    seedDataDir(dataDir, 1000, 'seed');
    const writer = startScript('writer', [dataDir, 'continuous']);
    await writer.waitFor('writing');
    await new Promise((r) => setTimeout(r, 300));
    const reader = new Database(path.join(dataDir, 'lab.db'), { readonly: true });
    const committedBefore = reader.prepare('SELECT max(id) FROM inventory_items').pluck().get() as number;
    reader.close();
    expect(committedBefore).toBeGreaterThan(1000);

    const archive = path.join(tempDir(), 'under-load.zip');
    const res = await createBackupArchive(dataDir, archive, { kind: 'manual', appVersion: '1' }, { workRoot: tempDir() });
    const reader2 = new Database(path.join(dataDir, 'lab.db'), { readonly: true });
    const committedAfter = reader2.prepare('SELECT max(id) FROM inventory_items').pluck().get() as number;
    reader2.close();
    await writer.kill();
    expect(committedAfter).toBeGreaterThan(committedBefore); // the writer really kept writing

    const out = path.join(tempDir(), 'x');
    await extractArchive(archive, out); // checksums verified
    const db = new Database(path.join(out, 'lab.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const upTo = db.prepare('SELECT count(*) FROM inventory_items WHERE id <= ?').pluck().get(committedBefore);
    const total = db.prepare('SELECT count(*) FROM inventory_items').pluck().get() as number;
    const max = db.prepare('SELECT max(id) FROM inventory_items').pluck().get() as number;
    db.close();
    expect(upTo).toBe(committedBefore);
    expect(total).toBe(max); // one consistent snapshot: no gaps
    expect(res.manifest.counts.lab.inventory_items).toBe(total);
  });
});

describe('copies of a data directory', () => {
  it('a copy taken after the app stopped, with lab.db-wal full of commits, restores every row', async () => {
    const src = tempDir();
    seedDataDir(src, 5, 'checkpointed');
    const w = startScript('writer', [src, 'wal', '300', 'lock']);
    await w.waitFor('ready');
    await w.kill(); // a crash: nothing checkpointed, instance.lock left behind
    expect(fs.statSync(path.join(src, 'lab.db-wal')).size).toBeGreaterThan(300 * 100);
    expect(fs.existsSync(path.join(src, 'instance.lock'))).toBe(true);
    const copy = path.join(tempDir(), 'copy');
    fs.cpSync(src, copy, { recursive: true });

    const s = await startTestServices();
    await setupAdmin(s);
    const preview = await s.backups.previewRestore(copy);
    expect(preview.sourceKind).toBe('data-folder');
    expect(preview.counts.inventory_items).toBe(305);
    expect(preview.warnings.map((w) => w.message).join(' ')).toMatch(/not closed cleanly/);
    expect(preview.warnings.map((w) => w.key)).toContain('restore.uncleanCopy');
    // Warnings need an explicit confirmation.
    const refused = await s.backups.restore(copy).catch((e: unknown) => e as AppError);
    expect((refused as AppError).code).toBe('conflict');
    await s.backups.restore(copy, { acceptWarnings: true });
    expect(s.data.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get()).toBe(305);
    expect(s.data.dbs.lab.prepare(`SELECT count(*) FROM inventory_items WHERE name LIKE 'wal %'`).pluck().get()).toBe(300);
    // The source copy itself was only read.
    expect(fs.existsSync(path.join(copy, 'lab.db-wal'))).toBe(true);
  });

  it('a plain copy of a running app\'s directory is detected and refused', async () => {
    const src = tempDir();
    seedDataDir(src, 5);
    const w = startScript('writer', [src, 'wal', '50', 'lock']);
    await w.waitFor('ready');
    const copy = path.join(tempDir(), 'copy');
    fs.cpSync(src, copy, { recursive: true });
    const s = await startTestServices();
    await setupAdmin(s);
    const before = factsOf(path.join(s.dataDir, 'lab.db'));
    const err = await s.backups.previewRestore(copy).catch((e: unknown) => e as AppError);
    expect((err as AppError).code).toBe('validation');
    expect((err as AppError).message).toMatch(/running Lab Desktop.*Make a backup in the running app instead/);
    await expect(s.backups.restore(copy, { acceptWarnings: true })).rejects.toThrow(/running Lab Desktop/);
    expect(factsOf(path.join(s.dataDir, 'lab.db'))).toEqual(before);
    await w.kill();
  });
});
