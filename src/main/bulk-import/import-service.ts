// Bulk inventory import (the bulk path of spec 000): the file arrives in chunks that are appended
// to a file under <dataDir>/imports (never kept in memory), is read by the import worker for the
// preview (mapping, counts, per-row errors) and written only on confirmation — all valid rows in
// one transaction in the worker (bad rows skipped only when the caller says so explicitly). The
// server's event loop only moves bytes and messages; progress is kept per import for the wizard.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AppError, fieldError } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import type { ImportDuplicateChoice, ImportLocationChoice, ImportPreview, ImportProgress, ImportResult } from '../../shared/records';
import { decidePlaces } from './import-locations';
import { matchAgainst } from '../locations/location-match';
import { writeImportTemplate } from './import-template';
import type { ExportFile } from '../list-export/export-file';
import type { afterCommit } from '../records/deps';
import type { LabData, LabReads } from '../stores/lab-data';
import type { Logger } from '../logging';
import { startImportJob, type RunningJob } from './import-worker';
import type { ScanResult } from './import-scan.child';
import type { WriteResult } from './import-write.child';
import { checkMapping, isComplete, type ImportMapping } from './import-rows';

export type { ImportMapping } from './import-rows';

/** Bytes of file accepted per import: the file is on disk and read as a stream, the rows are capped. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
const SESSION_TTL_MS = 60 * 60 * 1000;
/** Unfinished imports kept per user; starting another drops the oldest (bounds disk use). */
const MAX_SESSIONS_PER_USER = 3;

interface Scan {
  /** The mapping asked for and the mapping used (the suggested one when none was asked for). */
  keys: string[];
  spool: string;
  result: ScanResult;
}

interface Session {
  userId: number;
  fileName: string;
  file: string;
  size: number;
  complete: boolean;
  touched: number;
  /** The last finished scan: a commit with the same mapping writes its spool without reading the file again. */
  scan: Scan | null;
  progress: ImportProgress | null;
  /** The worker now running for this import (preview or commit). */
  running: RunningJob<unknown> | null;
  /** Set while a commit runs: a second commit of the same import (double click) is refused. */
  committing: boolean;
  /** Upload appends in flight, in order. */
  writing: Promise<void>;
}

type ProgressListener = (p: ImportProgress) => void;

/** How a file is read: the same layout gives the same scan (and spool). */
export interface ImportLayout {
  mapping?: ImportMapping;
  headerRow?: number;
  sectionAsCategory?: boolean;
  keepBadCasCheckDigits?: boolean;
  duplicates?: ImportDuplicateChoice;
}

export interface ImportDeps {
  data: LabData;
  log: Logger;
  /** lab.db's file: the worker's children open their own connections to it (the scan reads, the writer writes). */
  labPath: string;
  /** The records' after-commit step (completion index, live lists) for what the writer committed. */
  afterCommit(changes: Parameters<typeof afterCommit>[1]): void;
}

/** The import's location texts against the tree as it is in the open unit `r`. */
async function matchIn(r: Pick<LabReads, 'locations'>, texts: Array<{ text: string; rows: number }>) {
  return matchAgainst(await r.locations.all(), texts);
}

const scanKey = (l: ImportLayout) => JSON.stringify([l.mapping ?? null, l.headerRow ?? null, !!l.sectionAsCategory, !!l.keepBadCasCheckDigits, l.duplicates ?? 'import']);

export class ImportService {
  private readonly sessions = new Map<string, Session>();
  private readonly dir: string;

