// Full rebuild of one endpoint's entity index (spec 000 state table rows 4–6). The new index is
// written as a new generation in short batches (each write transaction well under ~100 ms) and
// swapped in by one tiny transaction that checks the change version and clears stale, so readers
// always see the old generation or the new one — never an empty or half-built index — and
// in-request writes keep their 100 ms lock budget while a rebuild runs.
import type { ListEndpoint } from '../../shared/records';
import type { Db } from '../db/open';
import { buildEntityRows, compareBinary, type CandidateRow } from './entity-builder';
import { addRef, bestOfRefs, entityIndexOf, type TermRefs } from './index-sync';
import { betterTerm, FIELD_CAP, LARGE_PREFIX_TERMS, precomputablePrefixes, type TermPick } from './term-select';
import { writeTransaction } from '../db/transaction';
import { checkpointPassive, setWalAutocheckpoint, walAutocheckpoint } from '../db/connection';
import { endpointMetaStore } from '../stores/completion/endpoint-meta-store';
import { GENERATION_INDEXES, GENERATION_TABLES, type EntityIndexWrites, type GenerationWriter } from '../stores/completion/entity-index-store';
import { recordFactsStore } from '../stores/completion/record-facts-store';

export type RebuildOutcome = 'committed' | 'discarded' | 'fresh';

export interface RebuildOptions {
  /** At most this many rows (terms, prefixes) per write transaction (tests use tiny batches). */
  batchRows?: number;
  /** Each write transaction stops taking new work after this many milliseconds. */
  txBudgetMs?: number;
  /** The clock of the time budget and of the hold figures, in ms (tests inject one). */
  now?: () => number;
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
  /** Distribution of the write transactions' lock holds (ms). */
  holds: HoldStats;
  /**
   * Where the holds over 100 ms went: taking the lock, the work (stops at the budget), the commit,
   * and how many of them ran on the CPU less than half the time (the process was descheduled).
   */
  longHolds: { count: number; descheduled: number; maxBeginMs: number; maxWorkMs: number; maxCommitMs: number };
  ms: number;
  /** Time spent in write transactions per phase (the rest is reading lab.db and building rows). */
  writeMs: Record<string, number>;
}

export interface HoldStats {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Transactions per bucket: upper bound in ms → count (">100" for the rest). */
  buckets: Record<string, number>;
}

/** Rows built ahead of each write transaction (outside the lock); the time budget decides how many go in. */
const BUILD_AHEAD = 8000;
/**
 * Work budget of one write transaction. The in-request lock wait is 100 ms; the commit and a
 * descheduled moment on a loaded machine come on top, so the work itself stops well before.
 */
export const TX_BUDGET_MS = 30;
/** Write time between passive checkpoints (auto-checkpoint is off during a rebuild). */
const CHECKPOINT_EVERY_MS = 250;
const BUCKETS = [10, 25, 50, 75, 100];
const yieldLoop = (ms: number) => new Promise<void>((r) => (ms > 0 ? setTimeout(r, ms) : setImmediate(r)));

export async function rebuildEndpoint(db: Db, lab: Db, endpoint: ListEndpoint, opts: RebuildOptions = {}): Promise<RebuildResult> {
  // The automatic checkpoint would run inside a batch's commit, lengthening the lock hold; the
  // rebuild checkpoints passively between batches instead (no write lock needed for that).
  const autoCheckpoint = walAutocheckpoint(db);
  setWalAutocheckpoint(db, 0);
  try {
    return await rebuildInner(db, lab, endpoint, opts);
  } finally {
    setWalAutocheckpoint(db, autoCheckpoint);
    checkpointPassive(db);
  }
}

