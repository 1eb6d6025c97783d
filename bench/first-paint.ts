// First paint and search-as-you-type of the inventory screen in browser mode, at the size of a big
// lab: 100 000 items seeded straight into lab.db (one transaction), then the built server (out/)
// started on that data directory and driven with Chromium.
//   (a) navigation to `/#/inventory` until the first table row shows: a fresh context each run
//       (cold cache) and a second navigation in the same context (warm cache), timed in the page
//       (performance.now() is relative to the navigation's start);
//   (b) typing a term into the search box (key by key, a fast typist) until the table shows exactly
//       that term's first page (row keys as the API answers them), from the last keystroke, over
//       words, CAS numbers with and without hyphens, Chinese, rare words and a term with no match;
//   (c) the JS/CSS the page fetched: sizes over the wire and decoded, and what came from the cache.
// The server's own list time per term (Node fetch, same query) is shown for the share it takes.
// Prints a Markdown table with met / NOT met per target and writes bench-results/first-paint.json.
// Run: npm run bench:first-paint [-- --items 100000 --runs 9 --searches 24 --db <seeded dir>] (builds out/ first if a
// source is newer; KEEP=1 keeps the seeded data directory for --db).
import { sqliteLabData } from '../src/main/stores/lab-data';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../playwright.config';
import { ADMIN, startApp } from '../e2e/fixtures';
import { openDatabases } from '../src/main/db/databases';
import { AuthService } from '../src/main/auth/auth-service';
import { inventoryRowValues, insertItem } from '../src/main/records/inventory-service';
import { sampleItems } from '../test/fixtures/records/sample-data';
import { waitForCompletionRebuild } from './startup-rebuild';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ITEMS = Number(arg('items') ?? 100_000);
const RUNS = Number(arg('runs') ?? 9);
const SEARCHES = Number(arg('searches') ?? 24);
/** Milliseconds between keystrokes: a fast typist. */
const KEY_DELAY = 60;
const TARGETS = { firstRowMs: 1000, searchP95Ms: 100 };
const ROW = '.ant-table-tbody tr.ant-table-row';

/** Search terms by kind; consecutive terms must give different first pages (checked below). */
const TERMS: Array<{ kind: string; term: string }> = [
  { kind: 'word', term: 'acid' },
  { kind: 'CAS', term: '64-17-5' },
  { kind: 'Chinese', term: '氯化钠' },
  { kind: 'rare word', term: 'xanthene' },
  { kind: 'word', term: 'chloride' },
  { kind: 'Chinese', term: '乙醇' },
  { kind: 'no match', term: 'qqzzxv' },
  { kind: 'CAS no hyphens', term: '7647145' },
  { kind: 'word', term: 'sodium' },
  { kind: 'Chinese', term: '甲醇' },
  { kind: 'rare word', term: 'anthracene' },
  { kind: 'CAS', term: '67-56-1' },
];

/** Seeds `items` inventory rows through the records service, in one transaction. */
async function seed(dir: string, items: number): Promise<void> {
  const dbs = openDatabases(dir);
  const data = sqliteLabData(dbs.lab, dbs.labRead);
  const admin = await new AuthService(data).setup({ username: ADMIN.username, password: ADMIN.password, displayName: ADMIN.displayName });
  const t = performance.now();
  const rows = sampleItems(items);
  await data.withWriteTransaction(async (tx) => {
    for (const it of rows) await insertItem(tx, inventoryRowValues(it, it.cas_number), admin, { action: 'import' });
  });
  dbs.lab.pragma('optimize');
  dbs.close();
  console.log(`seeded ${items} inventory rows in ${(performance.now() - t).toFixed(0)} ms`);
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]! : NaN;
};
const stats = (xs: number[]) => ({ p50: quantile(xs, 0.5), p95: quantile(xs, 0.95), min: Math.min(...xs), max: Math.max(...xs), n: xs.length });

interface Asset {
  name: string;
  type: string;
  transferBytes: number;
  encodedBytes: number;
  decodedBytes: number;
}

/** The scripts and stylesheets the page loaded (transfer 0: served from the browser's cache). */
async function assets(page: Page): Promise<Asset[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.(js|css)(\?|$)/.test(e.name))
      .map((e) => ({ name: new URL(e.name).pathname, type: e.initiatorType, transferBytes: e.transferSize, encodedBytes: e.encodedBodySize, decodedBytes: e.decodedBodySize })),
  );
}

