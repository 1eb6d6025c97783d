// The move dialog's target check over real HTTP: the same refusals as the move itself (relative
// path, the data directory, inside it or containing it, a non-empty folder, a place that cannot
// be written), each as a validation error on the `target` field, and nothing is created.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupAdmin, startTestServices, tempDir } from '../support/temp';

async function post(base: string, p: string, body: unknown, cookie?: string) {
  const res = await fetch(base + p, { method: 'POST', headers: { 'x-lab-client': '1', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, any>, cookie: res.headers.get('set-cookie')?.split(';')[0] }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('POST /api/data/move/check', () => {
  it('refuses bad targets before any confirmation, accepts a new folder without creating it', async () => {
    const dataDir = tempDir();
    const s = await startTestServices({ dataDir });
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const admin = (await post(base, '/api/session', { username: 'admin', password: 'admin-pass-1' })).cookie!;
    const alice = (await post(base, '/api/session', { username: 'alice', password: 'alice-pass-1' })).cookie!;

    const outside = tempDir();
    const full = path.join(outside, 'full');
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, 'x.txt'), 'x');
    const aFile = path.join(outside, 'a-file');
    fs.writeFileSync(aFile, 'x');

    for (const [target, why, key] of [
      ['relative/data', /full \(absolute\) path/, 'move.relativePath'],
      [dataDir, /outside the current data directory/, 'move.overlaps'],
      [path.join(dataDir, 'sub'), /outside the current data directory/, 'move.overlaps'],
      [path.dirname(dataDir), /outside the current data directory/, 'move.overlaps'],
      [full, /not an empty folder/, 'move.notEmpty'],
      [path.join(aFile, 'data'), /is a file, not a folder/, 'move.underFile'],
    ] as const) {
      const r = await post(base, '/api/data/move/check', { target }, admin);
      expect(r.status, target).toBe(400);
      expect(r.json.error, target).toMatchObject({ code: 'validation', fields: { target: expect.objectContaining({ key, message: expect.stringMatching(why) }) } });
    }

    const fresh = path.join(outside, 'new-home');
    expect(await post(base, '/api/data/move/check', { target: fresh }, admin)).toMatchObject({ status: 200, json: { to: fresh } });
    expect(fs.existsSync(fresh)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'moved-to.json'))).toBe(false);
    expect((await post(base, '/api/data/move/check', { target: fresh }, alice)).status).toBe(403);
  });
});
