// One read snapshot serves the inline requests of up to SNAPSHOT_MAX_AGE_MS (reader.ts): this
// process's own completion writes show in the very next suggestion, another process's within that
// time, and an idle reader holds no snapshot (checkpoints can empty the write-ahead log).
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { createEnv } from './helpers';
import { memoryRankKey } from '../../src/main/completion/ranking';
import { SNAPSHOT_MAX_AGE_MS, WRITER_ACTIVE_SNAPSHOT_FACTOR } from '../../src/main/completion/reader';
import { until } from '../support/until';

const INV = '/inventory/';

async function builtWithEthanol(snapshotMaxAgeMs?: number) {
  const env = createEnv({ snapshotMaxAgeMs });
  const id = env.inventory({ name: 'Ethanol' });
  env.maintenance.initialize();
  await env.maintenance.rebuild();
  // Straight to the service: the helper's env.inline begins a fresh snapshot on every call.
  const inline = (q: string) => env.service.inline(env.userId, { endpoint: INV, q, field: 'all' }).completion;
  return { env, id, inline };
}

/** A memory record written by another connection (as the worker's writes reach the reader). */
function rememberElsewhere(other: Database.Database, env: Awaited<ReturnType<typeof builtWithEthanol>>['env'], norm: string, query: string, frequency: number) {
  other
    .prepare("INSERT INTO search_memory(user_id, endpoint, field, norm, query, frequency, last_used_at, rank_key) VALUES (?, ?, 'all', ?, ?, ?, ?, ?)")
    .run(env.userId, INV, norm, query, frequency, env.clock.now, memoryRankKey(frequency, env.clock.now, 0, 0));
}

describe('read snapshots across requests', () => {
  it('a sync written by this process shows in the very next suggestion', async () => {
    // A snapshot that would otherwise serve for a minute: only the service's renew shows the write.
    const { env, id, inline } = await builtWithEthanol(60_000);
    expect(inline('eth')).toBe('Ethanol');
    env.dbs.lab.prepare('DELETE FROM inventory_items WHERE id = ?').run(id);
    expect(env.service.syncEntities(INV, [id])).toBe('written');
    expect(inline('eth')).toBe('');
  });

  it('a write by another connection (own memory, 0.45 > the index’s 0.25) shows once the snapshot’s age is up, not before', async () => {
    const { env, inline } = await builtWithEthanol(1000);
    expect(inline('eth')).toBe('Ethanol');
    const other = new Database(path.join(env.dir, 'completion.db'));
    rememberElsewhere(other, env, 'ethylacetate', 'Ethyl acetate', 50);
    other.close();
    const t0 = performance.now();
    expect(inline('eth')).toBe('Ethanol'); // still the first read's snapshot (1 s)
    expect(await until(() => inline('eth'), (c) => c === 'Ethyl acetate', 5000, 5)).toBe('Ethyl acetate');
    expect(performance.now() - t0).toBeGreaterThan(700); // it took the snapshot's age, not a renew
  });

  it('while another connection keeps committing, a snapshot lasts longer; once it stops, the usual age is back', async () => {
    const age = 300;
    // Between the usual age and the longer one (4x): a short wait stays under it even with a 450 ms
    // stall of a busy test machine, and a long wait (a stall can only lengthen it) is always over it.
    const between = 2.5 * age;
    const { env, inline } = await builtWithEthanol(age);
    const other = new Database(path.join(env.dir, 'completion.db'));
    const remember = (norm: string, query: string, frequency: number) => rememberElsewhere(other, env, norm, query, frequency);
    /** Milliseconds from now until `inline('eth')` answers `want`. */
    const shows = async (want: string) => {
      const t0 = performance.now();
      expect(await until(() => inline('eth'), (c) => c === want, 10_000, 5)).toBe(want);
      return performance.now() - t0;
    };
    expect(inline('eth')).toBe('Ethanol'); // the first snapshot: nothing seen committing yet
    remember('ethylacetate', 'Ethyl acetate', 50);
    expect(await shows('Ethyl acetate')).toBeLessThan(between);
    // That snapshot began after a commit: the next write waits for the longer age.
    remember('ethylbenzoate', 'Ethyl benzoate', 90);
    expect(await shows('Ethyl benzoate')).toBeGreaterThan(between);
    // No more commits: one more long snapshot (it began after one), then a snapshot that saw none.
    await new Promise((r) => setTimeout(r, age * WRITER_ACTIVE_SNAPSHOT_FACTOR + 50));
    expect(inline('eth')).toBe('Ethyl benzoate');
    await new Promise((r) => setTimeout(r, age * WRITER_ACTIVE_SNAPSHOT_FACTOR + 50));
    expect(inline('eth')).toBe('Ethyl benzoate');
    remember('ethylbromide', 'Ethyl bromide', 200);
    expect(await shows('Ethyl bromide')).toBeLessThan(between);
    other.close();
  });

  it('an idle reader lets a checkpoint empty the write-ahead log', async () => {
    const { env, inline } = await builtWithEthanol();
    const other = new Database(path.join(env.dir, 'completion.db'));
    other.pragma('busy_timeout = 0');
    other.exec('CREATE TABLE scratch(x)');
    expect(inline('eth')).toBe('Ethanol'); // a snapshot on a log with frames in it
    other.exec('INSERT INTO scratch VALUES (1)');
    await new Promise((r) => setTimeout(r, SNAPSHOT_MAX_AGE_MS + 50));
    expect(other.pragma('wal_checkpoint(TRUNCATE)')).toEqual([{ busy: 0, log: 0, checkpointed: 0 }]);
    other.close();
  });
});
