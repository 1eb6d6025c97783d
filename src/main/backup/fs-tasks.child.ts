// The file-system work of moves, backups and restores that can block: run in a child process
// (fs-worker.ts starts db-worker-entry.ts that way) so a path that hangs or spins stalls the child,
// never the main thread that serves the app, and the child can be killed at the time limit.
import fs from 'node:fs';
import path from 'node:path';
import { checkMoveTarget, copyDataDir } from './move';
import { writeBackupFolder, type BackupMeta } from './create-backup';
import { stageRestoreSource, type StageOptions } from './source';
import type { Message } from '../../shared/messages';
import { BackupError } from './backup-error';


export const fsTasks = {
  /** The full target check (it stats and resolves the path); whether it existed decides the cleanup. */
  checkMoveTarget: (dataDir: string, target: string) => {
    const to = checkMoveTarget(dataDir, target);
    return { to, existed: fs.existsSync(to) };
  },
  /** mkdir, copy and verify; removes what it made on failure. */
  copyForMove: (dataDir: string, to: string) => copyDataDir(dataDir, to),
  /** After a killed copy: the target as it was before (absent, or an empty folder). */
  clearMoveTarget: (to: string, existed: boolean) => {
    if (!existed) fs.rmSync(to, { recursive: true, force: true });
    else for (const f of fs.readdirSync(to)) fs.rmSync(path.join(to, f), { recursive: true, force: true });
  },
  /** Snapshots, small files and manifest of a backup (the zip is streamed by the caller). */
  backupFolder: (dataDir: string, dest: string, meta: BackupMeta) => writeBackupFolder(dataDir, dest, meta),
  /** Extract or copy a restore source into staging and verify it; live data untouched. */
  stageRestore: (source: string, staging: string, limits: StageOptions) => stageRestoreSource(source, staging, limits),
};

export type FsTasks = typeof fsTasks;
export type FsTaskName = keyof FsTasks;

export interface FsTaskRequest<N extends FsTaskName = FsTaskName> {
  task: N;
  args: Parameters<FsTasks[N]>;
}

export type FsTaskReply = { ok: true; value: unknown } | { ok: false; name: string; message: string; code?: string; msg?: Message };

export async function runFsTaskHere(req: FsTaskRequest): Promise<FsTaskReply> {
  try {
    const value: unknown = await (fsTasks[req.task] as (...a: unknown[]) => unknown)(...req.args);
    return { ok: true, value };
  } catch (e) {
    const err = e as { name?: string; message?: string; code?: unknown };
    return { ok: false, name: err?.name ?? 'Error', message: err?.message ?? String(e), code: typeof err?.code === 'string' ? err.code : undefined, msg: e instanceof BackupError ? e.msg : undefined };
  }
}
