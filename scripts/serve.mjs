// `npm run serve`: browser mode. Rebuilds out/ only when sources changed since the last build, so a
// start on an unchanged checkout answers /ping in well under a second.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const status = buildIfStale();
if (status !== 0) process.exit(status);
const child = spawn(process.execPath, [path.join(root, 'out/main/serve.js'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
