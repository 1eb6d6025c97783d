// What a PostgreSQL store gets: its statements on the unit's connection, with positional
// parameters ($1, $2, …). Nothing of the driver leaves it (docs/stores.md): rows come back as plain
// objects, a write as its row count, and a lost connection as DatabaseUnavailableError.
import type { PoolClient } from 'pg';
import { unavailableOr } from './errors';

export interface Sql {
  /** Every row `text` answers. */
  all<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs `text`; answers how many rows it touched. */
  run(text: string, params?: readonly unknown[]): Promise<number>;
}

/** The statements of one checked-out connection. */
export function sqlOn(client: Pick<PoolClient, 'query'>): Sql {
  // Without parameters node-postgres sends the simple protocol, which runs several statements.
  const query = async (text: string, params: readonly unknown[] = []) => {
    try {
      return await client.query(text, [...params]);
    } catch (e) {
      throw unavailableOr(e);
    }
  };
  return {
    all: async <T>(text: string, params?: readonly unknown[]) => (await query(text, params)).rows as T[],
    get: async <T>(text: string, params?: readonly unknown[]) => (await query(text, params)).rows[0] as T | undefined,
    run: async (text, params) => (await query(text, params)).rowCount ?? 0,
  };
}
