// Bundles one TypeScript entry for Node (packages left external), with the `?iife` page scripts
// bundled in as the app's build does: `node scripts/bundle-node.mjs bench/x.ts .tmp/bench/x.cjs`.
// For benchmarks that start the real services (the HTTP server serves the bridge page's script).
import { build } from 'esbuild';
import { iifeEsbuildPlugin } from './iife-plugin.mjs';

const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) throw new Error('usage: node scripts/bundle-node.mjs <entry.ts> <out.cjs>');
await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node22', packages: 'external', logLevel: 'warning', plugins: [iifeEsbuildPlugin()] });
