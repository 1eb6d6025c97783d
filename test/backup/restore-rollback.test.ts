// A restore swap that fails with an ordinary error (a file held open, permissions) is rolled back:
// the old data is back in place, the staged restore is intact for another try, and no journal is
// left for the next start-up to act on. (A crash instead is finished by the next start-up: see
// crash-and-copies.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FILE, swapInRestore } from '../../src/main/backup/restore-journal';
import { REPLACED_DIR } from '../../src/main/backup/layout';
import { tempDir } from '../support/temp';

const STAGING = '.restore-staging-test';

function setUp() {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'lab.db'), 'old lab');
  fs.writeFileSync(path.join(dir, 'lab.db-wal'), 'old wal');
  fs.writeFileSync(path.join(dir, 'completion.db'), 'old completion');
  const staging = path.join(dir, STAGING);
  fs.mkdirSync(path.join(staging, 'logs'), { recursive: true });
  fs.writeFileSync(path.join(staging, 'lab.db'), 'new lab');
  fs.writeFileSync(path.join(staging, 'completion.db'), 'new completion');
  fs.writeFileSync(path.join(staging, 'logs', 'app.log'), 'archived log');
  return { dir, staging };
}

const read = (...p: string[]) => fs.readFileSync(path.join(...p), 'utf8');

describe('restore swap rolled back on an ordinary error', () => {
  it.each(['aside-partial', 'aside-done', 'place-partial'])('failing at %s puts the old files back and keeps the staging', (failAt) => {
    const { dir, staging } = setUp();
    expect(() =>
      swapInRestore(dir, STAGING, (step) => {
        if (step === failAt) throw new Error('EBUSY: file held open');
      }),
    ).toThrow('EBUSY');
    expect([read(dir, 'lab.db'), read(dir, 'lab.db-wal'), read(dir, 'completion.db')]).toEqual(['old lab', 'old wal', 'old completion']);
    expect([read(staging, 'lab.db'), read(staging, 'completion.db')]).toEqual(['new lab', 'new completion']);
    expect(fs.existsSync(path.join(dir, JOURNAL_FILE))).toBe(false);
    expect(fs.readdirSync(path.join(dir, REPLACED_DIR))).toEqual([]);
  });

  it('without an error it swaps in the staged files, keeps the old ones and the archived logs', () => {
    const { dir, staging } = setUp();
    const aside = swapInRestore(dir, STAGING);
    expect([read(dir, 'lab.db'), read(dir, 'completion.db')]).toEqual(['new lab', 'new completion']);
    expect(fs.existsSync(path.join(dir, 'lab.db-wal'))).toBe(false);
    expect([read(dir, aside, 'lab.db'), read(dir, aside, 'lab.db-wal')]).toEqual(['old lab', 'old wal']);
    expect(read(dir, 'logs', `restored-${path.basename(aside)}`, 'app.log')).toBe('archived log');
    expect(fs.existsSync(staging)).toBe(false);
    expect(fs.existsSync(path.join(dir, JOURNAL_FILE))).toBe(false);
  });
});
