// kill -9 of the app at random moments under create/update load (issue 14's fault suite): the app
// runs as a real process on one data directory, clients create and update inventory items and
// reagent orders concurrently, the process is killed, restarted on the same directory, and then
// every write answered 2xx before the kill is there with its answered values, both databases pass
// integrity_check, and the completion index suggests every record written in the round.
// FAULT_ROUNDS sets the number of rounds (20 in CI, more for a nightly-size run); FAULT_SEED
// replays a run's kill moments and operation mix (the seed is printed).
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ADMIN, tempDir } from '../support/temp';
import { startApp, type AppProcess } from '../support/app-process';
import { rng } from '../support/rng';
import { until } from '../support/until';
import { pidAlive } from '../../src/main/data-dir/instance-lock';

const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 20);
const SEED = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Concurrent clients, each with one request in flight at a time. */
const CLIENTS = 4;

type Kind = 'inventory' | 'reagent';
const LIST: Record<Kind, string> = { inventory: '/inventory/', reagent: '/reagent-orders/' };
const ONE: Record<Kind, string> = { inventory: '/api/inventory', reagent: '/api/reagent-orders' };
/** The fields a write sets and the check reads back (besides the name). */
const EXTRA: Record<Kind, 'storage_location' | 'notes'> = { inventory: 'storage_location', reagent: 'notes' };

interface Values {
  name: string;
  quantity: number;
  extra: string;
}
interface Rec {
  kind: Kind;
  id: number;
  /** A token no other record's name starts with: the completion query for this record. */
  code: string;
  acked: Values;
  /** An update sent and not answered (in flight at the kill): the stored values may be these. */
  pending: Values | null;
}

const body = (kind: Kind, v: Values) => ({ name: v.name, quantity: v.quantity, [EXTRA[kind]]: v.extra });
const same = (kind: Kind, row: Record<string, unknown>, v: Values) => row.name === v.name && row.quantity === v.quantity && row[EXTRA[kind]] === v.extra;

