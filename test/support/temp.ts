// Test support: temp data directories, free loopback ports, and running services for real.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { startServices, type RunningApp, type StartOptions } from '../../src/main/app-services';
import { freePort } from './ports';
export { freePort };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

export function onCleanup(fn: () => Promise<void> | void): void {
  cleanups.push(fn);
}

export function tempDir(prefix = 'lab-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}


/** Starts the real services (databases, HTTP on loopback) on a temp data directory. */
export async function startTestServices(opts: Partial<StartOptions> = {}): Promise<RunningApp> {
  const s = await startServices({ dataDir: opts.dataDir ?? tempDir(), mode: 'browser', version: '9.9.9-test', port: opts.port ?? (await freePort()), ...opts });
  onCleanup(() => s.close());
  return s;
}

export const ADMIN = { username: 'admin', password: 'admin-pass-1', displayName: 'Admin' };

/** Creates the first admin and returns a logged-in session token. */
export async function setupAdmin(s: RunningApp): Promise<string> {
  await s.data.auth.setup(ADMIN);
  return (await s.data.auth.login(ADMIN.username, ADMIN.password)).token;
}

export function sessionFor(token: string | null) {
  let t = token;
  return { get token() { return t; }, set: (x: string) => void (t = x), clear: () => void (t = null) };
}

export const ROOT = path.resolve(__dirname, '../..');
export const NODE = path.join(ROOT, 'node_modules/.bin/node');
