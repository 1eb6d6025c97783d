// The rebuild bounds every write transaction by time, not by a row count: when the budget is
// spent the transaction commits and the rest waits for the next one. With a zero budget each
// transaction does exactly one unit of work, which makes the bound observable without timing.
import { describe, expect, it } from 'vitest';
import { activeTables, createEnv, generationsOf, metaOf, type Env } from './helpers';
import { holdStats, rebuildEndpoint, TX_BUDGET_MS } from '../../src/main/completion/rebuild.child';

const INV = '/inventory/';

function activeIndex(env: Env) {
  const t = activeTables(env, INV);
  const c = env.dbs.completion;
  return {
    rows: c.prepare(`SELECT entity_id, field, text, norm, score FROM ${t.rows} ORDER BY entity_id, field, norm`).all(),
    terms: c.prepare(`SELECT field, norm, text, score, refs FROM ${t.terms} ORDER BY field, norm`).all(),
    prefixes: c.prepare(`SELECT prefix, field, rank, score, norm, text FROM ${t.top} ORDER BY prefix, field, rank`).all(),
  };
}

function seed(env: Env) {
  const statuses = ['in_stock', 'consumed', 'disposed', 'borrowed'];
  // More than 200 terms under "a", so precomputed prefixes are part of the rebuild too.
  for (let i = 0; i < 230; i++) env.inventory({ name: `Amide ${String(i).padStart(3, '0')}`, brand: i % 3 ? 'Aladdin' : 'Acros', storage_location: `A${i % 7}`, status: statuses[i % 4] });
}

describe('rebuild write transactions are bounded by a time budget', () => {
  it('with no budget left each transaction writes one unit; the index equals a default rebuild', async () => {
    const env = createEnv();
    seed(env);
    env.maintenance.initialize();
    const normal = await rebuildEndpoint(env.dbs.completion, env.dbs.lab, INV, { force: true });
    expect(normal.outcome).toBe('committed');
    const expected = activeIndex(env);
    expect(expected.prefixes.length).toBeGreaterThan(0);

    const tiny = await rebuildEndpoint(env.dbs.completion, env.dbs.lab, INV, { force: true, txBudgetMs: 0 });
    expect(tiny).toMatchObject({ outcome: 'committed', rows: normal.rows, terms: normal.terms });
    // One transaction per row, per term and per precomputed prefix, plus the swap and clean-up.
    const prefixCount = new Set(expected.prefixes.map((p) => (p as { prefix: string }).prefix)).size;
    expect(tiny.holds.count).toBeGreaterThanOrEqual(tiny.rows + tiny.terms + prefixCount + 1);
    expect(normal.holds.count).toBeLessThan(tiny.holds.count);
    expect(activeIndex(env)).toEqual(expected);
    // The old generation was cleaned up in its own bounded transactions.
    expect(generationsOf(env, INV)).toEqual([metaOf(env, INV).active_gen]);
  });

  it('readers see the old index between every one-unit transaction, and in-request syncs get the lock', async () => {
    const env = createEnv();
    seed(env);
    env.maintenance.initialize();
    await rebuildEndpoint(env.dbs.completion, env.dbs.lab, INV, { force: true });
    const before = env.inline('amide 00').completion;
    expect(before).toMatch(/^Amide 00\d$/);
    let steps = 0;
    const seen = new Set<string>();
    const r = await rebuildEndpoint(env.dbs.completion, env.dbs.lab, INV, {
      force: true,
      txBudgetMs: 0,
      onProgress: () => {
        steps++;
        if (steps % 50) return;
        seen.add(env.inline('amide 00').completion);
      },
    });
    expect(r.outcome).toBe('committed');
    expect(steps).toBe(r.rows); // one progress report per one-row transaction
    expect([...seen]).toEqual([before]);
    expect(env.inline('amide 00').completion).toBe(before);
  });

  it('a slow machine does not lengthen the holds: with a clock where each row costs 20 ms, every transaction stops at the budget', async () => {
    const env = createEnv();
    seed(env);
    env.maintenance.initialize();
    // Each reading of the clock moves it on: one row (or term, or prefix) between readings costs
    // `perRow` ms, as when the worker is descheduled between statements on a busy machine.
    const perRow = 20;
    let t = 0;
    const now = () => (t += perRow);
    const sizes: number[] = [];
    let last = 0;
    const r = await rebuildEndpoint(env.dbs.completion, env.dbs.lab, INV, {
      force: true,
      now,
      onProgress: ({ rows }) => {
        sizes.push(rows - last);
        last = rows;
      },
    });
    expect(r.outcome).toBe('committed');
    expect(r.rows).toBeGreaterThan(600);
    // The default budget (30 ms) allows two 20 ms rows: the first row's reading is already past it.
    expect(Math.max(...sizes)).toBe(Math.ceil(TX_BUDGET_MS / perRow));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(r.rows);
    // By that clock the longest hold is one reading for taking the lock, the rows up to the
    // budget, one at the end of the work and one after the commit.
    expect(r.maxWriteHoldMs).toBe(perRow * (Math.ceil(TX_BUDGET_MS / perRow) + 3));
    expect(r.holds.buckets['>100']).toBe(0);
  });

  it('reports the distribution of holds: buckets add up to the count, max is the largest', () => {
    const h = holdStats([1, 5, 12, 30, 60, 80, 99, 150]);
    expect(h.count).toBe(8);
    expect(h.max).toBe(150);
    expect(h.buckets).toEqual({ '<=10': 2, '<=25': 1, '<=50': 1, '<=75': 1, '<=100': 2, '>100': 1 });
    expect(Object.values(h.buckets).reduce((a, b) => a + b, 0)).toBe(h.count);
    expect(holdStats([])).toMatchObject({ count: 0, max: 0 });
  });
});
