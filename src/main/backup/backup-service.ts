// The backup service of a running app: Back up now (a job with progress; the app keeps working),
// the daily automatic backup and its retention, restore preview and restore through the
// composition root's reopen, moving the data directory, and the figures Settings → Data shows.
import fs from 'node:fs';
import path from 'node:path';
import type { SettingsStore } from '../settings';
import type { Logger } from '../logging';
import { AppError, fieldError } from '../../shared/errors';
import type { DataJob, DataStatus, MoveResult, RestorePreview, RestoreResult } from '../../shared/contract/data';
import { createBackupArchive, type ArchiveResult } from './create-backup';
import type { BackupKind } from './manifest';
import { BackupError } from './backup-error';
import { AUTO_PREFIX, applyRetention, listBackups } from './retention';
import { readBackupStatus, recordBackupResult } from './status';
import { applyRestore, stageRestore } from './restore';
import { checkMoveTargetPath, inSystemFolder, MOVED_POINTER, pointAt, SYSTEM_ROOTS } from './move';
import { fsTimeLimitMs, killFsTasks, runFsTask } from './fs-worker';
import type { StageOptions } from './source';
import { BACKUPS_DIR, COMPLETION_DB, LAB_DB, LOGS_DIR } from './layout';
import { dirSize, errorText, fileStamp, sizeIfPresent } from './files';
import type { StepHook } from './restore-journal';
import { pidAlive } from '../data-dir/instance-lock';
import { msg, type Message } from '../../shared/messages';

const DAY_MS = 24 * 3600 * 1000;
const CHECK_EVERY_MS = 3600 * 1000;
const FIRST_CHECK_MS = 60 * 1000;

export interface BackupServiceOptions {
  dataDir: string;
  version: string;
  log: Logger;
  settings: Pick<SettingsStore, 'read' | 'update'>;
  /** For restore and move: stops the worker, closes every connection, runs `swap`, reopens and rewires. */
  reopen: (swap: () => void | Promise<void>) => Promise<void>;
}

/** What a failed job tells the UI: its sentence by key (an unexpected failure's text as detail). */
function jobError(e: unknown): Message {
  if (e instanceof AppError) return msg(e.key, e.params);
  if (e instanceof BackupError) return e.msg;
  return msg('data.unexpected', { detail: errorText(e) });
}

/** Backup and restore failures are the user's input being refused: 400 with the field named. */
function asAppError(e: unknown, field: string): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof BackupError) return AppError.of('validation', e.msg, { fields: { [field]: e.msg } });
  return new AppError('internal', 'data.unexpected', { detail: errorText(e) });
}

/**
 * Where a backup is written: backups/, or an existing folder the user gave in full. A relative path
 * would name a folder under the server's working directory, which nobody chose; a system folder is
 * no disk.
 */
export function backupFolder(dataDir: string, outDir?: string): string {
  if (!outDir) return path.join(dataDir, BACKUPS_DIR);
  if (!path.isAbsolute(outDir)) throw new BackupError('backup.relativeFolder');
  const dir = path.resolve(outDir);
  if (inSystemFolder(dir)) throw new BackupError('backup.systemFolder', { path: dir, roots: [...SYSTEM_ROOTS] });
  if (!fs.existsSync(dir)) throw new BackupError('backup.noFolder', { path: dir });
  if (!fs.statSync(dir).isDirectory()) throw new BackupError('backup.notFolder', { path: dir });
  return dir;
}

export class BackupService {
  private job: DataJob | null = null;
  private running: Promise<unknown> | null = null;
  private timers: NodeJS.Timeout[] = [];
  /** Set after a move: the app must restart on the new directory. */
  movedTo: string | null = null;

  constructor(private readonly o: BackupServiceOptions) {}

  private get dataDir(): string {
    return this.o.dataDir;
  }

  keep(): number {
    return this.o.settings.read().backupKeep;
  }

  setKeep(keep: number): number {
    this.o.settings.update({ backupKeep: keep });
    applyRetention(this.dataDir, keep, this.o.log);
    return keep;
  }

  status(): DataStatus {
    const d = this.dataDir;
    const db = (name: string) => sizeIfPresent(path.join(d, name)) + sizeIfPresent(path.join(d, `${name}-wal`)) + sizeIfPresent(path.join(d, `${name}-shm`));
    const sizes = { lab: db(LAB_DB), completion: db(COMPLETION_DB), logs: dirSize(path.join(d, LOGS_DIR)), backups: dirSize(path.join(d, BACKUPS_DIR)), other: 0 };
    sizes.other = Math.max(0, dirSize(d) - sizes.lab - sizes.completion - sizes.logs - sizes.backups);
    const st = readBackupStatus(d);
    return { dataDir: d, sizes, lastBackup: st.last, lastGoodBackup: st.lastGood, keep: this.keep(), backups: listBackups(d), job: this.job, movedTo: this.movedTo };
  }

