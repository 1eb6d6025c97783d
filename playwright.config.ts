// End-to-end tests drive the real UI in Debian's Chromium against browser mode (`out/` built first).
import { defineConfig } from '@playwright/test';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
/**
 * As a user whose system asks for less motion (app/reduced-motion.ts): menus and dialogs then
 * appear at once. A popup still growing under a loaded machine took a press on one entry and the
 * release on the next, so nothing was clicked (e2e/reduced-motion.spec.ts checks both ways).
 * Also the extension's own browser (e2e/cart-import-support.ts).
 */
export const CONTEXT_OPTIONS = { reducedMotion: 'reduce' } as const;

export default defineConfig({
  testDir: 'e2e',
  // Hang guards sized for a loaded machine (stress --cpu 2 beside the suite); no spec asserts a duration.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 2,
  fullyParallel: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    headless: true,
    locale: 'en-US',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    // A trace records every step of every test to keep the failing ones; CI keeps only its log (the
    // failed page's snapshot is printed there: scripts/test-all.mjs), so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    contextOptions: CONTEXT_OPTIONS,
  },
});
