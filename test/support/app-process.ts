// The app as a real process for fault tests: browser mode (serve + its forked maintenance worker)
// bundled from src with esbuild, so a test always runs today's source without `npm run build`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { iifeEsbuildPlugin } from '../../scripts/iife-plugin.mjs';
import { ADMIN, NODE, ROOT, freePort, onCleanup } from './temp';
import { portTaken, PORT_TRIES, untilServing } from './ports';

// Inside node_modules so the bundles resolve the packages they leave external.
const OUT = path.join(ROOT, 'node_modules/.cache/lab-fault-test', String(process.pid), 'main');
let built: Promise<string> | null = null;

/** Bundles entry files (name → source) for Node into `outdir`, as the app's build does. */
export async function bundleForNode(entryPoints: Record<string, string>, outdir: string): Promise<void> {
  fs.mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    packages: 'external',
    logLevel: 'silent',
    // The bridge page's script is imported bundled (`?iife`), as in the electron-vite build.
    plugins: [iifeEsbuildPlugin()],
  });
}

/** Builds serve.js and maintenance-worker.js side by side (serve forks the worker next to itself). */
export function buildApp(): Promise<string> {
  built ??= bundleForNode({ serve: path.join(ROOT, 'src/main/serve.ts'), 'maintenance-worker': path.join(ROOT, 'src/main/worker/maintenance-worker-entry.ts') }, OUT).then(() => path.join(OUT, 'serve.js'));
  return built;
}

/** A parsed answer, read loosely by the tests (they assert its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many operations, asserted by the tests
type Json = any;

export interface AppProcess {
  port: number;
  proc: ChildProcess;
  output(): string;
  exited(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Requests with the admin's session cookie (after `login`). */
  call(method: string, url: string, body?: unknown): Promise<{ status: number; body: Json }>;
  setupAdmin(): Promise<void>;
  /** The pids of the app's child processes (the maintenance worker). */
  childPids(): number[];
}

/**
 * Starts the app on `dataDir`. `wrap` turns the node command line into another one (e.g. inside
 * `unshare -m sh -c …`); it receives the argv to run and returns [file, args].
 */
export async function startApp(dataDir: string, opts: { wrap?: (argv: string[]) => [string, string[]]; env?: Record<string, string> } = {}): Promise<AppProcess> {
  const entry = await buildApp();
  let port = 0;
  let proc!: ChildProcess;
  let out = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const argv = [NODE, entry, '--data-dir', dataDir, '--port', String(port)];
    const [file, args] = opts.wrap ? opts.wrap(argv) : [argv[0]!, argv.slice(1)];
    const p = (proc = spawn(file, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LAB_LOG_LEVEL: 'debug', ...opts.env } }));
    out = '';
    exit = null;
    p.stdout!.on('data', (d) => (out += d));
    p.stderr!.on('data', (d) => (out += d));
    p.on('exit', (code, signal) => (exit = { code, signal }));
    onCleanup(async () => {
      if (p.exitCode !== null || p.signalCode !== null) return;
      p.kill('SIGKILL');
      await new Promise((r) => p.once('exit', r));
    });
    try {
      await untilServing(`http://127.0.0.1:${port}`, () => out, () => exit);
      break;
    } catch (e) {
      if (attempt >= PORT_TRIES || !portTaken(out)) throw e;
    }
  }
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const r = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: { 'x-lab-client': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const set = r.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: r.status, body: parsed as Json };
  };
  // The app pid: the node process itself, or the one `wrap` ends up exec-ing.
  const appPid = () => proc.pid!;
  return {
    port,
    proc,
    output: () => out,
    exited: () => exit,
    call,
    setupAdmin: async () => {
      const s = await call('POST', '/api/setup', ADMIN);
      if (s.status !== 200) throw new Error(`setup: ${s.status} ${JSON.stringify(s.body)}`);
      const l = await call('POST', '/api/session', { username: ADMIN.username, password: ADMIN.password });
      if (l.status !== 200) throw new Error(`login: ${l.status} ${JSON.stringify(l.body)}`);
    },
    childPids: () => {
      try {
        const pid = appPid();
        return fs
          .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number);
      } catch {
        return [];
      }
    },
  };
}

/** Why a tmpfs cannot be mounted in a private mount namespace here (`unshare -m`, needs root), or null. */
export function privateMountWhyNot(): string | null {
  const probe = fs.mkdtempSync('/tmp/lab-unshare-probe-');
  try {
    const r = spawnSync('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs "$0"', probe], { encoding: 'utf8' });
    if (r.error) return `unshare is not available (${r.error.message})`;
    return r.status === 0 ? null : `cannot mount a tmpfs in a private mount namespace: ${r.stderr.trim() || `exit ${r.status}`}`;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

/** Runs the app to its exit (for start-up refusals); resolves with the exit code and all output. */
export async function runAppToExit(dataDir: string, port: number, wrap: (argv: string[]) => [string, string[]] = (a) => [a[0]!, a.slice(1)], timeoutMs = 30_000): Promise<{ code: number | null; out: string }> {
  const argv = [NODE, await buildApp(), '--data-dir', dataDir, '--port', String(port)];
  const [file, args] = wrap(argv);
  const r = spawnSync(file, args, { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}
