// "Back up now" with a folder that is not a full path (found by the bad-input fuzz test): `.` was
// resolved against the server's working directory and an archive written there, a place nobody
// chose; a file (even the live lab.db) or a missing folder started a job bound to fail. Such
// folders, and system folders, are refused at once with a 400 naming `outDir`.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onCleanup, setupAdmin, startTestServices, tempDir } from '../support/temp';

describe('Back up now: the folder is checked before a job starts', () => {
  it('a relative folder or a system folder is a 400 naming outDir; nothing is written anywhere', async () => {
    const cwd = tempDir('lab-cwd-');
    const previous = process.cwd();
    process.chdir(cwd);
    onCleanup(() => process.chdir(previous));
    const s = await startTestServices();
    const token = await setupAdmin(s);
    const file = path.join(s.dataDir, 'lab.db');
    for (const outDir of ['.', 'backups', '/proc/forbidden', '/dev/shm', file, path.join(cwd, 'missing')]) {
      const r = await fetch(`http://127.0.0.1:${s.port}/api/data/backups`, {
        method: 'POST',
        headers: { 'x-lab-client': '1', 'content-type': 'application/json', cookie: `lab_session=${token}` },
        body: JSON.stringify({ outDir }),
      });
      const body = (await r.json()) as { error?: { code: string; fields?: Record<string, { key: string; message: string }> } };
      expect(r.status, outDir).toBe(400);
      expect(body.error?.code).toBe('validation');
      const why = outDir === file ? /is not a folder/ : outDir.endsWith('missing') ? /does not exist/ : outDir.startsWith('/') ? /system folder/ : /full \(absolute\) path/;
      expect(body.error?.fields?.outDir?.message, outDir).toMatch(why);
    }
    expect(s.backups.status().job).toBeNull();
    expect(fs.readdirSync(cwd)).toEqual([]);
    await expect(s.backups.backupAndWait('manual', '.')).rejects.toMatchObject({ code: 'validation', fields: { outDir: expect.objectContaining({ message: expect.stringMatching(/absolute/) }) } });
    expect(fs.readdirSync(cwd)).toEqual([]);
  });
});
