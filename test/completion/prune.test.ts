// Search-memory pruning: low-use removal, the three caps with their keep-order, hourly throttle.
import { describe, expect, it } from 'vitest';
import { createEnv, T0 } from './helpers';
import { pruneMemory, CAP_PER_USER_SCOPE, CAP_PER_GLOBAL_SCOPE, CAP_TOTAL, PRUNE_INTERVAL_MS } from '../../src/main/completion/prune.child';
import { DAY_MS, memoryRankKey } from '../../src/main/completion/ranking';
import { openDatabase } from '../../src/main/db/open';
import path from 'node:path';

type Env = ReturnType<typeof createEnv>;
interface Rec {
  user: number;
  endpoint?: string;
  norm: string;
  f: number;
  last: number;
}

function insert(env: Env, recs: Rec[]) {
  const ins = env.dbs.completion.prepare(
    "INSERT INTO search_memory(user_id, endpoint, field, norm, query, frequency, last_used_at, rank_key) VALUES (?, ?, 'all', ?, ?, ?, ?, ?)",
  );
  const ids: number[] = [];
  env.dbs.completion.transaction(() => {
    for (const r of recs) ids.push(Number(ins.run(r.user, r.endpoint ?? '/inventory/', r.norm, r.norm, r.f, r.last, memoryRankKey(r.f, r.last, 0, 0)).lastInsertRowid));
  })();
  return ids;
}
const norms = (env: Env, where = '1') => (env.dbs.completion.prepare(`SELECT norm FROM search_memory WHERE ${where} ORDER BY norm`).all() as { norm: string }[]).map((r) => r.norm);

describe('pruning', () => {
  it('removes frequency ≤ 2 unused for 180 days, nothing else', () => {
    const env = createEnv();
    const now = T0;
    insert(env, [
      { user: 0, norm: 'old-f2', f: 2, last: now - 181 * DAY_MS },
      { user: 7, norm: 'old-f1', f: 1, last: now - 400 * DAY_MS },
      { user: 0, norm: 'old-f3', f: 3, last: now - 400 * DAY_MS },
      { user: 0, norm: 'recent-f1', f: 1, last: now - 179 * DAY_MS },
    ]);
    const r = pruneMemory(env.dbs.completion, now);
    expect(r).toMatchObject({ ran: true, lowUse: 2 });
    expect(norms(env)).toEqual(['old-f3', 'recent-f1']);
  });

  it('caps a user scope at 1000, keeping higher frequency, then later last use, then higher id', () => {
    const env = createEnv();
    const recs: Rec[] = [];
    for (let i = 0; i < CAP_PER_USER_SCOPE - 3; i++) recs.push({ user: 5, norm: `keep${String(i).padStart(4, '0')}`, f: 10, last: T0 });
    recs.push({ user: 5, norm: 'a-f9-recent', f: 9, last: T0 });
    recs.push({ user: 5, norm: 'b-f9-older', f: 9, last: T0 - 1000 });
    recs.push({ user: 5, norm: 'c-f9-older-lowid', f: 9, last: T0 - 5000 });
    recs.push({ user: 5, norm: 'd-f9-older-highid', f: 9, last: T0 - 5000 });
    recs.push({ user: 5, norm: 'e-f1', f: 3, last: T0 });
    // Another scope (other endpoint) is counted separately.
    recs.push({ user: 5, endpoint: '/reagent-orders/', norm: 'other-scope', f: 1, last: T0 });
    insert(env, recs);
    const r = pruneMemory(env.dbs.completion, T0);
    expect(r.userCap).toBe(2);
    const left = norms(env, "user_id = 5 AND endpoint = '/inventory/'");
    expect(left).toHaveLength(CAP_PER_USER_SCOPE);
    expect(left).not.toContain('e-f1');
    expect(left).not.toContain('c-f9-older-lowid');
    expect(left).toContain('d-f9-older-highid');
    expect(left).toContain('b-f9-older');
    expect(norms(env, "endpoint = '/reagent-orders/'")).toEqual(['other-scope']);
  });

  it('caps a global endpoint + field scope at 5000', () => {
    const env = createEnv();
    const recs: Rec[] = [];
    for (let i = 0; i < CAP_PER_GLOBAL_SCOPE + 2; i++) recs.push({ user: 0, norm: `g${String(i).padStart(5, '0')}`, f: 5, last: T0 - i });
    insert(env, recs);
    expect(pruneMemory(env.dbs.completion, T0).globalCap).toBe(2);
    const left = norms(env);
    expect(left).toHaveLength(CAP_PER_GLOBAL_SCOPE);
    expect(left).not.toContain('g05000'); // the two least recently used go
    expect(left).not.toContain('g05001');
  });

  it('caps the whole table at 100 000', () => {
    const env = createEnv();
    const recs: Rec[] = [];
    for (let u = 1; u <= 101; u++) for (let i = 0; i < 991; i++) recs.push({ user: u, norm: `u${u}-${i}`, f: 3 + (i % 50), last: T0 - u });
    insert(env, recs);
    const total = recs.length;
    const r = pruneMemory(env.dbs.completion, T0);
    expect(r.totalCap).toBe(total - CAP_TOTAL);
    expect((env.dbs.completion.prepare('SELECT count(*) AS n FROM search_memory').get() as { n: number }).n).toBe(CAP_TOTAL);
    // The lowest-priority records went: frequency 3 of the users used longest ago.
    const gone = env.dbs.completion.prepare('SELECT count(*) AS n FROM search_memory WHERE frequency = 3 AND user_id = 101').get() as { n: number };
    expect(gone.n).toBe(0);
  });

  it('runs at most once an hour, throttled across processes (connections)', () => {
    const env = createEnv();
    expect(pruneMemory(env.dbs.completion, T0).ran).toBe(true);
    const other = openDatabase(path.join(env.dir, 'completion.db'));
    expect(pruneMemory(other, T0 + PRUNE_INTERVAL_MS - 1).ran).toBe(false);
    expect(pruneMemory(other, T0 + PRUNE_INTERVAL_MS).ran).toBe(true);
    other.close();
  });
});
