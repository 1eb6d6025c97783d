// Builds out/ with electron-vite only when a source or config file is newer than the last build
// (out/.build-stamp). Used by `npm run serve` and `npm start`; `--force` always builds (npm test).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'out', '.build-stamp');

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

/** Returns the build's exit status (0 when nothing had to be built). */
export function buildIfStale({ force = false, quiet = true } = {}) {
  const sources = Math.max(...['src', 'electron.vite.config.ts', 'scripts/iife-plugin.mjs', 'package.json'].map((f) => newestMtime(path.join(root, f))));
  const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (!force && built > sources && fs.existsSync(path.join(root, 'out/main/serve.js'))) return 0;
  const cli = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const r = spawnSync(process.execPath, [cli, 'build', ...(quiet ? ['--logLevel', 'warn'] : [])], { cwd: root, stdio: 'inherit' });
  if (r.status === 0) fs.writeFileSync(stamp, new Date().toISOString());
  return r.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(buildIfStale({ force: process.argv.includes('--force'), quiet: false }));
}
