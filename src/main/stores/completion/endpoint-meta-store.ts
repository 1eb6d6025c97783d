// The one owner of completion.db's `endpoint_meta` table (docs/stores.md): per list endpoint the
// stale marker, the change version, the index generation readers use and the legacy-migration
// marker (spec 000 "Completion meta record"). Synchronous for good, like every completion store
// (docs/completion.md "Stores: who owns each table").
import type { Db } from '../../db/open';
import { preparedOnce, prepareCached } from '../../db/statements';
import type { ListEndpoint } from '../../../shared/records';

export interface EndpointMeta {
  endpoint: ListEndpoint;
  stale: boolean;
  changeVersion: number;
  activeGen: number;
  legacyMigrated: boolean;
}

export interface EndpointMetaReads {
  /** The endpoint's row; throws when the file has none (not a completion.db this app made). */
  get(endpoint: ListEndpoint): EndpointMeta;
  /** The generation readers use (the read path asks once per snapshot). */
  activeGen(endpoint: ListEndpoint): number;
  /** Every row as stored; the endpoint names are not checked. */
  all(): Array<{ endpoint: string; activeGen: number; legacyMigrated: boolean }>;
  /** Whether every row carries the legacy-migration marker. */
  legacyCopied(): boolean;
}

export interface EndpointMetaWrites extends EndpointMetaReads {
  /** Stale, and the change version advanced (a bulk path, a failed sync). */
  markStale(endpoint: ListEndpoint): void;
  /** Every endpoint stale (process start); versions unchanged. */
  markAllStale(): void;
  /** The change version advanced (a single-entity sync). */
  advanceVersion(endpoint: ListEndpoint): void;
  /** A rebuild's swap: `gen` becomes the generation readers use, and the endpoint is fresh. */
  activate(endpoint: ListEndpoint, gen: number): void;
  /** The legacy-migration marker on every row. */
  setLegacyMigrated(): void;
}

interface MetaRow {
  stale: number;
  change_version: number;
  active_gen: number;
  legacy_completion_migrated: number;
}

const noRow = (endpoint: string) => new Error(`completion.db has no meta row for ${endpoint}`);

export function endpointMetaStore(db: Db): EndpointMetaWrites {
  const activeGen = preparedOnce(db, 'SELECT active_gen FROM endpoint_meta WHERE endpoint = ?', { pluck: true });
  return {
    get: (endpoint) => {
      const r = prepareCached(db, 'SELECT stale, change_version, active_gen, legacy_completion_migrated FROM endpoint_meta WHERE endpoint = ?').get(endpoint) as MetaRow | undefined;
      if (!r) throw noRow(endpoint);
      return { endpoint, stale: r.stale === 1, changeVersion: r.change_version, activeGen: r.active_gen, legacyMigrated: r.legacy_completion_migrated === 1 };
    },
    activeGen: (endpoint) => {
      const gen = activeGen().get(endpoint) as number | undefined;
      if (gen === undefined) throw noRow(endpoint);
      return gen;
    },
    all: () =>
      (prepareCached(db, 'SELECT endpoint, active_gen, legacy_completion_migrated FROM endpoint_meta').all() as Array<MetaRow & { endpoint: string }>).map((r) => ({
        endpoint: r.endpoint,
        activeGen: r.active_gen,
        legacyMigrated: r.legacy_completion_migrated === 1,
      })),
    legacyCopied: () => (prepareCached(db, 'SELECT min(legacy_completion_migrated) AS m FROM endpoint_meta').get() as { m: number | null }).m === 1,
    markStale: (endpoint) => {
      prepareCached(db, 'UPDATE endpoint_meta SET stale = 1, change_version = change_version + 1 WHERE endpoint = ?').run(endpoint);
    },
    markAllStale: () => {
      prepareCached(db, 'UPDATE endpoint_meta SET stale = 1').run();
    },
    advanceVersion: (endpoint) => {
      prepareCached(db, 'UPDATE endpoint_meta SET change_version = change_version + 1 WHERE endpoint = ?').run(endpoint);
    },
    activate: (endpoint, gen) => {
      prepareCached(db, 'UPDATE endpoint_meta SET active_gen = ?, stale = 0 WHERE endpoint = ?').run(gen, endpoint);
    },
    setLegacyMigrated: () => {
      prepareCached(db, 'UPDATE endpoint_meta SET legacy_completion_migrated = 1').run();
    },
  };
}
