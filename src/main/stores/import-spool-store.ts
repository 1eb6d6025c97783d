// The import spool (docs/stores.md): the SQLite file between a bulk import's scan and its commit,
// not lab.db. One table `rows` — `n` (file order, 1…), the item's column values exactly as they
// will be inserted, and `audit_changes` (the audit entry's JSON) — written by the scan on the
// file's own connection, then attached to the commit's lab.db connection as `spool`, where the
// inventory, movement and audit stores copy it with INSERT … SELECT. With it, on that connection,
// a TEMP table of where each distinct location text goes (`temp.import_places`).
import type { Db } from '../db/open';
import { prepareCached } from '../db/statements';

/** The schema name the spool is attached under. */
export const SPOOL_SCHEMA = 'spool';
/** Each distinct location text of the spool → its node (id or NULL) and path, for the commit. */
export const IMPORT_PLACES = 'temp.import_places';

/** A column name as an SQL identifier (the spool's columns are the record's, quoted anyway). */
export const quoteColumn = (c: string) => `"${c.replace(/"/g, '""')}"`;

/** A row of the file whose amount goes to an item already in stock (`duplicates: 'add'`): its
 *  amount as read, in its own unit — the commit converts it to the item's unit as it is then. */
export interface SpooledAddition {
  row: number;
  item_id: number;
  quantity: string;
  unit: string;
}

export interface ImportSpoolWrites {
  /**
   * Creates `rows` with the item columns `columns` and returns what appends one row (prepared once,
   * then called per row; a value missing from `values` is NULL).
   */
  createRows(columns: readonly string[]): (values: Record<string, unknown>, auditChanges: string) => void;
  /** Creates `additions` (rows added to items in stock) with these rows. */
  putAdditions(additions: readonly SpooledAddition[]): void;
  /** Spooled rows whose amount grew by identical later rows: the new quantity, in the row and its audit entry. */
  setQuantities(quantities: ReadonlyArray<{ n: number; quantity: number }>): void;
}

/** On the spool file's own connection (the scan). */
export function importSpoolStore(db: Db): ImportSpoolWrites {
  return {
    createRows: (columns) => {
      const cols = columns.map(quoteColumn).join(', ');
      db.exec(`CREATE TABLE rows (n INTEGER PRIMARY KEY, ${cols}, audit_changes TEXT NOT NULL)`);
      const put = db.prepare(`INSERT INTO rows (${cols}, audit_changes) VALUES (${columns.map(() => '?').join(', ')}, ?)`);
      return (values, auditChanges) => {
        put.run(...columns.map((c) => values[c] ?? null), auditChanges);
      };
    },
    putAdditions: (additions) => {
      db.exec('CREATE TABLE additions (row INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, quantity TEXT NOT NULL, unit TEXT NOT NULL)');
      const put = db.prepare('INSERT INTO additions (row, item_id, quantity, unit) VALUES (?, ?, ?, ?)');
      for (const a of additions) put.run(a.row, a.item_id, a.quantity, a.unit);
    },
    setQuantities: (quantities) => {
      // the audit entry's quantity is [null, quantity] (a create's changes)
      const set = db.prepare(`UPDATE rows SET quantity = ?, audit_changes = json_set(audit_changes, '$.quantity[1]', ?) WHERE n = ?`);
      for (const q of quantities) set.run(q.quantity, q.quantity, q.n);
    },
  };
}

export interface AttachedSpoolReads {
  /** The spool's item columns (without `n` and `audit_changes`) and its row count; no table means no rows. */
  shape(): { columns: string[]; rows: number };
  /** The distinct location texts of the spooled rows. */
  locationTexts(): Array<string | null>;
  /** The rows to add to items in stock, by item then row; none when the scan made no `additions`. */
  additions(): SpooledAddition[];
}

export interface AttachedSpoolWrites extends AttachedSpoolReads {
  /** Attaches the spool file (outside any transaction). */
  attach(file: string): void;
  /** (Re)creates the places table with where each location text goes. */
  setPlaces(places: ReadonlyArray<{ text: string | null; location_id: number | null; path: string }>): void;
}

/** On the commit's lab.db connection. */
export function attachedSpoolStore(db: Db): AttachedSpoolWrites {
  return {
    attach: (file) => {
      db.prepare(`ATTACH DATABASE ? AS ${SPOOL_SCHEMA}`).run(file);
    },
    shape: () => {
      const info = db.prepare(`SELECT name FROM pragma_table_info('rows', '${SPOOL_SCHEMA}')`).pluck().all() as string[];
      if (!info.length) return { columns: [], rows: 0 };
      const rows = db.prepare(`SELECT count(*) FROM ${SPOOL_SCHEMA}.rows`).pluck().get() as number;
      return { columns: info.filter((c) => c !== 'n' && c !== 'audit_changes'), rows };
    },
    locationTexts: () => prepareCached(db, `SELECT DISTINCT storage_location FROM ${SPOOL_SCHEMA}.rows`, 'pluck').all() as Array<string | null>,
    additions: () => {
      const has = db.prepare(`SELECT 1 FROM ${SPOOL_SCHEMA}.sqlite_master WHERE type = 'table' AND name = 'additions'`).get();
      return has ? (db.prepare(`SELECT row, item_id, quantity, unit FROM ${SPOOL_SCHEMA}.additions ORDER BY item_id, row`).all() as SpooledAddition[]) : [];
    },
    setPlaces: (places) => {
      db.exec(`DROP TABLE IF EXISTS ${IMPORT_PLACES}; CREATE TABLE ${IMPORT_PLACES} (text TEXT PRIMARY KEY, location_id INTEGER, path TEXT NOT NULL)`);
      const put = db.prepare(`INSERT INTO ${IMPORT_PLACES} (text, location_id, path) VALUES (?, ?, ?)`);
      for (const p of places) put.run(p.text, p.location_id, p.path);
    },
  };
}
