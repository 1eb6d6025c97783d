// Full rebuild of one endpoint's entity index (spec 000 state table rows 4–6). The new index is
// written as a new generation in short batches (each write transaction well under ~100 ms) and
// swapped in by one tiny transaction that checks the change version and clears stale, so readers
// always see the old generation or the new one — never an empty or half-built index — and
// in-request writes keep their 100 ms lock budget while a rebuild runs.
import type { Db } from '../db/open';
import { buildEntityRows, compareBinary, type CandidateRow, type EntityFact } from './entity-builder';
import { allEntitiesSql, type ListEndpoint } from './endpoints';
import { addRef, bestOfRefs, insertRows, readMeta, type TermRefs } from './index-store';
import { writeTx } from './db';
import { betterTerm, FIELD_CAP, insertPrefixRows, LARGE_PREFIX_TERMS, precomputablePrefixes, type TermPick } from './term-select';

export type RebuildOutcome = 'committed' | 'discarded' | 'fresh';

export interface RebuildOptions {
  /** Rows per write transaction. */
  batchRows?: number;
  /** Rebuild even when the endpoint is not stale (an explicit "rebuild now"). */
  force?: boolean;
  /** Pause between batches (diagnostics and the crash test); 0 = just yield to the event loop. */
  pauseMs?: number;
  onProgress?: (p: { endpoint: ListEndpoint; rows: number }) => void;
}

export interface RebuildResult {
  endpoint: ListEndpoint;
  outcome: RebuildOutcome;
  rows: number;
  terms: number;
  /** Longest single write transaction of this rebuild, in milliseconds. */
  maxWriteHoldMs: number;
  ms: number;
  /** Time spent in write transactions per phase (the rest is reading lab.db and building rows). */
  writeMs: Record<string, number>;
}

/** First batch size; without an explicit `batchRows` it adapts so each transaction stays short. */
const DEFAULT_BATCH = 2000;
const MIN_BATCH = 250;
const MAX_BATCH = 32_000;
/** Batch transactions aim below this (the in-request lock budget is 100 ms). */
const TARGET_TX_MS = 40;
/** Batches between attempts to restart the write-ahead log (auto-checkpoint is off during a rebuild). */
const RESTART_EVERY = 8;
const yieldLoop = (ms: number) => new Promise<void>((r) => (ms > 0 ? setTimeout(r, ms) : setImmediate(r)));

export async function rebuildEndpoint(db: Db, lab: Db, endpoint: ListEndpoint, opts: RebuildOptions = {}): Promise<RebuildResult> {
  // The automatic checkpoint would run inside a batch's commit, lengthening the lock hold; the
  // rebuild checkpoints passively between batches instead (no write lock needed for that).
  const autoCheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  try {
    return await rebuildInner(db, lab, endpoint, opts);
  } finally {
    db.pragma(`wal_autocheckpoint = ${autoCheckpoint}`);
    db.pragma('wal_checkpoint(PASSIVE)');
  }
}

