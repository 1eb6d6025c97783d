// `npm start`: builds, then starts the desktop app. Where the Electron binary is missing (it cannot
// be downloaded on every machine) it says so in one line and starts browser mode instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const status = buildIfStale();
if (status !== 0) process.exit(status);

// Look for the binary without require('electron'): that would try to download it.
function installedElectron() {
  const pkgDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = path.join(pkgDir, 'path.txt');
  const rel = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : 'electron';
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(pkgDir, 'dist');
  const bin = path.join(dist, rel);
  return fs.existsSync(pathFile) || process.env.ELECTRON_OVERRIDE_DIST_PATH ? (fs.existsSync(bin) ? bin : null) : null;
}
const electronBinary = installedElectron();

const child = electronBinary
  ? spawn(electronBinary, [root, ...args], { cwd: root, stdio: 'inherit' })
  : (console.log('The Electron runtime is not installed on this machine (npx install-electron fetches it where downloads work), so Lab Desktop starts in browser mode instead: open the URL below in a browser.'),
    spawn(process.execPath, [path.join(root, 'out/main/serve.js'), ...args], { cwd: root, stdio: 'inherit' }));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
