// `npm run serve`: browser mode. Rebuilds out/ only when a source or config file is newer than the
// last build, so a start on an unchanged checkout answers /ping in well under a second.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'out', '.build-stamp');

function newestMtime(p) {
  let newest = 0;
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  for (const e of fs.readdirSync(p, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'electron.vite.config.ts')), newestMtime(path.join(root, 'package.json')));
const built = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (sources > built || !fs.existsSync(path.join(root, 'out/main/serve.js'))) {
  const r = spawnSync('electron-vite', ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}
const child = spawn(process.execPath, [path.join(root, 'out/main/serve.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
