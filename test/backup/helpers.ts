// Support for the backup tests: real data directories seeded with SQL, a checksum of the facts
// (every business table, row by row), and child-process scripts bundled with esbuild so they run
// on the project's Node without a TypeScript loader.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildSync } from 'esbuild';
import { expect } from 'vitest';
import { openDatabases } from '../../src/main/db/databases';
import { AppError } from '../../src/shared/errors';
import type { RunningApp } from '../../src/main/app-services';
import { NODE, ROOT, onCleanup, tempDir } from '../support/temp';

export const FACT_TABLES = ['users', 'inventory_items', 'reagent_orders', 'consumable_orders', 'audit_log'] as const;

/** Creates (or opens) a data directory's databases and inserts `n` inventory rows plus one admin. */
export function seedDataDir(dataDir: string, n: number, prefix = 'item'): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const dbs = openDatabases(dataDir);
  try {
    insertRows(dbs.lab, n, prefix);
  } finally {
    dbs.close();
  }
}

export function insertRows(db: Database.Database, n: number, prefix = 'item'): void {
  if (!db.prepare(`SELECT 1 FROM users WHERE username = 'admin'`).get()) {
    db.prepare(`INSERT INTO users (username, display_name, role, password_hash) VALUES ('admin', 'Admin', 'admin', 'x')`).run();
  }
  const ins = db.prepare(`INSERT INTO inventory_items (name, cas_number, quantity, unit, status) VALUES (?, ?, ?, 'g', 'in_stock')`);
  db.transaction(() => {
    for (let i = 0; i < n; i++) ins.run(`${prefix} ${i}`, '64-17-5', i % 100);
  })();
}

/** Row counts and one SHA-256 over every fact table's rows in rowid order. */
export function factsOf(labFile: string): { counts: Record<string, number>; checksum: string } {
  const db = new Database(labFile, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256');
    const counts: Record<string, number> = {};
    for (const t of FACT_TABLES) {
      const rows = db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all();
      counts[t] = rows.length;
      hash.update(t);
      for (const r of rows) hash.update(JSON.stringify(r));
    }
    return { counts, checksum: hash.digest('hex') };
  } finally {
    db.close();
  }
}

/** Every file of a folder with its SHA-256 (to prove "nothing changed"). */
export function snapshotTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p, r);
      else out[r] = createHash('sha256').update(fs.readFileSync(p)).digest('hex');
    }
  };
  walk(dir, '');
  return out;
}

const built = new Map<string, string>();
/** Bundles a TypeScript script (test/backup/scripts/*.ts) to a CommonJS file for a child process. */
export function buildScript(name: string): string {
  const cached = built.get(name);
  if (cached && fs.existsSync(cached)) return cached;
  const outfile = path.join(tempDir('lab-script-'), `${name}.cjs`);
  buildSync({
    entryPoints: [path.join(ROOT, 'test/backup/scripts', `${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node24',
    external: ['better-sqlite3'],
    nodePaths: [path.join(ROOT, 'node_modules')],
    logLevel: 'silent',
  });
  built.set(name, outfile);
  return outfile;
}

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runScript(name: string, args: string[], opts: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<ChildRun> {
  const file = buildScript(name);
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [file, ...args], { cwd: ROOT, env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules'), ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const t = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(t);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export interface LiveChild {
  pid: number;
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a script and leaves it running (killed at test cleanup at the latest). */
export function startScript(name: string, args: string[]): LiveChild {
  const file = buildScript(name);
  const child = spawn(NODE, [file, ...args], { cwd: ROOT, env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    pid: child.pid!,
    async waitFor(text, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (child.exitCode !== null) throw new Error(`${name} exited early:\n${out}`);
        if (Date.now() > end) throw new Error(`${name} did not print "${text}":\n${out}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Preview and restore both refuse `source` with a validation error whose message matches. */
export async function expectRestoreRefused(s: RunningApp, source: string, message: RegExp): Promise<void> {
  for (const attempt of [() => s.backups.previewRestore(source), () => s.backups.restore(source)]) {
    const err = await attempt().then(
      () => null,
      (e: unknown) => e,
    );
    expect(err, source).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('validation');
    expect((err as AppError).message).toMatch(message);
  }
}
