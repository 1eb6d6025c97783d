// The one owner of the institute's `labs` table (PostgreSQL only: the desktop's lab.db is one lab).
// An institute administrator creates labs; every lab-owned row elsewhere names one.
import type { Sql } from '../../db/pg/sql';

export interface LabRow {
  id: number;
  name: string;
  created_at: string;
}

export interface PgLabReads {
  byId(id: number): Promise<LabRow | undefined>;
  /** Every lab, by name. */
  all(): Promise<LabRow[]>;
}

export interface PgLabWrites extends PgLabReads {
  /** Adds a lab; returns its id. A name taken (case-insensitively) is a unique violation. */
  create(name: string): Promise<number>;
}

export function pgLabStore(sql: Sql): PgLabWrites {
  return {
    byId: (id) => sql.get<LabRow>('SELECT id, name, created_at FROM labs WHERE id = $1', [id]),
    all: () => sql.all<LabRow>('SELECT id, name, created_at FROM labs ORDER BY lower(name), id'),
    create: async (name) => (await sql.get<{ id: number }>('INSERT INTO labs (name) VALUES ($1) RETURNING id', [name]))!.id,
  };
}
