// After a restore the completion index is rebuilt from the restored facts by the real maintenance
// worker process: a restored record the archive's index never held is suggested, one made after
// the backup is not.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { setupAdmin, sessionFor, startTestServices, tempDir } from '../support/temp';
import { forkNodeWorker } from '../../src/main/worker/fork-node';
import { bundle } from '../completion/processes';
import { until } from '../support/until';

describe('completion index after a restore', () => {
  it('is rebuilt from the restored facts, not taken from the archive', async () => {
    const dir = tempDir();
    const worker = bundle('src/main/worker/maintenance-worker-entry.ts');
    const s = await startTestServices({ dataDir: dir, spawnWorker: () => forkNodeWorker(worker, ['--data-dir', dir]) });
    const session = sessionFor(await setupAdmin(s));
    /** Per endpoint: 1 while the index waits for a rebuild; a rebuild clears it as it finishes. */
    const meta = () => {
      const db = new Database(path.join(dir, 'completion.db'), { readonly: true });
      try {
        return db.prepare('SELECT stale FROM endpoint_meta').pluck().all() as number[];
      } finally {
        db.close();
      }
    };
    const inline = async (q: string) => {
      const r = await s.dispatcher.call('inlineCompletion', { endpoint: '/inventory/', q, field: 'all' }, session, 'http');
      return r.ok ? (r.value as { completion: string }).completion : `error ${JSON.stringify(r)}`;
    };
    expect((await s.dispatcher.call('createInventoryItem', { name: 'Xylene', quantity: 1 }, session, 'http')).ok).toBe(true);
    expect(await until(() => inline('xyl'), (v) => v === 'Xylene')).toBe('Xylene');

    // The worker's start-up rebuild reads lab.db; until it has finished it could still pick up
    // the fact below. Once every endpoint is fresh nothing rebuilds again unless marked stale.
    expect(await until(meta, (v) => v.every((x) => x === 0))).toEqual([0, 0, 0]);

    // A fact the index does not know (written without the after-commit hook): the archive's index
    // lacks it, so only a rebuild from the restored facts can suggest it.
    s.data.dbs.lab.prepare(`INSERT INTO inventory_items (name, quantity, status) VALUES ('Zirconia', 1, 'in_stock')`).run();
    await new Promise((r) => setTimeout(r, 500));
    expect(await inline('zir')).toBe('');

    const backup = await s.backups.backupAndWait('manual');
    expect((await s.dispatcher.call('createInventoryItem', { name: 'Yttrium oxide', quantity: 1 }, session, 'http')).ok).toBe(true);

    await s.backups.restore(backup.file);
    expect(await until(meta, (v) => v.every((x) => x === 0))).toEqual([0, 0, 0]);
    expect(await until(() => inline('zir'), (v) => v === 'Zirconia')).toBe('Zirconia');
    expect(await inline('xyl')).toBe('Xylene');
    expect(await inline('ytt')).toBe(''); // made after the backup: gone with the restore
  });
});
