// Moving the data directory refuses unusable targets before touching them (issue 14, defect 5):
// a target under /proc made a recursive mkdir spin on the main thread and the server hang for good.
// The app runs as its own process, so a hang shows as this test's timeout, not a stuck test runner;
// the slowest answer is printed, not asserted (a loaded machine is no defect).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp';
import { startApp } from '../support/app-process';

describe('move data directory: target validation', () => {
  it('refuses system, relative and own-directory targets with 400 naming `target`, without hanging; /ping keeps answering', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const app = await startApp(dataDir);
    await app.setupAdmin();
    const outside = tempDir();
    fs.symlinkSync('/proc', path.join(outside, 'to-proc'));
    const targets = ['/proc/forbidden', '/proc/self/cwd/data', '/sys/kernel/lab', '/dev/lab', '/dev/shm/lab', path.join(outside, 'to-proc', 'lab'), 'relative/lab', dataDir, path.join(dataDir, 'inside'), path.dirname(dataDir)];
    const times: number[] = [];
    for (const target of targets) {
      const started = Date.now();
      const r = await app.call('POST', '/api/data/move', { target });
      times.push(Date.now() - started);
      expect(r.status, `${target}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error.code).toBe('validation');
      expect(Object.keys(r.body.error.fields)).toEqual(['target']);
      expect((await app.call('GET', '/ping')).status).toBe(200);
    }
    console.log(`move targets refused: ${targets.length}, slowest answer ${Math.max(...times)} ms`);
    expect(fs.existsSync(path.join(dataDir, 'moved-to.json'))).toBe(false);
    // Still usable: a good target works.
    const good = await app.call('POST', '/api/data/move', { target: path.join(outside, 'new-home') });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  }, 120_000);
});
