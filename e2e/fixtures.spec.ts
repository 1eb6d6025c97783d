// The e2e fixture's own promise: the server a test talks to is the one it started. A port is
// picked before the server binds it, so another test's server may take it first (two workers).
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { freePort, seedUsers, startApp } from './fixtures';

test('a port another app already serves is refused, never taken as this app\'s server', async () => {
  const first = await startApp();
  try {
    await expect(startApp({ port: first.port })).rejects.toThrow(/already in use/);
  } finally {
    await first.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
});

test('a picked port another server took before this one could bind it: the fixture picks again, and the test gets its own server', async () => {
  const first = await startApp();
  const picks = [first.port, await freePort()];
  const second = await startApp({ pickPort: async () => picks.shift()! });
  try {
    expect(second.port).not.toBe(first.port);
    expect(picks).toEqual([]);
    // Its own empty data directory: the first-run setup is still open there.
    await seedUsers(second);
    expect(second.output()).toContain(second.dataDir);
  } finally {
    for (const a of [first, second]) {
      await a.stop();
      fs.rmSync(a.dataDir, { recursive: true, force: true });
    }
  }
});
