// `npm run serve` / `npm start` rebuild out/ only when a source is newer than the build. A plain
// `npm run build` (electron-vite build, which writes no marker of its own) must count as a build,
// so serve right after it starts at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isStale, OUTPUTS, SOURCES } from '../../scripts/build-if-stale.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function write(root: string, rel: string, at: number): void {
  const p = path.join(root, rel, SOURCES.includes(rel) && !path.extname(rel) ? 'a.ts' : '');
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, 'x');
  fs.utimesSync(p, at, at);
}

/** A checkout whose sources were written at `t` and whose out/ (exactly what electron-vite writes) at `t + 60`. */
function checkout(): { root: string; t: number } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-stale-'));
  dirs.push(root);
  const t = Math.floor(Date.now() / 1000) - 3600;
  for (const s of SOURCES as string[]) write(root, s, t);
  for (const o of OUTPUTS as string[]) write(root, o, t + 60);
  return { root, t };
}

describe('build-if-stale', () => {
  it('a build newer than every source is up to date, with no stamp file', () => {
    const { root } = checkout();
    expect(fs.existsSync(path.join(root, 'out/.build-stamp'))).toBe(false);
    expect(isStale(root)).toBe(false);
  });

  it('a source edited after the build, or a missing output, means rebuild', () => {
    const a = checkout();
    write(a.root, 'src', a.t + 120);
    expect(isStale(a.root)).toBe(true);
    const b = checkout();
    fs.rmSync(path.join(b.root, 'out/renderer/index.html'));
    expect(isStale(b.root)).toBe(true);
  });

  it('this checkout after `npm run build` (npm test builds first) is up to date', () => {
    expect(isStale()).toBe(false);
  });
});