  constructor(private readonly d: ImportDeps) {
    this.dir = path.join(path.dirname(d.labPath), 'imports');
    // Sessions live in memory: whatever a previous run left here belongs to no import any more.
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Forgets the import and removes its files (once a pending append has landed). */
  private async drop(id: string): Promise<void> {
    const s = this.sessions.get(id);
    if (!s) return;
    this.sessions.delete(id);
    s.running?.stop();
    await s.writing.catch(() => undefined);
    await Promise.all([s.file, s.scan?.spool].filter((f): f is string => !!f).map((f) => fs.promises.rm(f, { force: true }).catch(() => undefined)));
  }

  private sweep(): void {
    const now = Date.now();
    for (const [k, s] of this.sessions) if (now - s.touched > SESSION_TTL_MS && !s.running) void this.drop(k);
  }

  private session(actor: UserInfo, importId: string): Session {
    const s = this.sessions.get(importId);
    if (!s || s.userId !== actor.id) throw new AppError('not_found', 'import.expired', {}, { fields: fieldError('importId', 'import.expired') });
    s.touched = Date.now();
    return s;
  }

  async upload(actor: UserInfo, input: { importId?: string; fileName: string; chunk: string; last: boolean }): Promise<{ importId: string; received: number }> {
    this.sweep();
    let id = input.importId;
    let s: Session;
    if (!id) {
      const mine = [...this.sessions].filter(([, x]) => x.userId === actor.id).sort((a, b) => a[1].touched - b[1].touched);
      while (mine.length >= MAX_SESSIONS_PER_USER) void this.drop(mine.shift()![0]);
      id = randomUUID();
      await fs.promises.mkdir(this.dir, { recursive: true });
      const file = path.join(this.dir, `${id}${path.extname(input.fileName).toLowerCase().replace(/[^.a-z0-9]/g, '')}`);
      s = { userId: actor.id, fileName: input.fileName, file, size: 0, complete: false, touched: Date.now(), scan: null, progress: null, running: null, committing: false, writing: fs.promises.writeFile(file, '') };
      this.sessions.set(id, s);
    } else {
      s = this.session(actor, id);
      if (s.complete) throw new AppError('conflict', 'import.uploadComplete', {}, { fields: fieldError('importId', 'import.uploadComplete') });
    }
    const buf = Buffer.from(input.chunk, 'base64');
    s.size += buf.length;
    if (s.size > MAX_FILE_BYTES) {
      void this.drop(id);
      throw new AppError('too_large', 'import.fileTooLarge', { mb: MAX_FILE_BYTES / 1024 / 1024 }, { fields: fieldError('file', 'field.tooLarge') });
    }
    s.complete = input.last;
    const file = s.file;
    s.writing = s.writing.then(() => fs.promises.appendFile(file, buf));
    await s.writing;
    return { importId: id, received: s.size };
  }

  /** The template to fill in (import-template.ts), written to the exports folder for the download. */
  template(): Promise<ExportFile> {
    return writeImportTemplate(path.join(path.dirname(this.d.labPath), 'exports'));
  }

  /** Where the import's running preview or commit is (null when none ran yet). */
  status(actor: UserInfo, input: { importId: string }): { progress: ImportProgress | null; running: boolean } {
    const s = this.session(actor, input.importId);
    return { progress: s.progress, running: s.running !== null };
  }

  /** Stops the import's running preview or commit (a stopped commit writes nothing); with `discard`
   *  (the wizard closed) the import is forgotten and its files removed. */
  async cancel(actor: UserInfo, input: { importId: string; discard?: boolean }): Promise<{ ok: true }> {
    const s = this.session(actor, input.importId);
    s.running?.stop();
    if (input.discard) await this.drop(input.importId);
    return { ok: true };
  }

  private track(s: Session, listener?: ProgressListener): ProgressListener {
    return (p) => {
      s.progress = p;
      listener?.(p);
    };
  }

  private async scan(id: string, s: Session, layout: ImportLayout, listener?: ProgressListener): Promise<Scan> {
    if (!s.complete) throw new AppError('conflict', 'import.uploadIncomplete', {}, { fields: fieldError('importId', 'import.uploadIncomplete') });
    await s.writing;
    const key = scanKey(layout);
    if (s.scan?.keys.includes(key)) return s.scan;
    const spool = path.join(this.dir, `${id}-${randomUUID()}.rows`);
    const { mapping, headerRow, sectionAsCategory, keepBadCasCheckDigits, duplicates } = layout;
    const input = { file: s.file, fileName: s.fileName, mapping, headerRow, sectionAsCategory, keepBadCasCheckDigits, duplicates, dbPath: this.d.labPath, spool };
    const job = startImportJob({ kind: 'scan', input }, this.track(s, listener));
    s.running = job;
    let result: ScanResult;
    try {
      result = await job.result;
    } catch (e) {
      fs.rm(spool, { force: true }, () => undefined);
      throw e;
    } finally {
      if (s.running === job) s.running = null;
    }
    const previous = s.scan?.spool;
    if (previous) fs.rm(previous, { force: true }, () => undefined);
    // The same scan answers the mapping it suggested, and the header row it found (asked for by
    // number, or — when it was found — left out again, as a commit from before headerRow sends).
    const used = { ...layout, mapping: result.mapping };
    const keys = [key, scanKey({ ...used, headerRow: result.headerRow })];
    if (layout.headerRow === undefined) keys.push(scanKey(used));
    s.scan = { keys, spool, result };
    // Once the file is read, a commit of an unchanged mapping needs only the spool (a dropped
    // session removes it: see drop()).
    if (!this.sessions.has(id)) fs.rm(spool, { force: true }, () => undefined);
    return s.scan;
  }

  async preview(actor: UserInfo, input: { importId: string } & ImportLayout, listener?: ProgressListener): Promise<ImportPreview> {
    const s = this.session(actor, input.importId);
    const { result } = await this.scan(input.importId, s, input, listener);
    const { locationTexts, ...rest } = result;
    const locations = await this.d.data.read((r) => matchIn(r, locationTexts));
    return { importId: input.importId, fileName: s.fileName, ...rest, locations };
  }

  async commit(actor: UserInfo, input: { importId: string; mapping: ImportMapping; skipBadRows: boolean; locations?: ImportLocationChoice[] } & ImportLayout, listener?: ProgressListener): Promise<ImportResult> {
    const s = this.session(actor, input.importId);
    // Without name and quantity mapped the scan would not validate: refuse the mapping itself.
    if (!isComplete(input.mapping)) checkMapping([], input.mapping);
    // Claimed before the first await: a second commit arriving meanwhile would otherwise insert
    // every row again.
    if (s.committing) throw new AppError('conflict', 'import.committing', {}, { fields: fieldError('importId', 'import.committing') });
    s.committing = true;
    let written: WriteResult;
    let skipped: number;
    let merged: number;
    try {
      const { result: v, spool } = await this.scan(input.importId, s, input, listener);
      if (v.badRows > 0 && !input.skipBadRows) {
        throw new AppError('validation', 'import.badRows', { bad: v.badRows, valid: v.validRows }, { fields: fieldError('rows', 'import.badRowsField', { bad: v.badRows }), details: { errors: v.errors } });
      }
      if (v.validRows === 0) throw new AppError('validation', 'import.noValidRows', {}, { fields: fieldError('rows', 'import.noValidRows') });
      if (!this.sessions.has(input.importId)) throw new AppError('not_found', 'import.expired', {}, { fields: fieldError('importId', 'import.expired') });
      // Matched and checked in one snapshot; the writer's own transaction checks the nodes again.
      const places = await this.d.data.read(async (r) => decidePlaces(r, await matchIn(r, v.locationTexts), input.locations));
      // rows added to an item in stock or to an earlier row's item are valid, but not spooled as items
      const total = v.validRows - v.addedRows - v.mergedRows;
      const job = startImportJob({ kind: 'write', dbPath: this.d.labPath, spool, actor, total, places, fileName: s.fileName }, this.track(s, listener));
      s.running = job;
      try {
        written = await job.result;
      } finally {
        s.running = null;
      }
      skipped = v.badRows;
      merged = v.mergedRows;
    } finally {
      s.committing = false;
    }
    await this.drop(input.importId);
    const { ids, added, addedTo } = written;
    this.d.afterCommit([{ endpoint: '/inventory/', ids: [...addedTo, ...ids], bulk: true }]);
    this.d.log.info({ user: actor.username, imported: ids.length, added, addedTo: addedTo.length, merged, skipped }, 'inventory import committed');
    return { imported: ids.length, skipped, ids, added, addedTo, merged };
  }
}
