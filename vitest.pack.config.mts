// The packaging dry run is slow (electron-builder), so it runs as its own vitest pass.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/packaging/**/*.test.ts'], environment: 'node', testTimeout: 300_000, hookTimeout: 300_000 },
});
