// The retry of a screen whose chunk could not be fetched, in a browser that keeps a failed module
// import for the life of the page: Chromium before 156, and so the Electron build's. The same
// Chromium with that old module map switched back on; if a later Chromium drops the switch, the
// retry no longer reloads and the assertion below says so.
import { CHROMIUM, CHROMIUM_ARGS } from '../playwright.config';
import { failThenRetry } from './chunk-retry';
import { test, expect } from './fixtures';

test.use({ launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--disable-blink-features=ModuleMapDoNotCacheFailedFetch'] } });

test('"Try again" reloads the window at the same screen, still signed in, and the screen appears', async ({ page, app }) => {
  expect(await failThenRetry(page, app)).toEqual({ reloaded: true });
  expect(new URL(page.url()).hash).toBe('#/settings');
});
