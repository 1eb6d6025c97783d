// Builds main (shell, browser-mode server, worker, CLIs), the sandboxed preload (one bundled file)
// and the React renderer into out/.
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { iifePlugin } from './scripts/iife-plugin.mjs';

const pkg = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string };
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
          'maintenance-worker': resolve(__dirname, 'src/main/worker/maintenance-worker.ts'),
          'db-worker': resolve(__dirname, 'src/main/backup/db-worker-entry.ts'),
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
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
      chunkSizeWarningLimit: 4000,
    },
  },
});
