// Operations of Settings → Data: the data directory's sizes and backups, Back up now (a job with
// progress), restore preview and restore, the retention of automatic backups, moving the data.
// All are admin-only: they read or replace the whole lab's data.
import { z } from 'zod';
import { op, returns } from './define';
import { empty } from './common';
import type { Message } from '../messages';

/** Why a backup was written; the backup's manifest (main/backup/manifest.ts) validates against this list. */
export const BACKUP_KINDS = ['manual', 'automatic', 'pre-migration', 'move'] as const;
export type BackupKindName = (typeof BACKUP_KINDS)[number];

/** One backup's outcome: what Settings → Data shows, and what backups/status.json stores. */
export interface BackupRecordInfo {
  at: string;
  kind: BackupKindName;
  ok: boolean;
  /** The failure's English text (logs, scripts); `reason` is what the UI translates. */
  error: string | null;
  reason?: Message;
  /** Relative to the data directory when inside it, else absolute. */
  file: string | null;
  bytes: number;
  durationMs: number;
}

export interface BackupListEntry {
  name: string;
  kind: 'manual' | 'automatic' | 'pre-migration';
  /** Archive (zip) or backup folder. */
  form: 'archive' | 'folder';
  complete: boolean;
  bytes: number;
  modifiedAt: string;
}

export interface DataJob {
  kind: 'backup' | 'restore' | 'move';
  phase: string;
  percent: number;
  startedAt: string;
  finishedAt: string | null;
  ok: boolean | null;
  error: Message | null;
  file: string | null;
}

export interface DataStatus {
  dataDir: string;
  sizes: { lab: number; completion: number; logs: number; backups: number; other: number };
  lastBackup: BackupRecordInfo | null;
  lastGoodBackup: BackupRecordInfo | null;
  keep: number;
  backups: BackupListEntry[];
  job: DataJob | null;
  /** A move prepared in an earlier run: where the data now lives. */
  movedTo: string | null;
}

export interface RestorePreview {
  source: string;
  sourceKind: 'archive' | 'backup-folder' | 'data-folder';
  createdAt: string | null;
  appVersion: string | null;
  schema: { lab: number; completion: number };
  /** Row counts of lab.db's tables in the source. */
  counts: Record<string, number>;
  files: string[];
  warnings: Message[];
  /** The source's lab.db has an older schema; it is upgraded (after an automatic backup) when opened. */
  needsUpgrade: boolean;
}

export interface RestoreResult {
  preview: RestorePreview;
  /** Folder (relative to the data directory) keeping the files the restore replaced. */
  replacedDir: string;
  durationMs: number;
}

export interface MoveResult {
  from: string;
  to: string;
  /** The app must be restarted to run on the new directory. */
  restartRequired: boolean;
}

const pathText = () => z.string({ error: 'field.text' }).trim().min(1, 'field.required').max(4096, 'field.maxChars');

export const dataOps = {
  dataStatus: op({ method: 'GET', path: '/data/status', access: 'admin', input: empty, output: returns<DataStatus>() }),
  backupNow: op({
    method: 'POST',
    path: '/data/backups',
    access: 'admin',
    input: z.object({ outDir: pathText().optional() }).strict(),
    output: returns<DataJob>(),
  }),
  previewRestore: op({ method: 'POST', path: '/data/restore/preview', access: 'admin', input: z.object({ source: pathText() }).strict(), output: returns<RestorePreview>() }),
  restoreData: op({
    method: 'POST',
    path: '/data/restore',
    access: 'admin',
    input: z.object({ source: pathText(), acceptWarnings: z.boolean({ error: 'field.boolean' }).optional() }).strict(),
    output: returns<RestoreResult>(),
  }),
  updateBackupSettings: op({
    method: 'PUT',
    path: '/data/settings',
    access: 'admin',
    input: z.object({ keep: z.number({ error: 'field.number' }).int('field.wholeNumber').min(1, 'field.keepBackups').max(365, 'field.max') }).strict(),
    output: returns<{ keep: number }>(),
  }),
  /** The move dialog's check before its confirmation: the same target checks as moveDataDir, nothing written. */
  checkMoveTarget: op({ method: 'POST', path: '/data/move/check', access: 'admin', input: z.object({ target: pathText() }).strict(), output: returns<{ to: string }>() }),
  moveDataDir: op({ method: 'POST', path: '/data/move', access: 'admin', input: z.object({ target: pathText() }).strict(), output: returns<MoveResult>() }),
};
