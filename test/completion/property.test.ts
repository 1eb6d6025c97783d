// Property test: random interleavings of business writes (with their single-entity syncs),
// bulk paths, and rebuilds — some with writes landing half-way — never let a reader see an empty
// index while facts exist, and the index converges to the facts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { activeTables, createEnv, metaOf } from './helpers';
import { CompletionMaintenance } from '../../src/main/completion/maintenance.child';
import { buildEntityRows, compareBinary, type EntityFact } from '../../src/main/completion/entity-builder';
import { allEntitiesSql } from '../../src/main/stores/completion/record-facts-store';
import { LIST_ENDPOINTS, type ListEndpoint } from '../../src/shared/records';
import { scoreMilli } from '../../src/main/completion/status-score';
import { silentLogger } from '../../src/main/logging';

type Env = ReturnType<typeof createEnv>;
const NAMES = ['Ethanol', 'ethanol', 'Ethyl acetate', '乙醇', '64-17-5', 'Sigma-Aldrich', 'Acetone', 'Ａｃｅｔｏｎｅ'];
const INV_STATUS = ['in_stock', 'borrowed', 'consumed', 'disposed'];
const CON_STATUS = ['pending_approval', 'approved', 'completed', 'rejected'];

type Op =
  | { t: 'create'; ep: 0 | 1; name: number; status: number }
  | { t: 'edit'; ep: 0 | 1; pick: number; name: number; status: number }
  | { t: 'delete'; ep: 0 | 1; pick: number }
  | { t: 'bulk'; ep: 0 | 1; name: number }
  | { t: 'rebuild'; interleave: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('create' as const), ep: fc.constantFrom(0 as const, 1 as const), name: fc.nat(NAMES.length - 1), status: fc.nat(3) }),
  fc.record({ t: fc.constant('edit' as const), ep: fc.constantFrom(0 as const, 1 as const), pick: fc.nat(), name: fc.nat(NAMES.length - 1), status: fc.nat(3) }),
  fc.record({ t: fc.constant('delete' as const), ep: fc.constantFrom(0 as const, 1 as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('bulk' as const), ep: fc.constantFrom(0 as const, 1 as const), name: fc.nat(NAMES.length - 1) }),
  fc.record({ t: fc.constant('rebuild' as const), interleave: fc.boolean() }),
);

const EPS: ListEndpoint[] = ['/inventory/', '/consumable-orders/'];
const TABLE = ['inventory_items', 'consumable_orders'];

/** What the index must hold for the facts: (field, norm) → best score and its text. */
function expectedTerms(env: Env, ep: ListEndpoint): string[] {
  const best = new Map<string, { score: number; text: string }>();
  for (const fact of env.dbs.lab.prepare(allEntitiesSql(ep)).all() as EntityFact[]) {
    for (const r of buildEntityRows(ep, fact)) {
      const k = `${r.field}|${r.norm}`;
      const b = best.get(k);
      if (!b || r.score > b.score || (r.score === b.score && compareBinary(r.text, b.text) > 0)) best.set(k, { score: r.score, text: r.text });
    }
  }
  return [...best].map(([k, v]) => `${k}|${scoreMilli(v.score)}|${v.text}`).sort();
}

function actualTerms(env: Env, ep: ListEndpoint): string[] {
  return (env.dbs.completion.prepare(`SELECT field, norm, score, text FROM ${activeTables(env, ep).terms}`).all() as { field: string; norm: string; score: number; text: string }[])
    .map((t) => `${t.field}|${t.norm}|${t.score}|${t.text}`)
    .sort();
}