/** Navigates to the inventory screen; ms from the navigation's start to the first table row. */
async function firstRow(page: Page, url: string): Promise<number> {
  await page.goto(`${url}/#/inventory`, { waitUntil: 'commit' });
  const h = await page.waitForFunction((sel) => document.querySelector(sel) && performance.now(), ROW, { polling: 'raf', timeout: 30_000 });
  return (await h.jsonValue()) as number;
}

/** Installs the in-page clock: the last input event's time, and when the rows last changed. */
async function watchTable(page: Page): Promise<void> {
  await page.evaluate((sel) => {
    const w = window as unknown as { __bench: { lastInput: number; keys: string; at: number } };
    w.__bench = { lastInput: 0, keys: '', at: 0 };
    const note = () => {
      const keys = Array.from(document.querySelectorAll(sel), (r) => r.getAttribute('data-row-key')).join(',');
      if (keys !== w.__bench.keys) w.__bench = { ...w.__bench, keys, at: performance.now() };
    };
    document.addEventListener('input', () => (w.__bench.lastInput = performance.now()), true);
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-row-key'] });
    note();
  }, ROW);
}

interface Typed {
  /** Last keystroke → the table shows the term's rows. */
  ms: number;
  /** Of which: last keystroke → the term's list request sent (waiting for one in flight). */
  waitMs: number;
  /** The term's list request, sent → answered (loopback and the server's work). */
  requestMs: number;
  /** Answer → rows on screen (parsing and React/antd rendering). */
  renderMs: number;
}

/** Types `term` over the box's text; times from the last keystroke until the rows are `expected`. */
async function search(page: Page, term: string, expected: string): Promise<Typed> {
  const box = page.getByTestId('list-search');
  await box.click();
  await page.evaluate(() => performance.clearResourceTimings());
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(term, { delay: KEY_DELAY });
  const h = await page.waitForFunction(
    (want) => {
      const b = (window as unknown as { __bench: { lastInput: number; keys: string; at: number } }).__bench;
      return b.keys === want && b.at >= 0 && { at: b.at, lastInput: b.lastInput };
    },
    expected,
    { polling: 'raf', timeout: 30_000 },
  );
  const { at, lastInput } = (await h.jsonValue()) as { at: number; lastInput: number };
  const req = await page.evaluate(
    (t) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname === '/api/inventory/' && new URL(e.name).searchParams.get('search') === t)
        .map((e) => ({ start: e.startTime, end: e.responseEnd }))
        .at(-1),
    term,
  );
  // The rows may already have matched before the last key (a prefix with the same first page).
  const ms = Math.max(0, at - lastInput);
  if (!req || ms === 0) return { ms, waitMs: 0, requestMs: 0, renderMs: 0 };
  return { ms, waitMs: Math.max(0, req.start - lastInput), requestMs: req.end - req.start, renderMs: Math.max(0, at - req.end) };
}

