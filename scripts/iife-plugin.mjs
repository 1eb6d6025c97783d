// Vite plugin: `import code from './page-script?iife'` gives that module bundled by esbuild into one
// self-contained browser script, as a string. The main process serves such scripts from its own
// pages (the cart-import bridge page) under a CSP of script-src 'self', with no inline script.
// Used by the electron-vite build and by vitest, so sources and out/ serve the same script.
import path from 'node:path';
import * as esbuild from 'esbuild';

const QUERY = '?iife';
const PREFIX = '\0iife:';

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
      const result = await esbuild.build({
        entryPoints: [id.slice(PREFIX.length)],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'chrome120',
        write: false,
        metafile: true,
        legalComments: 'none',
        logLevel: 'silent',
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(path.resolve(input));
      return `export default ${JSON.stringify(result.outputFiles[0].text)};`;
    },
  };
}
