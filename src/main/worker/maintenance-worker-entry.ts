// Entry of the maintenance worker process (utilityProcess in the desktop app, child_process in
// browser mode; args `--data-dir DIR`). Runs completion maintenance off the main thread: start-up
// check and legacy migration, 5 s stale checks, rebuilds, pruning and the retry list.
import pino from 'pino';
import { connectToParent } from './worker-port.child';
import { CompletionMaintenance, STALE_CHECK_INTERVAL_MS } from '../completion/maintenance.child';
import { flagValue } from '../data-dir/resolve';

const port = connectToParent();
const started = Date.now();
// The worker runs at normal priority, on purpose. It holds completion.db's write lock in short
// bursts, and an unprivileged process may lower its priority but never raise it back: a niced
// worker would hold the lock at low priority, and on a busy machine every runnable process at
// normal priority preempts it mid-transaction while in-request writes wait for the lock (priority
// inversion; docs/completion.md "Busy mode"). What keeps the app's reads and writes responsive is
// the time budget of each write transaction and the breather between them.
const dataDir = flagValue(process.argv.slice(2), 'data-dir');

// Log lines go to the parent, which writes them into the app log.
const LEVELS: Record<number, 'info' | 'warn' | 'error'> = { 30: 'info', 40: 'warn', 50: 'error', 60: 'error' };
const log = pino(
  { level: 'info', base: null, timestamp: false },
  {
    write(line: string) {
      try {
        const { level, msg, ...data } = JSON.parse(line) as { level: number; msg: string };
        port.send({ type: 'log', level: LEVELS[level] ?? 'info', message: msg, data });
      } catch {
        /* never let logging kill the worker */
      }
    },
  },
);

// A short breather after each write transaction of a rebuild: taking the lock again at once leaves
// an in-request write sleeping in SQLite's busy handler little chance to get in before its lock
// wait is up (docs/completion.md "Tuning constants"). The env var is for diagnostics and the crash
// test.
const REBUILD_BREATHER_MS = 4;
const pauseEnv = Number(process.env.LAB_COMPLETION_REBUILD_PAUSE_MS);
const pauseMs = Number.isFinite(pauseEnv) && pauseEnv >= 0 ? pauseEnv : REBUILD_BREATHER_MS;
const maintenance = dataDir
  ? new CompletionMaintenance(dataDir, log, {
      rebuild: { pauseMs, onProgress: (p) => port.send({ type: 'progress', ...p }) },
      onDamaged: (error) => port.send({ type: 'completionDamaged', error }),
    })
  : null;
if (!dataDir) log.error({}, 'Completion initialization failed: the worker was started without --data-dir');
if (maintenance?.maintenanceMode) log.info({}, 'MAINTENANCE_MODE=on: completion initialization, rebuilds and writes are paused');

port.onMessage((msg) => {
  switch (msg.type) {
    case 'health':
      port.send({ type: 'health', id: msg.id, pid: process.pid, uptimeMs: Date.now() - started });
      break;
    case 'retry':
      maintenance?.enqueue(msg.item);
      port.send({ type: 'ack', id: msg.id });
      break;
    case 'rebuild':
      void (async () => {
        const results = maintenance ? (maintenance.initialize() ? await maintenance.rebuild(msg.endpoints, { force: msg.force }) : []) : [];
        port.send({ type: 'rebuild', id: msg.id, results });
      })();
      break;
    case 'tick':
      void (async () => {
        const results = (await maintenance?.tick()) ?? [];
        port.send({ type: 'rebuild', id: msg.id, results });
      })();
      break;
    case 'shutdown':
      maintenance?.close();
      process.exit(0);
  }
});
port.send({ type: 'log', level: 'info', message: 'maintenance worker ready', data: { pid: process.pid } });

if (maintenance) {
  // The first round right after start (process start marks everything stale), then every 5 s.
  const round = () => void maintenance.tick().catch((e: unknown) => log.error({ err: String(e) }, 'completion maintenance round failed'));
  setTimeout(round, 0);
  setInterval(round, STALE_CHECK_INTERVAL_MS);
}
// A parent that dies without telling us must not leave an orphan behind (child_process mode).
process.on('disconnect', () => process.exit(0));
