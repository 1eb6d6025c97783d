// The benchmark's reader: the inline read path called directly (no HTTP), in a worker thread that
// holds nothing but the reader, the way the app's main process holds it. The benchmark's own data
// (a million generated rows, the in-memory baseline) lives in the main thread's heap, whose
// garbage collections are not the read path's. Idle rounds and the reads during a rebuild are
// measured by this same thread, so the two are compared like with like. The naive SQL baseline
// runs here too, its probes interleaved with the idle rounds: both sides of the 500× ratio are
// measured by one thread in the same seconds, neither in the main thread's big heap.
import { PerformanceObserver } from 'node:perf_hooks';
import { silentLogger } from '../src/main/logging';
import { CompletionReader } from '../src/main/completion/reader';
import { openDatabase } from '../src/main/db/open';
import { completionPath } from '../src/main/completion/db';
import { naiveQuery } from './baselines';
import type { Probe } from './data';

/** Calls slower than this are examined one by one (the max target is 5 ms). */
export const SLOW_MS = 2;

export interface ProbeInit {
  dir: string;
  probes: Probe[];
  rounds: number;
  /** Int32Array over a SharedArrayBuffer: [0] = 1 asks the during-rebuild loop to stop. */
  stop: SharedArrayBuffer;
  /** Read snapshot age of the reader (diagnostics: `--snapshot-ms`); the app's constant when absent. */
  snapshotMs?: number;
  /** Reads a second of the paced loop ('during-paced'), the thread sleeping between them. */
  pacePerSecond: number;
}

/** What the main thread asks: the idle rounds, or a read loop until stopped (tight or paced). */
export type ProbeRequest = 'idle' | 'during' | 'during-paced';

export interface SlowCall {
  ms: number;
  cpuMs: number;
  gcMs: number;
  q: string;
  endpoint: string;
}

export interface IdleResult {
  times: number[];
  roundTimes: number[][];
  /** The naive baseline's times, one slice of the probes after each round of ours. */
  naiveRoundTimes: number[][];
  answers: string[];
  slow: SlowCall[];
  gcCount: number;
  gcMaxMs: number;
}

export interface DuringResult {
  times: number[];
  empty: number;
  different: number;
  slowCount: number;
  slowMostlyWaiting: number;
  /** This thread's CPU time over the whole loop, ms: the work per read, whatever the scheduler did. */
  cpuMs: number;
}

/** CPU time of this thread only. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const d = process.threadCpuUsage(start);
  return (d.user + d.system) / 1000;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

export function createProbeRunner(init: ProbeInit) {
  const reader = new CompletionReader(init.dir, silentLogger(), Date.now, init.snapshotMs);
  // The naive baseline's own connection, configured as it always was (256 MB page cache).
  const naiveDb = openDatabase(completionPath(init.dir), { readonly: true });
  naiveDb.pragma('cache_size = -262144');
  const naive = naiveQuery(naiveDb);
  const stop = new Int32Array(init.stop);
  const inline = (p: Probe) => reader.inline(p.userId, { endpoint: p.endpoint, q: p.q, field: 'all' }).completion;
  let answers: string[] = [];

  async function idle(): Promise<IdleResult> {
    for (const p of init.probes) inline(p); // warm-up
    for (const p of init.probes.slice(0, 200)) naive(p.endpoint, p.q);
    answers = init.probes.map(inline);
    // Each slow call is matched against garbage collections and its own CPU time (wall time far
    // above CPU time = the thread was waiting: descheduled or I/O).
    const gcs: { start: number; duration: number }[] = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) gcs.push({ start: e.startTime, duration: e.duration });
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    const raw: { at: number; ms: number; cpuMs: number; q: string; endpoint: string }[] = [];
    const roundTimes: number[][] = [];
    const naiveRoundTimes: number[][] = [];
    for (let r = 0; r < init.rounds; r++) {
      if (r > 0) naiveRoundTimes.push(naiveSlice(r - 1));
      roundTimes.push(
        init.probes.map((p) => {
          const cpu0 = process.threadCpuUsage();
          const at = performance.now();
          inline(p);
          const ms = performance.now() - at;
          if (ms > SLOW_MS) raw.push({ at, ms, cpuMs: cpuMsSince(cpu0), q: p.q, endpoint: p.endpoint });
          return ms;
        }),
      );
    }
    naiveRoundTimes.push(naiveSlice(init.rounds - 1));
    naiveDb.close(); // the main thread drops the naive table next
    await new Promise((r) => setTimeout(r, 200)); // GC entries arrive later than one setImmediate
    gcObserver.disconnect();
    const slow = raw.map((x) => ({
      ms: r2(x.ms),
      cpuMs: r2(x.cpuMs),
      gcMs: r2(gcs.filter((g) => g.start < x.at + x.ms && g.start + g.duration > x.at).reduce((a, g) => a + g.duration, 0)),
      q: x.q,
      endpoint: x.endpoint,
    }));
    return { times: roundTimes.flat(), roundTimes, naiveRoundTimes, answers, slow, gcCount: gcs.length, gcMaxMs: r2(Math.max(0, ...gcs.map((g) => g.duration))) };
  }

  /** The naive query over the r-th slice of the probes (every probe once over all rounds). */
  function naiveSlice(r: number): number[] {
    const slice = Math.ceil(init.probes.length / init.rounds);
    return init.probes.slice(r * slice, (r + 1) * slice).map((p) => {
      const t0 = performance.now();
      naive(p.endpoint, p.q);
      return performance.now() - t0;
    });
  }

  /**
   * Reads the probes round and round until asked to stop; answers are checked against idle ones.
   * Tight: one read after the other (the thread keeps a core busy). Paced: pacePerSecond reads a
   * second, the thread sleeping in between, as requests come to the app's reader.
   */
  function during(paced: boolean): DuringResult {
    const out: DuringResult = { times: [], empty: 0, different: 0, slowCount: 0, slowMostlyWaiting: 0, cpuMs: 0 };
    const loopCpu = process.threadCpuUsage();
    const interval = paced ? 1000 / init.pacePerSecond : 0;
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    let next = performance.now();
    for (let i = 0; Atomics.load(stop, 0) === 0; i++) {
      if (interval) {
        // Each read starts at its own time (a request arriving); a late one starts at once.
        next += interval;
        const wait = next - performance.now();
        if (wait > 0) Atomics.wait(sleeper, 0, 0, wait);
      }
      const idx = i % init.probes.length;
      const cpu0 = process.threadCpuUsage();
      const t0 = performance.now();
      const answer = inline(init.probes[idx]!);
      const ms = performance.now() - t0;
      out.times.push(ms);
      if (ms > SLOW_MS) {
        out.slowCount++;
        if (cpuMsSince(cpu0) < ms / 2) out.slowMostlyWaiting++;
      }
      if (answer !== answers[idx]) {
        if (!answer) out.empty++;
        else out.different++;
      }
    }
    out.cpuMs = cpuMsSince(loopCpu);
    return out;
  }

  return {
    idle,
    during,
    close: () => reader.close(),
  };
}