async function rebuildInner(db: Db, lab: Db, endpoint: ListEndpoint, opts: RebuildOptions): Promise<RebuildResult> {
  const started = performance.now();
  const adaptive = opts.batchRows === undefined;
  let batchRows = opts.batchRows ?? DEFAULT_BATCH;
  let maxHold = 0;
  let txCount = 0;
  let phase = 'cleanup';
  const writeMs: Record<string, number> = {};
  const timedTx = <T>(fn: () => T): T => {
    const t0 = performance.now();
    try {
      return writeTx(db, fn);
    } finally {
      const dt = performance.now() - t0;
      maxHold = Math.max(maxHold, dt);
      writeMs[phase] = Math.round((writeMs[phase] ?? 0) + dt);
      // Larger batches amortize each commit's page writes; smaller ones keep the lock short.
      if (adaptive && phase !== 'swap') {
        if (dt < TARGET_TX_MS / 2) batchRows = Math.min(MAX_BATCH, batchRows * 2);
        else if (dt > TARGET_TX_MS) batchRows = Math.max(MIN_BATCH, Math.floor(batchRows / 2));
      }
      checkpoint(++txCount % RESTART_EVERY === 0);
    }
  };
  // Keeps the write-ahead log small while readers keep reading: a passive checkpoint after every
  // batch (no lock), and now and then a RESTART that never waits (busy_timeout 0) so the log is
  // rewound instead of growing by gigabytes, which would slow every reader and writer. RESTART
  // blocks writers while it runs, so it counts as a lock hold.
  const busy = db.pragma('busy_timeout', { simple: true }) as number;
  const checkpoint = (restart: boolean) => {
    db.pragma('wal_checkpoint(PASSIVE)');
    if (!restart) return;
    const t0 = performance.now();
    db.pragma('busy_timeout = 0');
    try {
      db.pragma('wal_checkpoint(RESTART)');
    } finally {
      db.pragma(`busy_timeout = ${busy}`);
      maxHold = Math.max(maxHold, performance.now() - t0);
    }
  };
  const batchSize = () => batchRows;
  const initialBatch = batchRows;
  // Each phase writes differently (sequential rows, scattered terms): adapt afresh per phase.
  const setPhase = (p: string) => {
    phase = p;
    if (adaptive) batchRows = initialBatch;
  };
  const result = (outcome: RebuildOutcome, rows = 0, terms = 0): RebuildResult => ({
    endpoint,
    outcome,
    rows,
    terms,
    maxWriteHoldMs: Math.round(maxHold * 100) / 100,
    ms: Math.round(performance.now() - started),
    writeMs,
  });

  const meta = readMeta(db, endpoint);
  if (!meta.stale && !opts.force) return result('fresh');
  const version = meta.changeVersion;
  // Leftovers of a rebuild that died half-way (any generation but the active one) go first.
  await deleteInactiveGenerations(db, endpoint, timedTx, batchSize);
  const gen = meta.activeGen + 1;
  setPhase('rows');

  const terms = new Map<string, { field: string; norm: string; refs: TermRefs }>();
  let batch: CandidateRow[] = [];
  let rows = 0;
  const changed = () => readMeta(db, endpoint).changeVersion !== version;
  const flush = async (): Promise<boolean> => {
    const b = batch;
    batch = [];
    timedTx(() => insertRows(db, endpoint, gen, b));
    rows += b.length;
    opts.onProgress?.({ endpoint, rows });
    await yieldLoop(opts.pauseMs ?? 0);
    return !changed();
  };

  let current = true;
  // One SELECT statement = one consistent snapshot of lab.db, read after the version.
  for (const fact of lab.prepare(allEntitiesSql(endpoint)).iterate() as IterableIterator<EntityFact>) {
    for (const r of buildEntityRows(endpoint, fact)) {
      batch.push(r);
      const key = `${r.field}\u0000${r.norm}`;
      let t = terms.get(key);
      if (!t) terms.set(key, (t = { field: r.field, norm: r.norm, refs: {} }));
      addRef(t.refs, r.score, r.text, 1);
    }
    if (batch.length >= batchRows && !(await flush())) {
      current = false;
      break;
    }
  }
  if (current && batch.length) current = await flush();
  if (current) {
    setPhase('terms');
    // In key order, so the term table's three b-trees are filled nearly sequentially.
    const list = [...terms.values()].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : compareBinary(a.norm, b.norm)));
    for (let i = 0; i < list.length && current; ) {
      const slice = list.slice(i, i + batchRows);
      i += slice.length;
      timedTx(() => {
        const ins = db.prepare('INSERT INTO entity_terms(endpoint, gen, field, norm, text, score, refs) VALUES (?,?,?,?,?,?,?)');
        for (const t of slice) {
          const best = bestOfRefs(t.refs)!;
          ins.run(endpoint, gen, t.field, t.norm, best.text, best.score, JSON.stringify(t.refs));
        }
      });
      await yieldLoop(opts.pauseMs ?? 0);
      current = !changed();
    }
  }
  // Best terms of every large prefix, from the same term map (same choice rule as the read path).
  if (current) {
    setPhase('prefixes');
    const counts = new Map<string, number>();
    for (const t of terms.values()) for (const p of precomputablePrefixes(t.norm)) counts.set(p, (counts.get(p) ?? 0) + 1);
    const tops = new Map<string, Map<string, TermPick[]>>();
    for (const t of terms.values()) {
      const best = bestOfRefs(t.refs)!;
      const pick: TermPick = { field: t.field, score: best.score, norm: t.norm, text: best.text };
      for (const p of precomputablePrefixes(t.norm)) {
        if ((counts.get(p) ?? 0) <= LARGE_PREFIX_TERMS) continue;
        let byField = tops.get(p);
        if (!byField) tops.set(p, (byField = new Map()));
        let list = byField.get(t.field);
        if (!list) byField.set(t.field, (list = []));
        if (list.length < FIELD_CAP || betterTerm(pick, list[list.length - 1]!) < 0) {
          list.push(pick);
          list.sort(betterTerm);
          if (list.length > FIELD_CAP) list.pop();
        }
      }
    }
    const entries = [...tops];
    for (let i = 0; i < entries.length && current; ) {
      const slice = entries.slice(i, i + Math.max(1, Math.floor(batchRows / 10)));
      i += slice.length;
      timedTx(() => {
        for (const [prefix, byField] of slice) insertPrefixRows(db, endpoint, gen, prefix, [...byField.values()].flat());
      });
      await yieldLoop(opts.pauseMs ?? 0);
      current = !changed();
    }
  }
  // The swap: only if nothing changed since the version was read; else the snapshot is discarded.
  setPhase('swap');
  const committed =
    current &&
    timedTx(() => {
      const now = readMeta(db, endpoint);
      if (now.changeVersion !== version) return false;
      db.prepare('UPDATE endpoint_meta SET active_gen = ?, stale = 0 WHERE endpoint = ?').run(gen, endpoint);
      return true;
    });
  setPhase('cleanup');
  await deleteInactiveGenerations(db, endpoint, timedTx, batchSize);
  return result(committed ? 'committed' : 'discarded', rows, terms.size);
}

