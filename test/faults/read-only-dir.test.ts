// A read-only data directory at start (issue 14, defect 8): the app says in words which folder
// cannot be written and why, and exits with the "cannot start here" code — no raw EROFS stack.
// The read-only folder is a mount in a private mount namespace (`unshare -m`, needs root).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, tempDir } from '../support/temp';
import { privateMountWhyNot, runAppToExit } from '../support/app-process';
import { openDatabases } from '../../src/main/db/databases';

const whyNot = privateMountWhyNot();
if (whyNot) console.log(`read-only data directory test skipped: ${whyNot} (it needs root and util-linux unshare; CI runs as root)`);

describe('read-only data directory at start', () => {
  it.skipIf(whyNot !== null)('an empty folder and an existing data directory on a read-only mount: a plain message naming the folder, exit 3', async () => {
    // An empty read-only tmpfs.
    const empty = tempDir('lab-ro-');
    const a = await runAppToExit(path.join(empty, 'data'), await freePort(), (argv) => [
      'unshare',
      ['-m', 'sh', '-c', 'mount -t tmpfs tmpfs "$0" && mkdir "$0/data" && mount -o remount,ro "$0" && exec "$@"', empty, ...argv],
    ]);
    // An existing data directory, bind-mounted read-only.
    const existing = tempDir('lab-ro-data-');
    openDatabases(existing).close();
    const before = fs.readdirSync(existing).sort();
    const b = await runAppToExit(existing, await freePort(), (argv) => ['unshare', ['-m', 'sh', '-c', 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"', existing, ...argv]]);
    for (const [r, dir] of [
      [a, path.join(empty, 'data')],
      [b, existing],
    ] as const) {
      console.log(`read-only start: exit ${r.code}: ${r.out.trim().split('\n')[0]}`);
      expect(r.code, r.out).toBe(3);
      expect(r.out).toContain(`The data directory ${dir} cannot be written: it is on a read-only file system`);
      expect(r.out).toContain('--data-dir');
      expect(r.out).not.toMatch(/^\s+at /m);
    }
    expect(fs.readdirSync(existing).sort()).toEqual(before);
  });
});
