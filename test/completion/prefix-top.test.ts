// Precomputed best terms for large prefixes (> LARGE_PREFIX_TERMS terms): the read path gives the same answer as
// the plain range/level path, and single-entity syncs keep them current at once.
import { describe, expect, it } from 'vitest';
import { activeTables, createEnv, metaOf } from './helpers';
import { LARGE_PREFIX_TERMS, MAX_CHAR, topPerField, type TermPick } from '../../src/main/completion/term-select';
import { entityIndexOf } from '../../src/main/completion/index-sync';

type Env = ReturnType<typeof createEnv>;
const INV = '/inventory/';

function stored(env: Env, prefix: string) {
  return env.dbs.completion.prepare(`SELECT field, score, norm, text FROM ${activeTables(env).top} WHERE prefix = ? ORDER BY field, rank`).all(prefix) as TermPick[];
}
function fresh(env: Env, prefix: string) {
  const gen = metaOf(env, INV).active_gen;
  const rows = entityIndexOf(env.dbs.completion).bestTermsByLevel(INV, gen, prefix, prefix + MAX_CHAR);
  return topPerField(INV, rows).sort((a, b) => a.field.localeCompare(b.field));
}

describe('precomputed large prefixes', () => {
  it('are built by the rebuild, agree with the level seeks, and follow single-entity syncs', async () => {
    const env = createEnv();
    const statuses = ['consumed', 'disposed', 'borrowed'];
    for (let i = 0; i < 260; i++) env.inventory({ name: `Amide ${String(i).padStart(3, '0')}`, brand: i % 2 ? 'Aladdin' : 'Acros', status: statuses[i % 3] });
    env.maintenance.initialize();
    await env.maintenance.rebuild();
    expect(LARGE_PREFIX_TERMS).toBeLessThan(100);
    for (const p of ['a', 'am', 'ami', 'amide', 'amide1' /* 100 terms */]) {
      expect(stored(env, p).length).toBeGreaterThan(0);
      expect(stored(env, p).sort((a, b) => a.field.localeCompare(b.field))).toEqual(fresh(env, p));
    }
    expect(stored(env, 'amide00')).toEqual([]); // 10 terms: read as a plain range
    // borrowed (0.8) outranks disposed/consumed; ties by text: "Amide 002" is the first borrowed
    expect(env.inline('a')).toMatchObject({ completion: 'Amide 002' });

    const best = env.inventory({ name: 'Amide zzz', status: 'in_stock' });
    env.service.syncEntities(INV, [best]);
    expect(stored(env, 'a').sort((a, b) => a.field.localeCompare(b.field))).toEqual(fresh(env, 'a'));
    expect(env.inline('a')).toMatchObject({ completion: 'Amide zzz' });
    expect(env.inline('amide')).toMatchObject({ completion: 'Amide zzz' });
    env.dbs.lab.prepare('DELETE FROM inventory_items WHERE id = ?').run(best);
    env.service.syncEntities(INV, [best]);
    expect(env.inline('a')).toMatchObject({ completion: 'Amide 002' });
    expect(stored(env, 'am').sort((a, b) => a.field.localeCompare(b.field))).toEqual(fresh(env, 'am'));
  });
});