async function login(app: AppProcess): Promise<void> {
  const r = await app.call('POST', '/api/session', { username: ADMIN.username, password: ADMIN.password });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${JSON.stringify(r.body)}`);
}

/** Every stored row of a list, by id. */
async function allRows(app: AppProcess, kind: Kind): Promise<Map<number, Record<string, unknown>>> {
  const rows = new Map<number, Record<string, unknown>>();
  for (let page = 1; ; page++) {
    const r = await app.call('GET', `/api${LIST[kind]}?pageSize=500&page=${page}&sort=id`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const row of r.body.rows as Array<Record<string, unknown>>) rows.set(row.id as number, row);
    if (rows.size >= r.body.total || r.body.rows.length === 0) return rows;
  }
}

const suggestion = async (app: AppProcess, kind: Kind, q: string) =>
  (await app.call('GET', `/api/search-completions/inline?endpoint=${encodeURIComponent(LIST[kind])}&q=${encodeURIComponent(q)}&field=all`)).body?.completion as string;

function integrity(dir: string, file: string): string {
  const db = new Database(path.join(dir, file), { readonly: true, fileMustExist: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

describe('kill -9 of the app under create/update load', () => {
  it(`${ROUNDS} rounds: no acknowledged write lost, integrity_check ok, the completion index converges`, async () => {
    const started = Date.now();
    console.log(`kill -9 under load: seed ${SEED} (FAULT_SEED=${SEED} replays it), ${ROUNDS} rounds`);
    // Two streams: the kill moments replay exactly; the operation mix also depends on answer order.
    const killAt = rng(SEED);
    const random = rng(SEED ^ 0x5bd1e995);
    const dir = path.join(tempDir(), 'data');
    let app = await startApp(dir);
    await app.setupAdmin();
    const recs: Rec[] = [];
    let acked = 0;
    let inFlightAtKill = 0;
    let lost = 0;
    let seq = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const touched = new Set<Rec>();
      let killed = false;
      const client = async () => {
        while (!killed) {
          const mine = recs.filter((r) => r.pending === null);
          const update = mine.length > 0 && random() < 0.4;
          if (update) {
            const rec = mine[Math.floor(random() * mine.length)]!;
            const v: Values = { name: `${rec.code} ${['sulfate', 'chloride', 'nitrate'][seq % 3]} r${round}`, quantity: 1 + (seq++ % 97), extra: `upd ${round}-${seq}` };
            rec.pending = v;
            const r = await app.call('PATCH', `${ONE[rec.kind]}/${rec.id}`, body(rec.kind, v)).catch(() => null);
            if (!r) return; // no answer: the process is gone; `pending` stays as sent
            expect(r.status, JSON.stringify(r.body)).toBe(200);
            rec.acked = v;
            rec.pending = null;
            touched.add(rec);
          } else {
            const kind: Kind = random() < 0.5 ? 'inventory' : 'reagent';
            const code = `Kz${(seq++).toString(36).padStart(4, '0')}q`;
            const v: Values = { name: `${code} ${kind === 'inventory' ? 'sodium' : 'potassium'} salt`, quantity: 1 + (seq % 50), extra: `new ${round}` };
            const r = await app.call('POST', ONE[kind], body(kind, v)).catch(() => null);
            if (!r) return;
            expect(r.status, JSON.stringify(r.body)).toBe(200);
            const rec: Rec = { kind, id: r.body.id as number, code, acked: v, pending: null };
            recs.push(rec);
            touched.add(rec);
          }
          acked++;
        }
      };
      const load = Array.from({ length: CLIENTS }, client);
      await new Promise((r) => setTimeout(r, 50 + Math.floor(killAt() * 750)));
      const worker = app.childPids();
      killed = true;
      app.proc.kill('SIGKILL');
      await Promise.all(load);
      await until(() => app.exited(), (x) => x !== null, 15_000, 20);
      inFlightAtKill += recs.filter((r) => r.pending).length;
      // The worker leaves with its parent (it exits when the IPC channel closes).
      expect(await until(() => worker.filter(pidAlive), (p) => p.length === 0, 15_000, 20), 'worker left behind').toEqual([]);

      app = await startApp(dir);
      await login(app);
      for (const kind of ['inventory', 'reagent'] as const) {
        const rows = await allRows(app, kind);
        for (const rec of recs.filter((r) => r.kind === kind)) {
          const row = rows.get(rec.id);
          const ok = row !== undefined && (same(kind, row, rec.acked) || (rec.pending !== null && same(kind, row, rec.pending)));
          if (!ok) {
            lost++;
            console.log(`round ${round}: ${kind} ${rec.id} expected ${JSON.stringify(rec.acked)}${rec.pending ? ` or ${JSON.stringify(rec.pending)}` : ''}, stored ${JSON.stringify(row ?? null)}`);
          }
          if (row && rec.pending && same(kind, row, rec.pending)) rec.acked = rec.pending;
          if (rec.pending) touched.add(rec);
          rec.pending = null;
        }
      }
      expect(lost, `seed ${SEED}`).toBe(0);
      expect(integrity(dir, 'lab.db')).toBe('ok');
      expect(integrity(dir, 'completion.db')).toBe('ok');
      // The index catches up with every record written this round (the first waits for the worker).
      for (const rec of touched) {
        const got = await until(() => suggestion(app, rec.kind, rec.code), (c) => c === rec.acked.name, 30_000, 100);
        expect(got, `round ${round}, seed ${SEED}: ${rec.kind} ${rec.id}\n${app.output()}`).toBe(rec.acked.name);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`kill -9 under load: seed ${SEED}, ${ROUNDS} rounds, ${acked} writes acknowledged (${recs.length} records), ${inFlightAtKill} updates in flight at a kill, ${lost} acknowledged writes lost, ${seconds} s`);
    expect(app.exited(), app.output()).toBeNull();
  }, 600_000);
});
