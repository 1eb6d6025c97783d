// The file worker (fs-worker.ts): one task in a child process of the worker entry, its refusals
// arriving as the same error classes, and a task that hangs killed at the time limit with a clear
// `unavailable` error while this thread keeps running.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp';
import { seedDataDir } from './helpers';
import { fsTimeLimitMs, killFsTasks, runFsTask } from '../../src/main/backup/fs-worker';
import { runFsTaskHere } from '../../src/main/backup/fs-tasks.child';
import { BackupError } from '../../src/main/backup/backup-error';
import { AppError } from '../../src/shared/errors';

describe('file worker', () => {
  it('runs a task in a child and passes refusals back as BackupError', async () => {
    const dataDir = tempDir();
    seedDataDir(dataDir, 10);
    const to = path.join(tempDir(), 'new-home');
    expect(await runFsTask('checkMoveTarget', [dataDir, to], { limitMs: 60_000, where: to })).toEqual({ to, existed: false });
    // The task itself, here (the same function the child runs): mkdir, copy and verify.
    expect(await runFsTaskHere({ task: 'copyForMove', args: [dataDir, to] })).toEqual({ ok: true, value: undefined });
    expect(fs.existsSync(path.join(to, 'lab.db'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'moved-to.json'))).toBe(false);
    const err = await runFsTask('checkMoveTarget', [dataDir, to], { limitMs: 60_000, where: to }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackupError);
    expect((err as Error).message).toMatch('is not an empty folder');
  }, 120_000);

  it('kills a task that hangs at the time limit; this thread keeps running', async () => {
    const dataDir = tempDir();
    seedDataDir(dataDir, 10);
    execFileSync('mkfifo', [path.join(dataDir, 'import-batch.json')]);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const started = Date.now();
    const err = await runFsTask('backupFolder', [dataDir, path.join(tempDir(), 'b'), { kind: 'manual', appVersion: 't' }], { limitMs: 1500, where: dataDir }).catch((e: unknown) => e);
    clearInterval(timer);
    console.log(`hanging task stopped after ${Date.now() - started} ms (limit 1500 ms); this thread ticked ${ticks} times meanwhile`);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('unavailable');
    expect((err as AppError).message).toMatch(`The file work on ${dataDir} did not finish within 2 seconds`);
    expect(ticks).toBeGreaterThan(5);

    // Closing the app kills a task still at work rather than leave it behind.
    const pending = runFsTask('backupFolder', [dataDir, path.join(tempDir(), 'c'), { kind: 'manual', appVersion: 't' }], { limitMs: 60_000, where: dataDir }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    killFsTasks();
    expect(((await pending) as Error).message).toMatch('The file worker stopped unexpectedly (SIGKILL)');
  }, 120_000);

  it('puts a target back as it was, and answers errors as data', async () => {
    const made = path.join(tempDir(), 'made');
    fs.mkdirSync(path.join(made, 'logs'), { recursive: true });
    expect(await runFsTaskHere({ task: 'clearMoveTarget', args: [made, false] })).toEqual({ ok: true, value: undefined });
    expect(fs.existsSync(made)).toBe(false);
    const empty = tempDir();
    fs.writeFileSync(path.join(empty, 'lab.db'), 'partial');
    await runFsTaskHere({ task: 'clearMoveTarget', args: [empty, true] });
    expect(fs.readdirSync(empty)).toEqual([]);
    const dataDir = tempDir();
    const outside = tempDir();
    fs.symlinkSync('/proc', path.join(outside, 'to-proc'));
    fs.writeFileSync(path.join(outside, 'file'), 'x');
    for (const target of ['relative', path.join(outside, 'to-proc', 'lab'), path.join(dataDir, 'inside'), path.join(outside, 'file')]) {
      expect(await runFsTaskHere({ task: 'checkMoveTarget', args: [dataDir, target] }), target).toMatchObject({ ok: false, name: 'BackupError' });
    }
    // A copy that fails removes the target it made.
    fs.writeFileSync(path.join(dataDir, 'lab.db'), 'not a database');
    const to = path.join(outside, 'new-home');
    expect(await runFsTaskHere({ task: 'copyForMove', args: [dataDir, to] })).toMatchObject({ ok: false, name: 'BackupError' });
    expect(fs.existsSync(to)).toBe(false);
  });

  it('allows two minutes plus a second per 4 MB', () => {
    const saved = process.env.LAB_FS_TIME_LIMIT_MS;
    delete process.env.LAB_FS_TIME_LIMIT_MS;
    try {
      expect(fsTimeLimitMs(0)).toBe(120_000);
      expect(fsTimeLimitMs(4e9)).toBe(1_120_000);
    } finally {
      if (saved !== undefined) process.env.LAB_FS_TIME_LIMIT_MS = saved;
    }
  });
});
