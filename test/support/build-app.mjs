// Bundles the app's browser-mode entry points for the fault tests: `node build-app.mjs OUTDIR
// ENTRY=FILE...`. A separate process because esbuild's plugins (here the `?iife` page scripts the
// main process serves, as scripts/iife-plugin.mjs does for Vite) need its asynchronous API.
import * as esbuild from 'esbuild';

const [outdir, ...entries] = process.argv.slice(2);
const QUERY = '?iife';

const iife = {
  name: 'lab-iife',
  setup(build) {
    build.onResolve({ filter: /\?iife$/ }, async (a) => {
      const r = await build.resolve(a.path.slice(0, -QUERY.length), { resolveDir: a.resolveDir, kind: a.kind });
      if (r.errors.length) return { errors: r.errors };
      return { path: r.path, namespace: 'iife' };
    });
    build.onLoad({ filter: /.*/, namespace: 'iife' }, async (a) => {
      const r = await esbuild.build({ entryPoints: [a.path], bundle: true, format: 'iife', platform: 'browser', target: 'chrome120', write: false, legalComments: 'none', logLevel: 'silent' });
      return { contents: `export default ${JSON.stringify(r.outputFiles[0].text)};`, loader: 'js' };
    });
  },
};

await esbuild.build({
  entryPoints: Object.fromEntries(entries.map((e) => e.split('='))),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  packages: 'external',
  logLevel: 'error',
  plugins: [iife],
});