describe('index maintenance property', () => {
  it('readers never see an empty index; fresh endpoints match the facts; everything converges', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const env = createEnv();
        env.maintenance.initialize();
        await env.maintenance.rebuild();
        const hooks = env.service.hooks();
        const ids: number[][] = [[], []];
        // An endpoint is "in sync" while every write since its last committed rebuild went through a
        // single-entity sync. Then readers — also half-way through any rebuild — must see exactly
        // the facts: the old complete index or the new one, never an empty or half-built one.
        const inSync = new Map<ListEndpoint, boolean>(EPS.map((ep) => [ep, true]));
        const bulkSeq = new Map<ListEndpoint, number>(EPS.map((ep) => [ep, 0]));
        const checkReaders = () => {
          for (const ep of EPS) {
            if (inSync.get(ep)) expect(actualTerms(env, ep)).toEqual(expectedTerms(env, ep));
            if (metaOf(env, ep).stale === 0) expect(actualTerms(env, ep)).toEqual(expectedTerms(env, ep));
          }
        };
        const write = (op: Exclude<Op, { t: 'rebuild' }>) => {
          const ep = EPS[op.ep]!;
          const table = TABLE[op.ep]!;
          const statuses = op.ep === 0 ? INV_STATUS : CON_STATUS;
          const list = ids[op.ep]!;
          if (op.t === 'create' || op.t === 'bulk') {
            const cols = op.ep === 0 ? 'name, brand, quantity, status' : 'name, communication, quantity, status, applicant_id';
            const vals = op.ep === 0 ? [NAMES[op.name], 'Sigma-Aldrich', 1, statuses[op.t === 'create' ? op.status : 0]] : [NAMES[op.name], 'email', 1, statuses[op.t === 'create' ? op.status : 0], env.userId];
            const id = Number(env.dbs.lab.prepare(`INSERT INTO ${table}(${cols}) VALUES (${vals.map(() => '?').join(',')})`).run(...vals).lastInsertRowid);
            list.push(id);
            if (op.t === 'create') hooks.entityChanged(ep, id);
            else {
              hooks.bulkChanged(ep, null);
              inSync.set(ep, false);
              bulkSeq.set(ep, (bulkSeq.get(ep) ?? 0) + 1);
            }
          } else if (list.length) {
            const id = list[op.pick % list.length]!;
            if (op.t === 'edit') {
              env.dbs.lab.prepare(`UPDATE ${table} SET name = ?, status = ? WHERE id = ?`).run(NAMES[op.name], statuses[op.status], id);
            } else {
              env.dbs.lab.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
              list.splice(list.indexOf(id), 1);
            }
            hooks.entityChanged(ep, id);
          }
        };
        let pendingInterleave: Op[] = [];
        const m = new CompletionMaintenance(env.dir, silentLogger(), {
          rebuild: {
            batchRows: 1,
            onProgress: () => {
              checkReaders();
              const next = pendingInterleave.shift();
              if (next && next.t !== 'rebuild') write(next);
            },
          },
        });
        for (let i = 0; i < ops.length; i++) {
          const op = ops[i]!;
          if (op.t === 'rebuild') {
            // With interleave, the following write ops land half-way through this rebuild.
            pendingInterleave = op.interleave ? ops.slice(i + 1, i + 3).filter((o) => o.t !== 'rebuild') : [];
            const skip = pendingInterleave.length;
            const bulkBefore = new Map(bulkSeq);
            // A commit brings an endpoint in sync unless a bulk write for it landed during the round
            // (it may have come after that endpoint's commit; conservatively not in sync then).
            for (const r of await m.rebuild([...LIST_ENDPOINTS]))
              if (r.outcome === 'committed' && EPS.includes(r.endpoint) && bulkSeq.get(r.endpoint) === bulkBefore.get(r.endpoint)) inSync.set(r.endpoint, true);
            for (const rest of pendingInterleave) write(rest as Exclude<Op, { t: 'rebuild' }>); // not consumed (too few batches)
            pendingInterleave = [];
            i += skip;
          } else write(op);
          checkReaders();
        }
        // Convergence: rebuilding what is stale brings every endpoint to the facts.
        for (let round = 0; round < 3 && EPS.some((ep) => metaOf(env, ep).stale); round++) await m.rebuild([...LIST_ENDPOINTS]);
        for (const ep of EPS) {
          expect(metaOf(env, ep).stale).toBe(0);
          expect(actualTerms(env, ep)).toEqual(expectedTerms(env, ep));
        }
        m.close();
        env.service.close();
        env.maintenance.close();
        env.dbs.close();
      }),
      { numRuns: Number(process.env.PROP_RUNS ?? 40), ...(process.env.PROP_SEED ? { seed: Number(process.env.PROP_SEED) } : {}) },
    );
  }, 180_000);
});
