// The unit-of-work seam (db/unit-of-work.ts) on PostgreSQL: each unit is one pooled connection in
// one transaction, so units run side by side and the server keeps them apart.
// - A read unit is a REPEATABLE READ READ ONLY transaction: one snapshot of committed data for the
//   whole unit, whatever commits meanwhile.
// - A write unit is BEGIN … COMMIT (READ COMMITTED); ROLLBACK when fn throws or rejects. A decision
//   read in a write unit that another unit may change takes a row lock (FOR UPDATE) in its store.
// - The lab of the running work (db/lab-scope.ts) is set per transaction with set_config(…, true),
//   PostgreSQL's SET LOCAL: row-level security reads it, and it ends with the transaction, so a
//   pooled connection never carries one unit's lab into the next. No lab: no lab-owned rows.
// - A connection lost mid-unit (server gone, backend terminated) rejects with
//   DatabaseUnavailableError; the server rolled the transaction back, the pool drops the connection.
import type { Pool, PoolClient } from 'pg';
import { currentLab } from '../lab-scope';
import { unitNesting, type UnitKind, type UnitOfWork } from '../unit-of-work';
import { isConnectionLoss, unavailableOr } from './errors';
import { sqlOn, type Sql } from './sql';

export interface PgUnitOfWorkOptions<R, W> {
  pool: Pool;
  /** The stores a read unit gets, on its connection. */
  readStores(sql: Sql): R;
  /** The stores a write unit gets, on its connection. */
  writeStores(sql: Sql): W;
}

const BEGIN: Record<UnitKind, string> = { read: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', write: 'BEGIN' };

async function checkOut(pool: Pool): Promise<PoolClient> {
  try {
    return await pool.connect();
  } catch (e) {
    throw unavailableOr(e);
  }
}

/** `fn` inside one transaction on a connection of its own, in the current lab. */
async function inTransaction<S, T>(pool: Pool, kind: UnitKind, stores: (sql: Sql) => S, fn: (stores: S) => T | Promise<T>): Promise<T> {
  const client = await checkOut(pool);
  // The socket may fail while no statement runs (the unit awaits); node-postgres then emits
  // 'error' on the client, which would end the process without a listener.
  let lost: Error | undefined;
  const onError = (e: Error) => void (lost ??= e);
  client.on('error', onError);
  const sql = sqlOn(client);
  try {
    await sql.run(BEGIN[kind]);
    await sql.run(`SELECT set_config('app.lab_id', $1, true)`, [String(currentLab() ?? '')]);
    const result = await fn(stores(sql));
    await sql.run('COMMIT');
    return result;
  } catch (e) {
    if (!lost && isConnectionLoss(e)) lost = e instanceof Error ? e : new Error(String(e));
    if (!lost) await client.query('ROLLBACK').catch((r: Error) => void (lost = r));
    throw unavailableOr(e);
  } finally {
    client.off('error', onError);
    // A connection that failed is destroyed rather than handed to the next unit.
    client.release(lost);
  }
}

export function pgUnitOfWork<R, W>(opts: PgUnitOfWorkOptions<R, W>): UnitOfWork<R, W> {
  const unit = unitNesting();
  return {
    read: (fn) => unit('read', () => inTransaction(opts.pool, 'read', opts.readStores, fn)),
    withWriteTransaction: (fn) => unit('write', () => inTransaction(opts.pool, 'write', opts.writeStores, fn)),
  };
}
