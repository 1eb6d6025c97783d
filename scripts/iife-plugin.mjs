// Vite plugin: `import code from './page-script?iife'` gives that module bundled by esbuild into one
// self-contained browser script, as a string. The main process serves such scripts from its own
// pages (the cart-import bridge page) under a CSP of script-src 'self', with no inline script.
// Used by the electron-vite build and by vitest (and, as an esbuild plugin, by the fault tests'
// bundle of the app), so sources and out/ serve the same script.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const QUERY = '?iife';
const PREFIX = '\0iife:';

/** One module bundled into a self-contained browser script: its text and the files it was made of. */
export async function bundleBrowserScript(entry) {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return { text: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs).map((i) => path.resolve(i)) };
}

/** The same for esbuild builds of the main process (the fault tests bundle the app from src). */
export function iifeEsbuildPlugin() {
  return {
    name: 'lab-iife',
    setup(build) {
      build.onResolve({ filter: /\?iife$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.slice(0, -QUERY.length)), namespace: 'lab-iife' }));
      build.onLoad({ filter: /.*/, namespace: 'lab-iife' }, async (args) => {
        const file = [args.path, `${args.path}.ts`].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
        if (!file) throw new Error(`iife: cannot resolve ${args.path}`);
        const { text, inputs } = await bundleBrowserScript(file);
        return { contents: `export default ${JSON.stringify(text)};`, loader: 'js', watchFiles: inputs };
      });
    },
  };
}

export function iifePlugin() {
  return {
    name: 'lab-iife',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      if (!resolved) throw new Error(`iife: cannot resolve ${source} from ${importer}`);
      return PREFIX + resolved.id;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { text, inputs } = await bundleBrowserScript(id.slice(PREFIX.length));
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(text)};`;
    },
  };
}