async function main(): Promise<void> {
  const given = arg('db');
  const dir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-first-paint-'));
  if (!given) await seed(dir, ITEMS);
  const app = await startApp({ dataDir: dir });
  // Timed after the app's start-up completion rebuild (bench/startup-rebuild.ts).
  const startupRebuildMs = await waitForCompletionRebuild(dir);
  let browser: Browser | null = null;
  try {
    const login = await fetch(`${app.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lab-client': '1' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    const [name, value] = login.headers.get('set-cookie')!.split(';')[0]!.split('=') as [string, string];
    const api = async (search: string) => {
      const t = performance.now();
      const res = await fetch(`${app.url}/api/inventory/?search=${encodeURIComponent(search)}&field=all&status=&sort=&page=1&pageSize=20`, { headers: { 'x-lab-client': '1', cookie: `${name}=${value}` } });
      const body = (await res.json()) as { rows: Array<{ id: number }>; total: number };
      return { ms: performance.now() - t, keys: body.rows.map((r) => String(r.id)).join(','), total: body.total };
    };
    const expected = new Map<string, { keys: string; total: number; serverMs: number[] }>();
    for (const { term } of TERMS) {
      await api(term);
      const runs = [await api(term), await api(term), await api(term)];
      expected.set(term, { keys: runs[0]!.keys, total: runs[0]!.total, serverMs: runs.map((r) => r.ms) });
    }
    const blank = await api('');
    for (let i = 0; i < TERMS.length; i++) {
      const prev = i ? expected.get(TERMS[i - 1]!.term)!.keys : blank.keys;
      if (expected.get(TERMS[i]!.term)!.keys === prev) throw new Error(`"${TERMS[i]!.term}" shows the same first page as the term before it; pick another`);
    }

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    // A returning user: the session cookie and the app's last-user note in localStorage, as a
    // sign-in through the form leaves them; the browser's HTTP cache starts empty.
    const me = (await (await fetch(`${app.url}/api/users/me`, { headers: { 'x-lab-client': '1', cookie: `${name}=${value}` } })).json()) as { id: number; username: string; displayName: string; role: string };
    const lastUser = JSON.stringify({ id: me.id, username: me.username, displayName: me.displayName, role: me.role });
    const newContext = (): Promise<BrowserContext> =>
      browser!.newContext({
        locale: 'en-US',
        viewport: { width: 1440, height: 900 },
        storageState: {
          cookies: [{ name, value, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Strict' }],
          origins: [{ origin: app.url, localStorage: [{ name: 'lab.auth.lastUser', value: lastUser }] }],
        },
      });
    const cold: number[] = [];
    const warm: number[] = [];
    let coldAssets: Asset[] = [];
    let warmAssets: Asset[] = [];
    for (let r = 0; r < RUNS; r++) {
      const context = await newContext();
      const page = await context.newPage();
      cold.push(await firstRow(page, app.url));
      coldAssets = await assets(page);
      await page.goto('about:blank');
      warm.push(await firstRow(page, app.url));
      warmAssets = await assets(page);
      await context.close();
    }

    const context = await newContext();
    const page = await context.newPage();
    await firstRow(page, app.url);
    await watchTable(page);
    await page.evaluate(() => performance.setResourceTimingBufferSize(10_000));
    const typed: Array<{ kind: string; term: string } & Typed> = [];
    for (let i = 0; i < SEARCHES; i++) {
      const { kind, term } = TERMS[i % TERMS.length]!;
      typed.push({ kind, term, ...(await search(page, term, expected.get(term)!.keys)) });
    }
    await context.close();

    const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
    const coldS = stats(cold);
    const warmS = stats(warm);
    const typedS = stats(typed.map((x) => x.ms));
    // A prefix of the term may already show its first page (0 ms): counted, and shown without them.
    const early = typed.filter((x) => x.ms === 0).length;
    const changed = typed.filter((x) => x.ms > 0);
    const changedS = stats(changed.map((x) => x.ms));
    const part = (k: 'waitMs' | 'requestMs' | 'renderMs') => stats(changed.map((x) => x[k]));
    const parts = { wait: part('waitMs'), request: part('requestMs'), render: part('renderMs') };
    const serverS = stats([...expected.values()].flatMap((e) => e.serverMs));
    const kb = (b: number) => (b / 1024).toFixed(1);
    const sum = (xs: Asset[], k: keyof Asset) => xs.reduce((s, a) => s + Number(a[k]), 0);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const md = [
      `First paint, inventory screen, ${ITEMS} items, browser mode, timed after the server's start-up completion rebuild (${(startupRebuildMs / 1000).toFixed(1)} s); load average ${load}; ${os.cpus().length} cores.`,
      '',
      '| measure | p50 | p95 | min–max | n | target | verdict |',
      '|---|---|---|---|---|---|---|',
      `| navigation → first row, cold cache | ${coldS.p50.toFixed(0)} ms | ${coldS.p95.toFixed(0)} ms | ${coldS.min.toFixed(0)}–${coldS.max.toFixed(0)} ms | ${coldS.n} | p50 ≤ ${TARGETS.firstRowMs} ms | ${verdict(coldS.p50 <= TARGETS.firstRowMs)} |`,
      `| navigation → first row, warm cache | ${warmS.p50.toFixed(0)} ms | ${warmS.p95.toFixed(0)} ms | ${warmS.min.toFixed(0)}–${warmS.max.toFixed(0)} ms | ${warmS.n} | p50 ≤ ${TARGETS.firstRowMs} ms | ${verdict(warmS.p50 <= TARGETS.firstRowMs)} |`,
      `| last keystroke → table shows the term's rows | ${typedS.p50.toFixed(0)} ms | ${typedS.p95.toFixed(0)} ms | ${typedS.min.toFixed(0)}–${typedS.max.toFixed(0)} ms | ${typedS.n} | p95 ≤ ${TARGETS.searchP95Ms} ms | ${verdict(typedS.p95 <= TARGETS.searchP95Ms)} |`,
      `| the same, only searches whose rows changed after the last keystroke (${early} of ${typedS.n} were right already) | ${changedS.p50.toFixed(0)} ms | ${changedS.p95.toFixed(0)} ms | ${changedS.min.toFixed(0)}–${changedS.max.toFixed(0)} ms | ${changedS.n} | p95 ≤ ${TARGETS.searchP95Ms} ms | ${verdict(changedS.p95 <= TARGETS.searchP95Ms)} |`,
      `| … of which waiting for a request in flight | ${parts.wait.p50.toFixed(0)} ms | ${parts.wait.p95.toFixed(0)} ms | ${parts.wait.min.toFixed(0)}–${parts.wait.max.toFixed(0)} ms | ${parts.wait.n} | — | — |`,
      `| … of which the term's list request (loopback + server) | ${parts.request.p50.toFixed(0)} ms | ${parts.request.p95.toFixed(0)} ms | ${parts.request.min.toFixed(0)}–${parts.request.max.toFixed(0)} ms | ${parts.request.n} | — | — |`,
      `| … of which answer → rows on screen | ${parts.render.p50.toFixed(0)} ms | ${parts.render.p95.toFixed(0)} ms | ${parts.render.min.toFixed(0)}–${parts.render.max.toFixed(0)} ms | ${parts.render.n} | — | — |`,
      `| server list request (Node fetch, same terms) | ${serverS.p50.toFixed(1)} ms | ${serverS.p95.toFixed(1)} ms | ${serverS.min.toFixed(1)}–${serverS.max.toFixed(1)} ms | ${serverS.n} | — | — |`,
      '',
      '| search kind | term | total | server p50 | typed → rows (each run) |',
      '|---|---|---|---|---|',
      ...TERMS.map(({ kind, term }) => {
        const e = expected.get(term)!;
        return `| ${kind} | ${term} | ${e.total} | ${quantile(e.serverMs, 0.5).toFixed(1)} ms | ${typed.filter((x) => x.term === term).map((x) => x.ms.toFixed(0)).join(', ')} ms |`;
      }),
      '',
      `Assets on a cold load: ${coldAssets.length} files, ${kb(sum(coldAssets, 'transferBytes'))} kB over the wire, ${kb(sum(coldAssets, 'decodedBytes'))} kB decoded; warm load: ${kb(sum(warmAssets, 'transferBytes'))} kB over the wire (${warmAssets.filter((a) => a.transferBytes === 0).length} of ${warmAssets.length} from the cache without a request).`,
      '',
      '| asset | cold: wire / decoded kB | warm: wire kB |',
      '|---|---|---|',
      ...coldAssets.map((a) => `| ${a.name} | ${kb(a.transferBytes)} / ${kb(a.decodedBytes)} | ${kb(warmAssets.find((w) => w.name === a.name)?.transferBytes ?? NaN)} |`),
    ].join('\n');
    console.log(md);
    fs.mkdirSync('bench-results', { recursive: true });
    const result = { items: ITEMS, load, cores: os.cpus().length, targets: TARGETS, keyDelayMs: KEY_DELAY, cold: { ...coldS, times: cold }, warm: { ...warmS, times: warm }, typed: { ...typedS, rightAtLastKey: early, changedAfterLastKey: changedS, parts, runs: typed }, server: { ...serverS, byTerm: Object.fromEntries(expected) }, assets: { cold: coldAssets, warm: warmAssets } };
    fs.writeFileSync('bench-results/first-paint.json', JSON.stringify(result, null, 2));
    fs.writeFileSync('bench-results/first-paint.md', md + '\n');
  } finally {
    await browser?.close();
    await app.stop();
    if (!given && !process.env.KEEP) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`data directory: ${dir}`);
  }
}

void main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
);
