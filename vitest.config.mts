import { defineConfig } from 'vitest/config';
import { iifePlugin } from './scripts/iife-plugin.mjs';
import { findPgBin } from './test/support/pg-binaries.mjs';

// The PostgreSQL engine's own tests (test/pg/) need a server; without one they are left out and
// the cluster's setup says so once (with CI=true it fails the run instead).
const withoutPostgres = findPgBin() ? [] : ['test/pg/**'];

export default defineConfig({
  // The main process imports its page scripts bundled (`?iife`), in tests as in out/.
  plugins: [iifePlugin()],
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'extension/**/*.test.ts'],
    exclude: ['test/packaging/**', 'node_modules/**', ...withoutPostgres],
    environment: 'node',
    // Hang guards, not speed checks (no test asserts a duration): generous enough that a test taking
    // 20 s alone still passes with `stress --cpu 2` beside the suite, where CPU-bound work runs at
    // a third of its speed.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // Two test files at a time, also on two cores: most of the suite waits on child processes,
    // timers and disk (the fault tests stop, kill and restart workers), so a second fork fills
    // that time. Measured on the 2-core machine: 611 s with one fork, 375 / 376 s with two.
    maxWorkers: 2,
    // One throw-away PostgreSQL cluster per run (test/support/pg-cluster.ts); each test file makes
    // its own database in it.
    globalSetup: ['test/support/db-worker-bundle.ts', 'test/support/pg-cluster.ts'],
    // On with `--coverage` (npm test); scripts/coverage-report.mjs reads the json summary.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.ts', 'src/**/*.d.ts'],
      reporter: ['json-summary', 'text-summary'],
      reportsDirectory: 'reports/coverage',
      // The figures are wanted even when a test fails (the failure is reported on its own).
      reportOnFailure: true,
    },
  },
});