/** Deletes rows and terms of every generation but the active one, in short batches. */
async function deleteInactiveGenerations(db: Db, endpoint: ListEndpoint, tx: <T>(fn: () => T) => T, batchSize: () => number): Promise<void> {
  const active = () => readMeta(db, endpoint).activeGen;
  for (;;) {
    const n = tx(() => {
      const g = active();
      const batchRows = batchSize();
      let changes = 0;
      // Two index ranges (below and above the active generation), never a scan of the live rows.
      for (const op of ['<', '>']) {
        changes += db
          .prepare(`DELETE FROM entity_rows WHERE id IN (SELECT id FROM entity_rows WHERE endpoint = ? AND gen ${op} ? LIMIT ?)`)
          .run(endpoint, g, batchRows).changes;
        changes += db
          .prepare(
            `DELETE FROM entity_terms WHERE (endpoint, gen, field, norm) IN
             (SELECT endpoint, gen, field, norm FROM entity_terms WHERE endpoint = ? AND gen ${op} ? LIMIT ?)`,
          )
          .run(endpoint, g, batchRows).changes;
        changes += db
          .prepare(
            `DELETE FROM entity_prefix_top WHERE (endpoint, gen, prefix, field, rank) IN
             (SELECT endpoint, gen, prefix, field, rank FROM entity_prefix_top WHERE endpoint = ? AND gen ${op} ? LIMIT ?)`,
          )
          .run(endpoint, g, batchRows).changes;
      }
      return changes;
    });
    if (n === 0) return;
    await yieldLoop(0);
  }
}
