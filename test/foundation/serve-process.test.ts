// Browser mode as a real process: starts on an empty directory, refuses a second process on the
// same directory, and says plainly when the port is taken (never moving to another port).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE, ROOT, freePort, onCleanup, tempDir } from '../support/temp';

const SERVE = path.join(ROOT, 'out/main/serve.js');

function run(args: string[]): { done: Promise<{ code: number | null; out: string }>; kill: () => void; out: () => string } {
  let out = '';
  const p = spawn(NODE, [SERVE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  p.stdout.on('data', (d) => (out += d));
  p.stderr.on('data', (d) => (out += d));
  const done = new Promise<{ code: number | null; out: string }>((resolve) => p.on('exit', (code) => resolve({ code, out })));
  onCleanup(() => {
    p.kill('SIGKILL');
  });
  return { done, kill: () => p.kill('SIGTERM'), out: () => out };
}

async function waitPing(port: number): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ping`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no /ping');
}

describe('npm run serve (browser mode process)', () => {
  it('answers /ping on an empty data directory and refuses a second process on that directory', async () => {
    const dir = tempDir();
    const port = await freePort();
    const first = run(['--data-dir', dir, '--port', String(port)]);
    await waitPing(port);
    expect(first.out()).toContain(`http://127.0.0.1:${port}/`);
    const second = run(['--data-dir', dir, '--port', String(await freePort())]);
    const r = await second.done;
    expect(r.code).toBe(3);
    expect(r.out).toContain(`The data directory ${dir} is already in use`);
    expect(r.out).toMatch(/pid \d+/);
    first.kill();
    expect((await first.done).code).toBe(0);
  });

  it('stops on SIGTERM while a window holds the live event stream open (the home screen always does)', async () => {
    const port = await freePort();
    const app = run(['--data-dir', tempDir(), '--port', String(port)]);
    await waitPing(port);
    const setup = await fetch(`http://127.0.0.1:${port}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lab-client': '1' },
      body: JSON.stringify({ username: 'admin', password: 'admin-pass-1', displayName: 'Admin' }),
    });
    expect(setup.ok).toBe(true);
    const cookie = setup.headers.get('set-cookie')!.split(';')[0]!;
    const events = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { cookie } });
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const reader = events.body!.getReader();
    await reader.read(); // ": connected"
    app.kill();
    // Without its own end the server waited for the stream forever (the launcher's SIGKILL ended it).
    const exited = await Promise.race([app.done.then((r) => r.code), new Promise<string>((r) => setTimeout(() => r('still running'), 20_000))]);
    expect(exited).toBe(0);
    // The stream was ended by the server, not cut.
    await expect(reader.read()).resolves.toMatchObject({ done: true });
  });

  it('a taken port is reported plainly and the app does not move to another port', async () => {
    const port = await freePort();
    const blocker = net.createServer().listen(port, '127.0.0.1');
    onCleanup(() => void blocker.close());
    await new Promise((r) => blocker.once('listening', r));
    const r = await run(['--data-dir', tempDir(), '--port', String(port)]).done;
    expect(r.code).toBe(3);
    expect(r.out).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(r.out).not.toMatch(/is running at/);
  });
});

describe('npm start without the Electron binary', () => {
  it('says so in one plain line and starts browser mode instead', async () => {
    const port = await freePort();
    const emptyDist = tempDir('no-electron-');
    let out = '';
    const p = spawn(NODE, [path.join(ROOT, 'scripts/start.mjs'), '--data-dir', tempDir(), '--port', String(port)], {
      cwd: ROOT,
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: emptyDist, PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    onCleanup(() => void p.kill('SIGKILL'));
    await waitPing(port);
    const lines = out.split('\n').filter((l) => l.includes('Electron runtime is not installed'));
    expect(lines).toHaveLength(1);
    expect(out).toContain(`is running at http://127.0.0.1:${port}/`);
    expect(out).not.toContain('Downloading Electron');
    p.kill('SIGTERM');
  }, 120_000);
});
