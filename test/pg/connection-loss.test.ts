// The connection dropped mid-unit (the backend terminated from another connection, as a server
// restart or a network cut would): nothing of the unit is written, the error is the
// database-unavailable one, over HTTP a 503, and the next unit gets a fresh connection and succeeds.
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/main/api/dispatch';
import type { HandlerTable } from '../../src/main/api/handler-table';
import { inLab } from '../../src/main/db/lab-scope';
import { DatabaseUnavailableError } from '../../src/main/db/pg/errors';
import { sendError } from '../../src/main/http/errors';
import { pgTenancyData, type TenancyData } from '../../src/main/stores/pg/tenancy-data';
import type { UserInfo } from '../../src/shared/contract';
import { emptyPgTables, usePgDatabase, type PgTestDatabase } from '../support/pg';
import { onCleanup, sessionFor } from '../support/temp';

const database = usePgDatabase();

const entry = { userId: null, entityType: 'user', entityId: 1, action: 'create', changes: '{}' };

/** Terminates the app role's connections that sit in an open transaction, and waits until they are gone. */
async function terminateOpenUnits(db: PgTestDatabase): Promise<number> {
  const which = `usename = $1 AND datname = $2 AND state LIKE 'idle in transaction%'`;
  const { rows } = await db.admin.query(`SELECT pid, pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE ${which}`, [db.cluster.appRole, db.name]);
  for (;;) {
    const left = await db.admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1)', [rows.map((r) => r.pid)]);
    if (left.rows[0].n === 0) return rows.length;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function setup(): Promise<{ data: TenancyData; lab: number }> {
  const db = database();
  await emptyPgTables(db);
  const data = pgTenancyData(db.app);
  return { data, lab: await data.withWriteTransaction((tx) => tx.labs.create('Lab A')) };
}

/** A write unit that writes, loses its connection, then tries to go on. */
const cutUnit = (data: TenancyData) =>
  data.withWriteTransaction(async (tx) => {
    await tx.audit.insert(entry);
    expect(await terminateOpenUnits(database())).toBe(1);
    return tx.audit.insert(entry);
  });

describe('a connection lost mid-unit', () => {
  it('writes nothing, rejects with DatabaseUnavailableError, and the next unit succeeds', async () => {
    const { data, lab } = await setup();
    await inLab(lab, async () => {
      const lost = await cutUnit(data).catch((e: unknown) => e);
      expect(lost).toBeInstanceOf(DatabaseUnavailableError);
      expect(lost).toMatchObject({ code: 'unavailable', key: 'api.databaseUnavailable' });
      expect(await data.read((r) => r.audit.count({}))).toBe(0);
      expect(await data.withWriteTransaction((tx) => tx.audit.insert(entry))).toBeGreaterThan(0);
      expect(await data.read((r) => r.audit.count({}))).toBe(1);
    });
  });

  it('a read unit cut the same way rejects alike', async () => {
    const { data, lab } = await setup();
    const lost = await inLab(lab, () =>
      data.read(async (r) => {
        await r.audit.count({});
        await terminateOpenUnits(database());
        return r.audit.count({});
      }),
    ).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(DatabaseUnavailableError);
    expect(await inLab(lab, () => data.read((r) => r.audit.count({})))).toBe(0);
  });

  it('over HTTP: the request answers 503 with the key, the next request succeeds', async () => {
    const { data, lab } = await setup();
    const user: UserInfo = { id: 1, username: 'admin', displayName: 'Admin', role: 'admin', active: true };
    let cut = true;
    const handlers = {
      listUsers: async () => {
        if (cut) {
          cut = false;
          await cutUnit(data);
        }
        return data.read((r) => r.audit.count({}));
      },
    } as unknown as HandlerTable;
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
    const dispatcher = createDispatcher(handlers, async () => user, log, '/unused');
    const app = Fastify();
    app.post('/api/listUsers', async (_req, reply) => {
      const result = await inLab(lab, () => dispatcher.call('listUsers', {}, sessionFor('t'), 'http'));
      return result.ok ? { value: result.value } : sendError(reply, result.error);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    onCleanup(() => app.close());
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/listUsers`;
    const first = await fetch(url, { method: 'POST' });
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({ error: { code: 'unavailable', key: 'api.databaseUnavailable', params: {}, message: 'The database server cannot be reached right now; nothing was changed. Try again in a moment.' } });
    const second = await fetch(url, { method: 'POST' });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ value: 0 });
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['database unavailable']);
  });
});
