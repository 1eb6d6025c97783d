// completion.db truncated between two suggestions of one read snapshot (issue 14, damaged derived
// data while running). A memory-mapped read of a page past the new end of the file is a SIGBUS
// that ends the whole process, so the app's read connection reads through SQLite's page cache:
// the suggestion after the truncation answers (empty or from cached pages), the app lives on.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp';
import { startApp } from '../support/app-process';
import { until } from '../support/until';

describe('completion.db truncated under an open read snapshot', () => {
  it('the next suggestions answer and the app keeps running', async () => {
    const dir = path.join(tempDir(), 'data');
    const app = await startApp(dir);
    await app.setupAdmin();
    for (let i = 0; i < 300; i++) expect((await app.call('POST', '/api/inventory', { name: `Zirconia beads ${i}`, quantity: 1 })).status).toBe(200);
    const suggest = () => app.call('GET', `/api/search-completions/inline?endpoint=${encodeURIComponent('/inventory/')}&q=Zirc&field=all`);
    await until(suggest, (r) => typeof r.body?.completion === 'string' && r.body.completion.startsWith('Zirconia'), 20_000, 200);
    let rounds = 0;
    for (; rounds < 5; rounds++) {
      // The first suggestion opens a snapshot; the truncation lands inside its lifetime (100 ms).
      expect((await suggest()).status).toBe(200);
      const file = path.join(dir, 'completion.db');
      fs.truncateSync(file, 0);
      if (fs.existsSync(`${file}-wal`)) fs.truncateSync(`${file}-wal`, 0);
      for (let k = 0; k < 3; k++) expect((await suggest().catch((e: Error) => ({ status: 0, body: String(e.cause ?? e) }))).status, app.output().slice(-2000)).toBe(200);
      expect((await app.call('POST', '/api/inventory', { name: `After truncation ${rounds}`, quantity: 1 })).status).toBe(200);
    }
    console.log(`truncated under a read snapshot: ${rounds} rounds, app exit ${JSON.stringify(app.exited())}`);
    expect(app.exited(), app.output().slice(-2000)).toBeNull();
  }, 120_000);
});