  /** One data job at a time: a backup, a restore or a move. */
  private exclusive<T>(kind: DataJob['kind'], work: (job: DataJob) => Promise<T>): Promise<T> {
    if (this.running) throw new AppError('conflict', 'data.jobRunning', { job: this.job?.kind ?? 'data' });
    if (this.movedTo) throw new AppError('unavailable', 'data.moved', { path: this.movedTo });
    const job: DataJob = { kind, phase: 'starting', percent: 0, startedAt: new Date().toISOString(), finishedAt: null, ok: null, error: null, file: null };
    this.job = job;
    const p = work(job).then(
      (v) => {
        Object.assign(job, { ok: true, percent: 100, phase: 'done', finishedAt: new Date().toISOString() });
        return v;
      },
      (e: unknown) => {
        Object.assign(job, { ok: false, error: jobError(e), finishedAt: new Date().toISOString() });
        throw e;
      },
    );
    this.running = p.finally(() => (this.running = null)).catch(() => undefined);
    return p;
  }

  /** Writes an archive now. `outDir` defaults to backups/; automatic ones are then pruned. */
  async runBackup(kind: BackupKind, outDir?: string, job?: DataJob): Promise<ArchiveResult> {
    const started = Date.now();
    const at = new Date().toISOString();
    const name = `${kind === 'automatic' ? AUTO_PREFIX : 'backup-'}${fileStamp()}.zip`;
    try {
      const dir = backupFolder(this.dataDir, outDir);
      fs.mkdirSync(path.join(this.dataDir, BACKUPS_DIR), { recursive: true });
      const r = await createBackupArchive(this.dataDir, path.join(dir, name), { kind, appVersion: this.o.version }, {
        workRoot: path.join(this.dataDir, BACKUPS_DIR),
        progress: (p) => job && Object.assign(job, p),
        writeFolder: (from, dest, meta, progress) => {
          progress?.({ phase: 'lab', percent: 5 });
          return runFsTask('backupFolder', [from, dest, meta], { limitMs: this.limitMs(), where: from });
        },
      });
      const rel = path.relative(this.dataDir, r.file);
      const file = rel.startsWith('..') || path.isAbsolute(rel) ? r.file : rel;
      if (job) job.file = file;
      recordBackupResult(this.dataDir, { at, kind, ok: true, error: null, file, bytes: r.bytes, durationMs: r.durationMs });
      this.o.log.info({ file, bytes: r.bytes, ms: r.durationMs, kind }, 'backup written');
      if (kind === 'automatic') applyRetention(this.dataDir, this.keep(), this.o.log);
      return r;
    } catch (e) {
      const err = e instanceof BackupError || e instanceof AppError ? e : new BackupError('backup.failed', { detail: errorText(e) });
      recordBackupResult(this.dataDir, { at, kind, ok: false, error: err.message, reason: jobError(err), file: null, bytes: 0, durationMs: Date.now() - started });
      this.o.log.error({ kind, err: err.message }, 'backup failed');
      throw err;
    }
  }

  /** Starts "Back up now" and returns its job at once; the UI follows `status().job`. */
  backupNow(outDir?: string): DataJob {
    // A folder that can never do is refused now (400), not reported later by a failed job.
    try {
      backupFolder(this.dataDir, outDir);
    } catch (e) {
      throw asAppError(e, 'outDir');
    }
    let job: DataJob | null = null;
    this.exclusive('backup', (j) => {
      job = j;
      return this.runBackup('manual', outDir, j);
    }).catch(() => undefined);
    return { ...job! };
  }

  /** Awaitable form of Back up now (CLI-like callers and tests). */
  backupAndWait(kind: BackupKind = 'manual', outDir?: string): Promise<ArchiveResult> {
    return this.exclusive('backup', (j) => this.runBackup(kind, outDir, j)).catch((e: unknown) => {
      throw asAppError(e, 'outDir');
    });
  }

  async previewRestore(source: string): Promise<RestorePreview> {
    try {
      const staged = await stageRestore(this.dataDir, source, this.stageInWorker);
      staged.discard();
      return staged.preview;
    } catch (e) {
      throw asAppError(e, 'source');
    }
  }

  /**
   * Verifies the source while the app keeps running, then swaps it in with every connection
   * closed. Warnings (e.g. a copy not closed cleanly) must be accepted explicitly.
   */
  restore(source: string, opts: { acceptWarnings?: boolean; step?: StepHook } = {}): Promise<RestoreResult> {
    return this.exclusive('restore', async (job) => {
      const started = Date.now();
      job.phase = 'verify';
      let staged;
      try {
        staged = await stageRestore(this.dataDir, source, this.stageInWorker);
      } catch (e) {
        throw asAppError(e, 'source');
      }
      if (staged.preview.warnings.length && !opts.acceptWarnings) {
        staged.discard();
        throw new AppError('conflict', 'restore.needsConfirmation', { warnings: staged.preview.warnings }, { fields: fieldError('source', 'field.needsConfirmation'), details: staged.preview });
      }
      job.phase = 'swap';
      job.percent = 50;
      let replacedDir = '';
      try {
        await this.o.reopen(() => {
          replacedDir = applyRestore(staged, this.o.log, opts.step).replacedDir;
        });
      } catch (e) {
        throw asAppError(e, 'source');
      }
      this.o.log.warn({ source: staged.preview.source, replacedDir }, 'data restored from a backup');
      return { preview: staged.preview, replacedDir, durationMs: Date.now() - started };
    });
  }

