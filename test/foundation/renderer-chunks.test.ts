// The built renderer (out/renderer, from `npm run build`) is split by route: no JS chunk over the
// budget, and what the login page loads (the entry and everything it imports statically) holds
// none of the inventory screen's code — that arrives with the screen's own chunk — and none of antd:
// the entry asks for the session and the first page before the app's code is evaluated.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const OUT = path.resolve(__dirname, '../../out/renderer');
const ASSETS = path.join(OUT, 'assets');
/**
 * 800 kB per chunk (minified, before compression): the largest vendor chunk (antd's components) is
 * about 550 kB today, so the budget leaves room for growth while catching a return to one bundle
 * (3.5 MB) or a library landing whole in one chunk.
 */
const BUDGET_BYTES = 800 * 1000;
/** A string only the inventory screen's code contains (its import button's label key). */
const INVENTORY_ONLY = 'records.action.import';

function built(): string {
  const html = path.join(OUT, 'index.html');
  expect(fs.existsSync(html), 'run `npm run build` before the tests (npm test does)').toBe(true);
  return fs.readFileSync(html, 'utf8');
}

/** The entry script and every chunk reachable from it by static import: what the login page runs. */
function initialChunks(html: string): Set<string> {
  const seen = new Set<string>();
  const todo = [...html.matchAll(/<script type="module"[^>]*src="\.\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  expect(todo.length).toBe(1);
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const code = fs.readFileSync(path.join(ASSETS, f), 'utf8');
    // Static imports only (`from"./x.js"`, `import"./x.js"`); the minifier writes dynamic ones as import(`./x.js`).
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) todo.push(m[1]!);
  }
  return seen;
}

describe('built renderer chunks', () => {
  it('no JS chunk exceeds the budget, and there is more than one', () => {
    built();
    const js = fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
    const sizes = Object.fromEntries(js.map((f) => [f, fs.statSync(path.join(ASSETS, f)).size]));
    expect(js.length).toBeGreaterThan(5);
    expect(Object.entries(sizes).filter(([, n]) => n > BUDGET_BYTES)).toEqual([]);
  });

  it("the login page's chunks hold none of the inventory screen's code; a lazy chunk does", () => {
    const initial = initialChunks(built());
    expect(initial.size).toBeGreaterThan(1);
    const holders = fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(ASSETS, f), 'utf8').includes(INVENTORY_ONLY));
    expect(holders.length).toBeGreaterThan(0);
    expect(holders.filter((f) => initial.has(f))).toEqual([]);
  });

  it('the chart library is its own chunk, loaded by the home screen and never by the login page', () => {
    const initial = initialChunks(built());
    const charts = fs.readdirSync(ASSETS).filter((f) => /^vendor-echarts-.*\.js$/.test(f));
    expect(charts).toHaveLength(1);
    expect(initial.has(charts[0]!)).toBe(false);
    const home = fs.readdirSync(ASSETS).filter((f) => /^HomeScreen-.*\.js$/.test(f));
    expect(home).toHaveLength(1);
    expect(fs.readFileSync(path.join(ASSETS, home[0]!), 'utf8')).toContain(charts[0]!);
  });

  it('the entry neither imports nor preloads antd: the first requests go out before it is fetched and compiled', () => {
    const html = built();
    const initial = initialChunks(html);
    const antd = fs.readdirSync(ASSETS).filter((f) => /^vendor-antd-.*\.js$/.test(f));
    expect(antd.length).toBeGreaterThanOrEqual(2);
    expect(antd.filter((f) => initial.has(f) || html.includes(f))).toEqual([]);
  });
});
