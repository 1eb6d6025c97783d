// After a restore the completion index is rebuilt from the restored facts by the real maintenance
// worker process: an entry that exists only in the archive's index (not in its facts) disappears,
// and the restored records are suggested.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { setupAdmin, sessionFor, startTestServices, tempDir } from '../support/temp';
import { forkNodeWorker } from '../../src/main/worker/fork-node';
import { bundle } from '../completion/processes';

async function until<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('completion index after a restore', () => {
  it('is rebuilt from the restored facts, not taken from the archive', async () => {
    const dir = tempDir();
    const worker = bundle('src/main/worker/maintenance-worker.ts');
    const s = await startTestServices({ dataDir: dir, spawnWorker: () => forkNodeWorker(worker, ['--data-dir', dir]) });
    const session = sessionFor(setupAdmin(s));
    const inline = async (q: string) => {
      const r = await s.dispatcher.call('inlineCompletion', { endpoint: '/inventory/', q, field: 'all' }, session, 'http');
      return r.ok ? (r.value as { completion: string }).completion : `error ${JSON.stringify(r)}`;
    };
    expect((await s.dispatcher.call('createInventoryItem', { name: 'Xylene', quantity: 1 }, session, 'http')).ok).toBe(true);
    expect(await until(() => inline('xyl'), (v) => v === 'Xylene')).toBe('Xylene');

    // An index entry without a fact behind it (as a damaged or tampered index would have).
    const c = new Database(path.join(dir, 'completion.db'));
    const gen = c.prepare(`SELECT active_gen FROM endpoint_meta WHERE endpoint = '/inventory/'`).pluck().get() as number;
    c.prepare(`INSERT INTO entity_rows (endpoint, gen, entity_type, entity_id, field, text, norm, operational_score) VALUES ('/inventory/', ?, 'inventory_item', 9999, 'name', 'Bogus compound', 'boguscompound', 1)`).run(gen);
    c.prepare(`INSERT INTO entity_terms (endpoint, gen, field, norm, text, score) VALUES ('/inventory/', ?, 'name', 'boguscompound', 'Bogus compound', 1000)`).run(gen);
    c.close();
    expect(await inline('bog')).toBe('Bogus compound');

    const backup = await s.backups.backupAndWait('manual');
    expect((await s.dispatcher.call('createInventoryItem', { name: 'Yttrium oxide', quantity: 1 }, session, 'http')).ok).toBe(true);

    await s.backups.restore(backup.file);
    const meta = () => {
      const db = new Database(path.join(dir, 'completion.db'), { readonly: true });
      try {
        return db.prepare('SELECT stale FROM endpoint_meta').pluck().all() as number[];
      } finally {
        db.close();
      }
    };
    expect(await until(meta, (v) => v.every((x) => x === 0))).toEqual([0, 0, 0]);
    expect(await until(() => inline('bog'), (v) => v === '')).toBe('');
    expect(await inline('xyl')).toBe('Xylene');
    expect(await inline('ytt')).toBe(''); // made after the backup: gone with the restore
  });
});
