// `npm start`: builds, then starts the desktop app. Where the Electron binary is missing (it cannot
// be downloaded on every machine) it says so in one line and starts browser mode instead.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const build = spawnSync('electron-vite', ['build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);

let electronBinary = null;
try {
  const candidate = createRequire(import.meta.url)('electron');
  if (typeof candidate === 'string' && fs.existsSync(candidate)) electronBinary = candidate;
} catch {
  /* node_modules/electron has no binary */
}

const child = electronBinary
  ? spawn(electronBinary, [root, ...args], { cwd: root, stdio: 'inherit' })
  : (console.log('The Electron runtime is not installed on this machine, so Lab Desktop starts in browser mode instead: open the URL below in a browser.'),
    spawn(process.execPath, [path.join(root, 'out/main/serve.js'), ...args], { cwd: root, stdio: 'inherit' }));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
