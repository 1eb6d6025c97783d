// Builds main (shell, browser-mode server, worker, CLIs), the sandboxed preload (one bundled file)
// and the React renderer into out/.
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { iifePlugin } from './scripts/iife-plugin.mjs';

const pkg = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string };
/** Largest renderer JS chunk allowed, in kB (checked after every build by a test). */
const RENDERER_CHUNK_BUDGET_KB = 800;
const nm = (pkgs: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${pkgs})[\\\\/]`);
/**
 * Vendor chunks by library. A group also takes the dependencies of what it captures, so the shared
 * bases come first (higher priority): react, then antd's component and style base, then icons and
 * antd itself (each alone would exceed the budget with its base), i18n, the rest.
 */
const VENDOR_CHUNKS = [
  { name: 'vendor-react', test: nm('react|react-dom|scheduler|react-router|react-router-dom'), priority: 50 },
  { name: 'vendor-antd-base', test: nm('@rc-component|rc-[^\\\\/]+|@ant-design/(?!icons)[^\\\\/]+|@babel|dayjs|@emotion|stylis|classnames|clsx'), priority: 40 },
  { name: 'vendor-antd-icons', test: nm('@ant-design/icons|@ant-design/icons-svg'), priority: 35 },
  { name: 'vendor-antd', test: nm('antd'), priority: 30 },
  { name: 'vendor-i18n', test: nm('i18next|react-i18next|html-parse-stringify|void-elements'), priority: 20 },
  // Charts: only the home screen imports them, so this chunk loads with that screen, never at login.
  { name: 'vendor-echarts', test: nm('echarts|zrender'), priority: 15 },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 10 },
];
const define = { __APP_VERSION__: JSON.stringify(pkg.version) };

export default defineConfig({
  main: {
    define,
    // Page scripts the main process serves (the cart-import bridge page's), bundled as strings.
    plugins: [iifePlugin()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/shell/electron-main.ts'),
          serve: resolve(__dirname, 'src/main/serve.ts'),
          'maintenance-worker': resolve(__dirname, 'src/main/worker/maintenance-worker-entry.ts'),
          'db-worker': resolve(__dirname, 'src/main/backup/db-worker-entry.ts'),
          'import-worker': resolve(__dirname, 'src/main/bulk-import/import-worker-entry.ts'),
          bench: resolve(__dirname, 'bench/completion-bench.ts'),
          'backup-cli': resolve(__dirname, 'src/main/backup/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require packages: bundle zod and the contract into it.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    define,
    plugins: [react()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // Minified: the window loads it from disk or loopback, but parsing 3 MB of unminified code was
      // most of the first paint. Source maps stay off (the app ships no debugging aids).
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // Vendor code in a few long-lived chunks by library; the app's own screens and dialogs are
        // split by route with dynamic import() (src/renderer/app/lazy.tsx).
        output: { codeSplitting: { groups: VENDOR_CHUNKS } },
      },
      // Every chunk stays under the budget that test/foundation/renderer-chunks.test.ts enforces.
      chunkSizeWarningLimit: RENDERER_CHUNK_BUDGET_KB,
    },
  },
});