  /** The checks `move` starts with (absolute, outside the data directory and not it, new or
   *  empty, writable), run alone so the UI can refuse a target before asking to confirm. */
  async checkMoveTarget(target: string): Promise<{ to: string }> {
    try {
      const { to } = await runFsTask('checkMoveTarget', [this.dataDir, checkMoveTargetPath(this.dataDir, target)], { limitMs: this.limitMs(0), where: target });
      return { to };
    } catch (e) {
      throw asAppError(e, 'target');
    }
  }

  /**
   * Copies the data to `target` consistently, verifies it and points the old directory at it. The
   * target is checked, created and filled by the file worker; the pointer is written only after.
   */
  move(target: string): Promise<MoveResult> {
    return this.exclusive('move', async (job) => {
      let to: string;
      let existed: boolean;
      try {
        ({ to, existed } = await runFsTask('checkMoveTarget', [this.dataDir, checkMoveTargetPath(this.dataDir, target)], { limitMs: this.limitMs(0), where: target }));
      } catch (e) {
        throw asAppError(e, 'target');
      }
      job.phase = 'copy';
      try {
        await this.o.reopen(async () => {
          try {
            await runFsTask('copyForMove', [this.dataDir, to], { limitMs: this.limitMs(), where: to });
          } catch (e) {
            if (e instanceof AppError) await this.clearTarget(to, existed);
            throw e;
          }
          pointAt(this.dataDir, to);
        });
      } catch (e) {
        throw asAppError(e, 'target');
      }
      this.movedTo = to;
      this.o.log.warn({ from: this.dataDir, to, pointer: MOVED_POINTER }, 'data directory moved; restart required');
      return { from: this.dataDir, to, restartRequired: true };
    });
  }

  /** The time limit of a file task over the data directory (or `bytes`). */
  private limitMs(bytes = dirSize(this.dataDir)): number {
    return fsTimeLimitMs(bytes);
  }

  private readonly stageInWorker = (source: string, staging: string, limits: StageOptions) => {
    let bytes = 0;
    try {
      const st = fs.statSync(source);
      bytes = st.isFile() ? st.size : dirSize(source);
    } catch {
      // the worker reports a missing source in words
    }
    return runFsTask('stageRestore', [source, staging, limits], { limitMs: this.limitMs(bytes), where: source });
  };

  /** After a copy that was stopped: the target back as it was, itself in the worker (that disk may still hang). */
  private async clearTarget(to: string, existed: boolean): Promise<void> {
    try {
      await runFsTask('clearMoveTarget', [to, existed], { limitMs: this.limitMs(0), where: to });
    } catch (e) {
      this.o.log.warn({ target: to, err: errorText(e) }, 'could not remove the partial copy of a stopped move');
    }
  }

  /** The daily automatic backup: runs when the last automatic one is a day old (or never ran). */
  async runDueAutomaticBackup(now = Date.now()): Promise<boolean> {
    const last = readBackupStatus(this.dataDir).lastAutomaticAt;
    if (last && now - Date.parse(last) < DAY_MS) return false;
    if (this.running || this.movedTo) return false;
    try {
      await this.exclusive('backup', (j) => this.runBackup('automatic', undefined, j));
      return true;
    } catch {
      return false; // recorded in status.json and the log; retried at the next check
    }
  }

  /** Removes work folders and partial archives left by a backup that a crash interrupted. */
  cleanLeftovers(): string[] {
    const dir = path.join(this.dataDir, BACKUPS_DIR);
    const removed: string[] = [];
    if (!fs.existsSync(dir)) return removed;
    for (const name of fs.readdirSync(dir)) {
      // .tmp-<time>-<pid> and <archive>.<pid>.partial: a CLI backup may be running beside the app,
      // so only the leftovers of writers that are gone are removed.
      const m = /^\.tmp-.*-(\d+)$/.exec(name) ?? /\.(\d+)\.partial$/.exec(name);
      if (!m || pidAlive(Number(m[1]))) continue;
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
      removed.push(name);
    }
    if (removed.length) this.o.log.info({ removed }, 'removed leftovers of interrupted backups');
    return removed;
  }

  startSchedule(firstCheckMs = FIRST_CHECK_MS, everyMs = CHECK_EVERY_MS): void {
    try {
      this.cleanLeftovers();
    } catch (e) {
      this.o.log.warn({ err: errorText(e) }, 'could not clean backup leftovers');
    }
    const tick = () => void this.runDueAutomaticBackup();
    const first = setTimeout(tick, firstCheckMs);
    const every = setInterval(tick, everyMs);
    first.unref?.();
    every.unref?.();
    this.timers.push(first, every);
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    killFsTasks();
  }
}