/** Write transactions of a rebuild, timed: each within the budget, holds measured, checkpoints between. */
function txMeter(db: Db, opts: RebuildOptions) {
  const cap = opts.batchRows ?? Number.POSITIVE_INFINITY;
  const budget = opts.txBudgetMs ?? TX_BUDGET_MS;
  const now = opts.now ?? (() => performance.now());
  const holds: number[] = [];
  const longHolds = { count: 0, descheduled: 0, maxBeginMs: 0, maxWorkMs: 0, maxCommitMs: 0 };
  const writeMs: Record<string, number> = {};
  let phase = 'cleanup';
  let sinceCheckpoint = 0;
  // Keeps the write-ahead log small without blocking writers: a PASSIVE checkpoint copies what no
  // reader still needs and never takes the write lock. Once it has copied every frame, the next
  // write transaction rewinds the log by itself. (A RESTART checkpoint would copy and fsync under
  // the write lock.)
  const checkpoint = () => {
    const t0 = performance.now();
    checkpointPassive(db);
    writeMs.checkpoint = Math.round((writeMs.checkpoint ?? 0) + performance.now() - t0);
  };
  const measure = (t0: number, cpu0: NodeJS.CpuUsage, begun: number, worked: number) => {
    const end = now();
    const dt = end - t0;
    holds.push(dt);
    if (dt > 100) {
      const cpu = process.cpuUsage(cpu0);
      longHolds.count++;
      if ((cpu.user + cpu.system) / 1000 < dt / 2) longHolds.descheduled++;
      longHolds.maxBeginMs = round2(Math.max(longHolds.maxBeginMs, begun - t0));
      longHolds.maxWorkMs = round2(Math.max(longHolds.maxWorkMs, worked - begun));
      longHolds.maxCommitMs = round2(Math.max(longHolds.maxCommitMs, end - worked));
    }
    writeMs[phase] = Math.round((writeMs[phase] ?? 0) + dt);
    sinceCheckpoint += dt;
  };
  /**
   * One write transaction that calls `step` until it reports no more work, the row cap is
   * reached or the time budget is spent; the rest is left for the next transaction. Returns
   * whether work remains.
   */
  const boundedTx = (step: () => boolean): boolean => {
    const t0 = now();
    const cpu0 = process.cpuUsage();
    let begun = t0;
    let worked = t0;
    let more = true;
    try {
      writeTransaction(db, () => {
        begun = now();
        const deadline = begun + budget;
        for (let n = 0; n < cap; n++) {
          more = step();
          if (!more || now() >= deadline) break;
        }
        worked = now();
      });
    } finally {
      measure(t0, cpu0, begun, worked);
    }
    if (sinceCheckpoint >= CHECKPOINT_EVERY_MS) {
      sinceCheckpoint = 0;
      checkpoint();
    }
    return more;
  };
  return {
    boundedTx,
    /** Names the phase the following transactions' time is counted under. */
    phase: (name: string) => void (phase = name),
    stats: () => ({ maxWriteHoldMs: round2(Math.max(0, ...holds)), holds: holdStats(holds), longHolds, writeMs }),
  };
}

/** What the write phases share: the bounded transaction, the pause between, and "did lab.db change?". */
interface Run {
  tx: (step: () => boolean) => boolean;
  pause: () => Promise<void>;
  changed: () => boolean;
}

type Terms = Map<string, { field: string; norm: string; refs: TermRefs }>;

/** Writes every item in bounded transactions; stops early when lab.db changed. Returns "still current". */
async function writeEach<T>(run: Run, list: readonly T[], write: (item: T) => void): Promise<boolean> {
  let i = 0;
  let current = true;
  while (i < list.length && current) {
    run.tx(() => {
      write(list[i++]!);
      return i < list.length;
    });
    await run.pause();
    current = !run.changed();
  }
  return current;
}

/**
 * The candidate rows, built outside the lock (reading lab.db, normalizing) and written under the
 * budget; what the budget leaves stays queued for the next transaction. Collects the terms.
 */
async function writeRows(run: Run, lab: Db, endpoint: ListEndpoint, writer: GenerationWriter, terms: Terms, onProgress: RebuildOptions['onProgress']): Promise<{ rows: number; current: boolean }> {
  let rows = 0;
  let current = true;
  let queue: CandidateRow[] = [];
  let head = 0;
  // One SELECT statement = one consistent snapshot of lab.db, read after the version.
  const facts = recordFactsStore(lab).all(endpoint);
  let factsDone = false;
  const fill = () => {
    if (head > 0) {
      queue = queue.slice(head);
      head = 0;
    }
    while (!factsDone && queue.length < BUILD_AHEAD) {
      const next = facts.next();
      if (next.done) {
        factsDone = true;
        break;
      }
      for (const r of buildEntityRows(endpoint, next.value)) {
        queue.push(r);
        const key = `${r.field}\u0000${r.norm}`;
        let t = terms.get(key);
        if (!t) terms.set(key, (t = { field: r.field, norm: r.norm, refs: {} }));
        addRef(t.refs, r.score, r.text, 1);
      }
    }
  };
  try {
    for (fill(); head < queue.length && current; fill()) {
      const before = head;
      run.tx(() => {
        writer.row(queue[head++]!);
        return head < queue.length;
      });
      rows += head - before;
      onProgress?.({ endpoint, rows });
      await run.pause();
      current = !run.changed();
    }
  } finally {
    // A discarded snapshot must not keep lab.db's read transaction open.
    facts.return?.();
  }
  return { rows, current };
}

