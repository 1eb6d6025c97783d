// `npm run bench:records`: bundles bench/records-search.ts with the app's `?iife` plugin (the
// server serves a bundled page script) and runs it with the given arguments.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { iifeEsbuildPlugin } from '../scripts/iife-plugin.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, '.tmp/bench/records-search.cjs');
await esbuild.build({ entryPoints: [path.join(root, 'bench/records-search.ts')], bundle: true, platform: 'node', format: 'cjs', packages: 'external', logLevel: 'warning', outfile, plugins: [iifeEsbuildPlugin()] });
const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
