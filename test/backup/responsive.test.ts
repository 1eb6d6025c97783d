// "The user can keep working" during a backup: the SQLite work runs in a worker thread, so the main
// thread (which serves every request) is held far shorter than the snapshot itself takes.
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp';
import { seedDataDir } from './helpers';
import { createBackupArchive } from '../../src/main/backup/create-backup';
import { snapshotDatabase } from '../../src/main/backup/snapshot';

describe('backup and the main thread', () => {
  it('holds the event loop for much less than an inline snapshot would', async () => {
    const dataDir = tempDir();
    seedDataDir(dataDir, 120_000, 'a rather long inventory item name to make the database bigger');
    const t = Date.now();
    snapshotDatabase(path.join(dataDir, 'lab.db'), path.join(tempDir(), 'inline.db'));
    const inlineMs = Date.now() - t;
    expect(inlineMs).toBeGreaterThan(150);

    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    await createBackupArchive(dataDir, path.join(tempDir(), 'b.zip'), { kind: 'manual', appVersion: 't' }, { workRoot: tempDir() });
    lag.disable();
    expect(lag.max / 1e6).toBeLessThan(inlineMs / 2);
  }, 60_000);
});
