// Builds out/ with electron-vite only when a source or config file is newer than the build's
// outputs. Used by `npm run serve` and `npm start`; `--force` always builds (npm test). The check
// reads the outputs' own times (no stamp file), so any build — `npm run build` included — counts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
/** What the build reads. */
export const SOURCES = ['src', 'electron.vite.config.ts', 'scripts/iife-plugin.mjs', 'package.json'];
/** One file every build rewrites in each of electron-vite's three outputs (main, preload, renderer). */
export const OUTPUTS = ['out/main/serve.js', 'out/main/index.js', 'out/preload/index.js', 'out/renderer/index.html'];

function newestMtime(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const e of fs.readdirSync(p, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

/** True when out/ is missing an output or a source changed after the oldest of them was written. */
export function isStale(root = ROOT) {
  const sources = Math.max(...SOURCES.map((f) => newestMtime(path.join(root, f))));
  const built = Math.min(...OUTPUTS.map((f) => fs.statSync(path.join(root, f), { throwIfNoEntry: false })?.mtimeMs ?? 0));
  return built <= sources;
}

/** Returns the build's exit status (0 when nothing had to be built). */
export function buildIfStale({ force = false, quiet = true } = {}) {
  if (!force && !isStale()) return 0;
  const cli = path.join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const r = spawnSync(process.execPath, [cli, 'build', ...(quiet ? ['--logLevel', 'warn'] : [])], { cwd: ROOT, stdio: 'inherit' });
  return r.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(buildIfStale({ force: process.argv.includes('--force'), quiet: false }));
}
