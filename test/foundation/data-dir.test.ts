// Data directory: resolution order, portable folder, one process per directory.
import { thrownBy } from '../support/refusal';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../src/main/data-dir/resolve';
import { acquireInstanceLock, DataDirInUseError } from '../../src/main/data-dir/instance-lock';
import { tempDir } from '../support/temp';

describe('data directory resolution', () => {
  const base = () => {
    const root = tempDir();
    const exeDir = path.join(root, 'app');
    fs.mkdirSync(path.join(exeDir, 'data'), { recursive: true });
    return { root, exeDir, userDataDir: path.join(root, 'user-data') };
  };

  it('prefers --data-dir, then LAB_DATA_DIR, then a portable data/ folder, then user data', () => {
    const { root, exeDir, userDataDir } = base();
    const env = { LAB_DATA_DIR: path.join(root, 'from-env') };
    expect(resolveDataDir({ argv: ['--data-dir', path.join(root, 'flag')], env, exeDir, userDataDir })).toEqual({ dir: path.join(root, 'flag'), source: 'flag' });
    expect(resolveDataDir({ argv: [`--data-dir=${path.join(root, 'flag2')}`], env, exeDir, userDataDir }).dir).toBe(path.join(root, 'flag2'));
    expect(resolveDataDir({ argv: [], env, exeDir, userDataDir })).toEqual({ dir: path.join(root, 'from-env'), source: 'env' });
    expect(resolveDataDir({ argv: [], env: {}, exeDir, userDataDir })).toEqual({ dir: path.join(exeDir, 'data'), source: 'portable' });
    expect(resolveDataDir({ argv: [], env: {}, exeDir: path.join(root, 'no-portable'), userDataDir })).toEqual({ dir: userDataDir, source: 'user-data' });
    expect(resolveDataDir({ argv: [], env: {}, exeDir: null, userDataDir }).source).toBe('user-data');
  });

  it('uses PORTABLE_EXECUTABLE_DIR (electron-builder portable target) over the unpacked temp exe folder', () => {
    const { root, exeDir, userDataDir } = base();
    const tempUnpack = path.join(root, 'tmp-unpacked');
    fs.mkdirSync(tempUnpack);
    const r = resolveDataDir({ argv: [], env: { PORTABLE_EXECUTABLE_DIR: exeDir }, exeDir: tempUnpack, userDataDir });
    expect(r).toEqual({ dir: path.join(exeDir, 'data'), source: 'portable' });
  });

  it('a data file named data (not a folder) is not a portable install', () => {
    const { root, userDataDir } = base();
    const exe = path.join(root, 'exe2');
    fs.mkdirSync(exe);
    fs.writeFileSync(path.join(exe, 'data'), 'x');
    expect(resolveDataDir({ argv: [], env: {}, exeDir: exe, userDataDir }).source).toBe('user-data');
  });
});

describe('instance.lock', () => {
  it('refuses a second process on the same directory, naming the directory and the holder pid', async () => {
    const dir = tempDir();
    // A real second process holds the lock.
    const holder = spawn(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(path.join(dir, 'instance.lock'))}, JSON.stringify({pid: process.pid})); console.log('held'); setInterval(()=>{}, 1000)`]);
    try {
      // Until the holder says it wrote the lock (a fixed wait lost that race on a loaded machine).
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
        holder.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
      });
      const err = thrownBy(() => acquireInstanceLock(dir));
      expect(err).toBeInstanceOf(DataDirInUseError);
      expect((err as Error).message).toContain(dir);
      expect((err as Error).message).toContain(`pid ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a dead process and releases only its own', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    fs.writeFileSync(path.join(dir, 'instance.lock'), JSON.stringify({ pid: dead.pid }));
    const lock = acquireInstanceLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
  });

  it('a half-written lock file counts as stale', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'instance.lock'), '{"pid":');
    const lock = acquireInstanceLock(dir);
    lock.release();
  });
});

describe('instance.lock copied from elsewhere', () => {
  it('a lock naming a live pid of another machine or an earlier boot does not lock the data out', async () => {
    const os = await import('node:os');
    const { bootTimeMs } = await import('../../src/main/data-dir/instance-lock');
    const dir = tempDir();
    // A real live process of ours stands in for "an unrelated process that got the old pid".
    const unrelated = spawn(process.execPath, ['-e', 'setInterval(()=>{}, 1000)']);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const file = path.join(dir, 'instance.lock');
      fs.writeFileSync(file, JSON.stringify({ pid: unrelated.pid, host: 'another-lab-pc', bootAt: Math.round(bootTimeMs()) }));
      acquireInstanceLock(dir).release();
      fs.writeFileSync(file, JSON.stringify({ pid: unrelated.pid, host: os.hostname(), bootAt: Math.round(bootTimeMs()) - 3 * 86_400_000 }));
      acquireInstanceLock(dir).release();
      // The same pid on this machine and this boot is a real holder.
      fs.writeFileSync(file, JSON.stringify({ pid: unrelated.pid, host: os.hostname(), bootAt: Math.round(bootTimeMs()) }));
      expect(() => acquireInstanceLock(dir)).toThrow(DataDirInUseError);
    } finally {
      unrelated.kill('SIGKILL');
    }
  });

  it('records host and boot time with the pid', () => {
    const dir = tempDir();
    const lock = acquireInstanceLock(dir);
    const held = JSON.parse(fs.readFileSync(lock.file, 'utf8'));
    expect(held).toMatchObject({ pid: process.pid, host: expect.any(String), bootAt: expect.any(Number) });
    lock.release();
  });
});

describe('a data directory that was moved', () => {
  it('is followed to the new location; a new location that is not there is a clear error, not stale data', async () => {
    const { MovedDataMissingError } = await import('../../src/main/data-dir/resolve');
    const root = tempDir();
    const oldDir = path.join(root, 'old');
    const newDir = path.join(root, 'usb', 'data');
    fs.mkdirSync(oldDir, { recursive: true });
    fs.mkdirSync(newDir, { recursive: true });
    fs.writeFileSync(path.join(oldDir, 'lab.db'), '');
    fs.writeFileSync(path.join(newDir, 'lab.db'), '');
    fs.writeFileSync(path.join(oldDir, 'moved-to.json'), JSON.stringify({ to: newDir }));
    const input = { argv: ['--data-dir', oldDir], env: {}, exeDir: null, userDataDir: path.join(root, 'ud') };
    expect(resolveDataDir(input)).toMatchObject({ dir: newDir, movedFrom: oldDir });
    fs.rmSync(path.join(root, 'usb'), { recursive: true }); // the disk is not connected
    const err = thrownBy(() => resolveDataDir(input));
    expect(err).toBeInstanceOf(MovedDataMissingError);
    expect((err as Error).message).toContain(newDir);
    expect((err as Error).message).toContain(path.join(oldDir, 'moved-to.json'));
  });
});
