// Preparing the data directory (src/main/data-dir/resolve.ts ensureDataDir), in-process: a usable
// path gets its folders; a path that cannot be a folder passes its own error through instead of
// being called "not writable"; the not-writable message names the folder, the reason and the way out.
import { thrownBy } from '../support/refusal';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirNotWritableError, ensureDataDir } from '../../src/main/data-dir/resolve';
import { tempDir } from '../support/temp';

describe('ensureDataDir', () => {
  it('creates the directory with logs/ and backups/, and accepts it again', () => {
    const dir = path.join(tempDir(), 'a', 'b', 'data');
    ensureDataDir(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['backups', 'logs']);
    ensureDataDir(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['backups', 'logs']);
  });

  it('a regular file in the path (ENOTDIR) is not reported as "not writable": the error passes through', () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, 'file'), 'x');
    const dir = path.join(root, 'file', 'deeper', 'data');
    const err = thrownBy(() => ensureDataDir(dir));
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(DataDirNotWritableError);
    expect((err as NodeJS.ErrnoException).code).toBe('ENOTDIR');
  });

  it('the not-writable error says where, why in words, and what to do', () => {
    const e = new DataDirNotWritableError('/media/usb/lab', 'EROFS');
    expect(e.name).toBe('DataDirNotWritableError');
    expect(e.code).toBe('EROFS');
    expect(e.message).toContain('The data directory /media/usb/lab cannot be written: it is on a read-only file system');
    expect(e.message).toContain('--data-dir or LAB_DATA_DIR');
  });
});
