// Shared end-to-end fixtures: a browser-mode server on a temp data directory and a free port,
// plus a small API client (real HTTP, cookie session) to seed users and records.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { freePort, portTaken, PORT_TRIES, untilServing } from '../test/support/ports';
export { freePort };

const ROOT = path.resolve(__dirname, '..');
const NODE = path.join(ROOT, 'node_modules', '.bin', 'node');


export interface RunningApp {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
  /** Starts the server again on the same data directory and port (after stop()). */
  restart(): Promise<void>;
}

/**
 * A browser-mode server on a temp data directory. `port` is used as given (a taken one fails the
 * start); otherwise `pickPort` chooses one, again if it was taken before the server could bind it.
 */
export async function startApp(opts: { dataDir?: string; port?: number; env?: Record<string, string>; pickPort?: () => Promise<number> } = {}): Promise<RunningApp> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-'));
  let log = '';
  const app: RunningApp = {
    url: '',
    port: 0,
    dataDir,
    proc: null as unknown as ChildProcess,
    output: () => log,
    async stop() {
      const p = app.proc;
      if (p.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        p.once('exit', () => resolve());
        p.kill('SIGTERM');
        setTimeout(() => p.kill('SIGKILL'), 5000).unref();
      });
    },
    async restart() {
      await launch();
    },
  };
  const launch = async () => {
    const proc = spawn(NODE, [path.join(ROOT, 'out/main/serve.js'), '--data-dir', dataDir, '--port', String(app.port)], {
      cwd: ROOT,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d) => (log += d));
    proc.stderr!.on('data', (d) => (log += d));
    app.proc = proc;
    // This launch's own lines only (a restart's log still holds the first launch's).
    const from = log.length;
    await untilServing(app.url, () => log.slice(from), () => (proc.exitCode ?? proc.signalCode) !== null && { code: proc.exitCode, signal: proc.signalCode }, 60_000); // a hang guard: a loaded machine starts a server in seconds, not milliseconds
  };
  const use = (port: number) => {
    app.port = port;
    app.url = `http://127.0.0.1:${port}`;
  };
  for (let attempt = 1; ; attempt++) {
    use(opts.port ?? (await (opts.pickPort ?? freePort)()));
    try {
      await launch();
      return app;
    } catch (e) {
      if (opts.port !== undefined || attempt >= PORT_TRIES || !portTaken(String(e))) {
        if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
        throw e;
      }
    }
  }
}

/** Real HTTP calls with a cookie session, for seeding data from tests. */
export class ApiSession {
  private cookie = '';
  constructor(readonly baseUrl: string) {}
  async req<T = unknown>(method: string, pathname: string, body?: unknown): Promise<T> {
    const res = await fetch(this.baseUrl + pathname, {
      method,
      headers: { 'x-lab-client': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status} ${text}`);
    return json as T;
  }
  login(username: string, password: string) {
    return this.req('POST', '/api/session', { username, password });
  }
}

export const ADMIN = { username: 'admin', password: 'admin-pass-1', displayName: 'Lab Admin' };
export const MEMBER = { username: 'alice', password: 'alice-pass-1', displayName: '张三 Alice', role: 'member' as const };
export const PUBLIC = { username: 'guest', password: 'guest-pass-1', displayName: 'Public', role: 'public' as const };

/** Creates the admin (first-run setup) plus a member and a public account; returns the admin session. */
export async function seedUsers(app: RunningApp): Promise<ApiSession> {
  const admin = new ApiSession(app.url);
  await admin.req('POST', '/api/setup', ADMIN);
  await admin.req('POST', '/api/users', MEMBER);
  await admin.req('POST', '/api/users', PUBLIC);
  return admin;
}

/**
 * Logs in through the real login form, which opens the home screen; then opens `open` (the
 * inventory unless said otherwise, where most specs start; null stays on the home screen).
 */
export async function loginViaUi(page: import('@playwright/test').Page, app: RunningApp, user: { username: string; password: string }, open: string | null = '/inventory'): Promise<void> {
  await page.goto(app.url + '/#/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('user-menu').waitFor();
  if (open) await page.goto(`${app.url}/#${open}`);
}

/** The same in Simplified Chinese: the UI language is set before the first page loads. */
export async function loginViaUiZh(page: import('@playwright/test').Page, app: RunningApp, user: { username: string; password: string }, open: string | null = '/inventory'): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('lab.language', 'zh-CN'));
  await page.goto(app.url + '/#/login');
  await page.getByLabel('用户名').fill(user.username);
  await page.getByLabel('密码').fill(user.password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.getByTestId('user-menu').waitFor();
  if (open) await page.goto(`${app.url}/#${open}`);
}

/**
 * In one task inside `scope`: clicks the button whose text is `button`, then sets `input` to `value`
 * as typing would (the native setter and an input event), so the form's check started by the click
 * is overtaken by a newer one before it finishes.
 */
export async function clickThenChange(scope: import('@playwright/test').Locator, button: string, input: string, value: string): Promise<void> {
  await scope.evaluate(
    (root, a) => {
      const b = [...root.querySelectorAll('button')].find((x) => x.textContent?.trim() === a.button)!;
      const field = root.querySelector<HTMLInputElement>(a.input)!;
      b.click();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, a.value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    },
    { button, input, value },
  );
}

/** Ticks columns shown on request (a records table's column settings, in the actions column's header) by their titles. */
export async function showColumns(page: import('@playwright/test').Page, titles: string[]): Promise<void> {
  // antd measures column widths with a hidden copy of the titles: the header's button is the one to press.
  await page.locator('thead').getByTestId('column-settings-button').click();
  const panel = page.getByTestId('column-settings');
  for (const title of titles) await panel.getByRole('checkbox', { name: title, exact: true }).check();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
}

/** Picks an action in a records row's "⋯" menu (all but a row's one button: Use, or an order's next step). */
export async function rowMenu(row: import('@playwright/test').Locator, name: string | RegExp): Promise<void> {
  await row.getByTestId('row-more').click();
  await row.page().locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name, exact: typeof name === 'string' }).click();
}

/** Picks a node in a location picker (a TreeSelect): types `search`, clicks the node titled `name`. */
export async function pickLocation(picker: import('@playwright/test').Locator, search: string, name: string): Promise<void> {
  await picker.click();
  await picker.locator('input').fill(search);
  await picker.page().locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-title', { hasText: name }).first().click();
}

/** Picks a status (or group) in a records list's status filter by its label. */
export async function pickStatus(page: import('@playwright/test').Page, label: string): Promise<void> {
  await page.getByTestId('status-filter').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(label, { exact: true }).click();
}

/** Playwright fixture: `app` is a fresh browser-mode server per test, stopped afterwards. */
export const test = base.extend<{ app: RunningApp }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
  app: async ({}, use) => {
    const app = await startApp();
    await use(app);
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  },
});
export { expect } from '@playwright/test';
