// "The user can keep working" during a backup: the SQLite work (VACUUM INTO, integrity_check) runs
// in a worker thread, so the main thread that serves every request stays idle meanwhile; the rest
// of a backup (checksums, zip) runs in small stream chunks. Measured as event-loop utilization,
// which, unlike raw delays, does not depend on how busy the machine is.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp';
import { seedDataDir } from './helpers';
import { createBackupArchive } from '../../src/main/backup/create-backup';
import { snapshotDatabase, snapshotDatabaseAsync } from '../../src/main/backup/snapshot';

describe('backup and the main thread', () => {
  it('snapshots in a worker thread: the event loop stays idle, where inline it would be held throughout', async () => {
    const dataDir = tempDir();
    seedDataDir(dataDir, 120_000, 'a rather long inventory item name to make the database bigger');
    const lab = path.join(dataDir, 'lab.db');

    const inlineStart = performance.eventLoopUtilization();
    snapshotDatabase(lab, path.join(tempDir(), 'inline.db'));
    const inline = performance.eventLoopUtilization(inlineStart);

    const start = performance.eventLoopUtilization();
    const facts = await snapshotDatabaseAsync(lab, path.join(tempDir(), 'worker.db'));
    const worker = performance.eventLoopUtilization(start);

    expect(facts.counts.inventory_items).toBe(120_000);
    expect(inline.utilization).toBeGreaterThan(0.9);
    expect(worker.utilization).toBeLessThan(0.25);

    // A whole backup (with checksums and zip on the main thread, in chunks) leaves it mostly free.
    const whole = performance.eventLoopUtilization();
    await createBackupArchive(dataDir, path.join(tempDir(), 'b.zip'), { kind: 'manual', appVersion: 't' }, { workRoot: tempDir() });
    expect(performance.eventLoopUtilization(whole).utilization).toBeLessThan(0.75);
  }, 180_000);
});
