// Running completion code in real child processes: entries are bundled with esbuild (better-sqlite3
// and pino stay external and resolve from the project's node_modules) and run with Node 24.
import { spawn, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { ROOT } from './helpers';

export const NODE = path.join(ROOT, 'node_modules/.bin/node');
const OUT = path.join(ROOT, 'node_modules/.cache/lab-completion-test');

export function bundle(entry: string): string {
  // One file per process: test files run in parallel and must not read each other's half-written bundle.
  const out = path.join(OUT, `${path.basename(entry, '.ts')}-${process.pid}.cjs`);
  fs.mkdirSync(OUT, { recursive: true });
  buildSync({
    entryPoints: [path.join(ROOT, entry)],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['better-sqlite3', 'pino', 'rotating-file-stream', 'electron'],
    logLevel: 'silent',
  });
  return out;
}

const env = () => ({ ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') });

export function run(file: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(NODE, [file, ...args], { env: env() });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts a long-running child and resolves once it prints `marker`. */
export function startUntil(file: string, args: string[], marker: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const p = spawn(NODE, [file, ...args], { env: env() });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
      if (out.includes(marker)) resolve(p);
    });
    p.on('exit', (code) => reject(new Error(`child exited ${code} before "${marker}"`)));
  });
}

export function forkWorker(file: string, args: string[], extraEnv: Record<string, string> = {}): ChildProcess {
  return fork(file, args, { execPath: NODE, env: { ...env(), ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'advanced' });
}
