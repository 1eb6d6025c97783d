/// <reference types="chrome" />
// Support for the cart-import end-to-end tests: the fixture supplier site, a build of the real
// extension with the test's own env file, and Debian Chromium with that unpacked extension loaded.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, CONTEXT_OPTIONS } from '../playwright.config';

const ROOT = path.resolve(__dirname, '..');
const NODE = path.join(ROOT, 'node_modules', '.bin', 'node');

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  worker: Worker;
  dir: string;
  openPopup(): Promise<Page>;
  /** The batch the popup saved in chrome.storage.local (import_batch_latest). */
  storedBatch(): Promise<{ batch_id: string; created_at: string; items: Array<Record<string, unknown>> } | undefined>;
  setStoredBatch(batch: unknown): Promise<void>;
  close(): Promise<void>;
}

export function buildTestExtension(opts: { systemUrl: string; fixtureUrl: string; detailTimeoutMs?: number }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-ext-e2e-'));
  const env = path.join(dir, 'test.env');
  fs.writeFileSync(env, `SYSTEM_URL=${opts.systemUrl}\nSUPPLIERS=macklin,aladdin\nFIXTURE_SUPPLIER_URL=${opts.fixtureUrl}\nDETAIL_TIMEOUT_MS=${opts.detailTimeoutMs ?? 1500}\n`);
  const out = path.join(dir, 'unpacked');
  const r = spawnSync(NODE, [path.join(ROOT, 'scripts/build-extension.mjs'), '--env', env, '--out', out, '--no-zip'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`extension build failed: ${r.stderr}${r.stdout}`);
  return out;
}

/** `extraArgs`: further Chromium switches (e.g. a host mapping to the fixture site). */
export async function launchWithExtension(extDir: string, extraArgs: string[] = []): Promise<ExtensionBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    locale: 'en-US',
    ...CONTEXT_OPTIONS,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`, ...extraArgs],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  const eb: ExtensionBrowser = {
    context,
    extensionId,
    worker,
    dir: extDir,
    async openPopup() {
      const p = await context.newPage();
      await p.goto(`chrome-extension://${extensionId}/popup.html`);
      return p;
    },
    storedBatch: () => worker.evaluate(async () => (await chrome.storage.local.get('import_batch_latest')).import_batch_latest) as ReturnType<ExtensionBrowser['storedBatch']>,
    setStoredBatch: (batch) => worker.evaluate(async (b) => chrome.storage.local.set({ import_batch_latest: b }), batch),
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
      // The build buildTestExtension made for this browser alone (each launch builds its own).
      const build = path.dirname(extDir);
      if (path.basename(build).startsWith('lab-ext-e2e-')) fs.rmSync(build, { recursive: true, force: true });
    },
  };
  return eb;
}

/**
 * A throw-away self-signed certificate for `host`, so the fixture site can stand in for a real
 * supplier's https origin (Chromium maps the host to it and ignores the certificate).
 */
export function selfSignedCert(host: string): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-cert-'));
  try {
    const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr}`);
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Ticks the popup's rows whose names are given (in any order). */
export async function selectRows(popup: Page, names: string[]): Promise<void> {
  for (const n of names) await popup.locator('#rows li', { has: popup.locator('.row-name', { hasText: n }) }).getByRole('checkbox').check();
}