async function rebuildInner(db: Db, lab: Db, endpoint: ListEndpoint, opts: RebuildOptions): Promise<RebuildResult> {
  const started = performance.now();
  const meter = txMeter(db, opts);
  const result = (outcome: RebuildOutcome, rows = 0, terms = 0): RebuildResult => ({ endpoint, outcome, rows, terms, ...meter.stats(), ms: Math.round(performance.now() - started) });
  const metaStore = endpointMetaStore(db);
  const index = entityIndexOf(db);
  const meta = metaStore.get(endpoint);
  if (!meta.stale && !opts.force) return result('fresh');
  const version = meta.changeVersion;
  const run: Run = { tx: meter.boundedTx, pause: () => yieldLoop(opts.pauseMs ?? 0), changed: () => metaStore.get(endpoint).changeVersion !== version };
  // Leftovers of a rebuild that died half-way (any generation but the active one) go first.
  await dropInactiveGenerations(index, endpoint, () => metaStore.activeGen(endpoint), run.tx, run.pause);
  const gen = meta.activeGen + 1;
  run.tx(() => {
    index.createGeneration(endpoint, gen);
    return false;
  });
  const writer = index.generationWriter(endpoint, gen);
  meter.phase('rows');
  const terms: Terms = new Map();
  const { rows, current: rowsCurrent } = await writeRows(run, lab, endpoint, writer, terms, opts.onProgress);
  let current = rowsCurrent;
  if (current) {
    meter.phase('terms');
    // In key order, so the term table's three b-trees are filled nearly sequentially.
    const list = [...terms.values()].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : compareBinary(a.norm, b.norm)));
    current = await writeEach(run, list, (t) => {
      const best = bestOfRefs(t.refs)!;
      writer.term({ field: t.field, norm: t.norm, text: best.text, score: best.score, refs: t.refs });
    });
  }
  // Best terms of every large prefix, from the same term map (same choice rule as the read path).
  if (current) {
    meter.phase('prefixes');
    current = await writeEach(run, [...largePrefixTops(terms)], ([prefix, byField]) => writer.top(prefix, [...byField.values()].flat()));
  }
  // The swap: only if nothing changed since the version was read; else the snapshot is discarded.
  meter.phase('swap');
  let committed = false;
  if (current)
    run.tx(() => {
      if (metaStore.get(endpoint).changeVersion === version) {
        metaStore.activate(endpoint, gen);
        committed = true;
      }
      return false;
    });
  // The generation no reader uses any more (the old one, or this one if discarded) is dropped.
  meter.phase('cleanup');
  await dropInactiveGenerations(index, endpoint, () => metaStore.activeGen(endpoint), run.tx, run.pause);
  return result(committed ? 'committed' : 'discarded', rows, terms.size);
}

/** For every prefix with more than LARGE_PREFIX_TERMS terms, its best FIELD_CAP terms per field. */
function largePrefixTops(terms: Map<string, { field: string; norm: string; refs: TermRefs }>): Map<string, Map<string, TermPick[]>> {
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
  return tops;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function holdStats(ms: number[]): HoldStats {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? round2(s[Math.min(s.length - 1, Math.floor(p * s.length))]!) : 0);
  const buckets: Record<string, number> = {};
  for (const b of BUCKETS) buckets[`<=${b}`] = 0;
  buckets['>100'] = 0;
  for (const x of s) {
    const b = BUCKETS.find((u) => x <= u);
    buckets[b === undefined ? '>100' : `<=${b}`]!++;
  }
  return { count: s.length, p50: q(0.5), p90: q(0.9), p99: q(0.99), max: s.length ? round2(s[s.length - 1]!) : 0, buckets };
}

/** Rows deleted per step before the rows table is dropped (the time budget decides how many steps). */
const DELETE_STEP = 4000;

/**
 * Drops the tables of every generation but the active one, each DROP in its own write transaction.
 * The rows table is emptied first in time-bounded steps (its index already gone, a step is a rowid
 * range): DROP TABLE reads every page it frees, which for a large table not in memory holds the
 * lock far longer than a write's budget (docs/completion.md "Tuning constants").
 */
async function dropInactiveGenerations(index: EntityIndexWrites, endpoint: ListEndpoint, activeGen: () => number, tx: (step: () => boolean) => boolean, pause: () => Promise<void>): Promise<void> {
  // Checked inside the write lock: only the swap changes active_gen, and it holds this lock.
  const inactive = (gen: number) => activeGen() !== gen;
  const dropEach = async (gen: number, drops: Array<() => void>) => {
    for (const drop of drops) {
      tx(() => {
        if (inactive(gen)) drop();
        return false;
      });
      await pause();
    }
  };
  for (const gen of index.generationsOnDisk(endpoint)) {
    await dropEach(gen, GENERATION_INDEXES.map((i) => () => index.dropIndex(endpoint, gen, i)));
    if (index.hasRowsTable(endpoint, gen)) {
      for (let more = true; more; ) {
        more = tx(() => inactive(gen) && index.deleteRowsStep(endpoint, gen, DELETE_STEP) > 0);
        await pause();
      }
    }
    await dropEach(gen, GENERATION_TABLES.map((t) => () => index.dropTable(endpoint, gen, t)));
  }
}
