// Bundles serve.js and maintenance-worker.js from src into the folder given as argv[2] (called
// synchronously by app-process.ts). A script of its own because the `?iife` page-script imports
// (scripts/iife-plugin.mjs in vite) need an esbuild plugin, which only the async API runs.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');
const QUERY = '?iife';

/** `import code from './x?iife'`: the module bundled into one browser script, as a string. */
const iife = {
  name: 'lab-iife',
  setup(b) {
    b.onResolve({ filter: /\?iife$/ }, (a) => ({ path: path.resolve(a.resolveDir, a.path.slice(0, -QUERY.length)), namespace: 'iife' }));
    b.onLoad({ filter: /.*/, namespace: 'iife' }, async (a) => {
      const entry = ['', '.ts', '.tsx'].map((x) => a.path + x).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      const r = await esbuild.build({ entryPoints: [entry], bundle: true, format: 'iife', platform: 'browser', target: 'chrome120', write: false, legalComments: 'none', logLevel: 'silent' });
      return { contents: `export default ${JSON.stringify(r.outputFiles[0].text)};`, loader: 'js' };
    });
  },
};

await esbuild.build({
  entryPoints: { serve: path.join(ROOT, 'src/main/serve.ts'), 'maintenance-worker': path.join(ROOT, 'src/main/worker/maintenance-worker.ts') },
  outdir: process.argv[2],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  packages: 'external',
  plugins: [iife],
  logLevel: 'silent',
});
