// A newer edition of a reference list, imported by an admin: the file arrives in chunks (an HCIS
// export is 3 MB, over the 2 MiB body limit in base64), is checked by the build's own parser, and is
// answered with what switching would change (added and removed CAS numbers, with names) as a pending
// preview. Only the switch changes anything: the file is kept in the data directory
// (editions-file.ts), reference.db is built again with it in place of the shipped file, the service
// reopened, the switch audited in lab.db, every window told, and `referenceChanged` listeners called.
// Reverting to the shipped edition is the same flow with the shipped file as the new edition.
import crypto from 'node:crypto';
import { recordAudit } from '../audit/audit-log';
import type { EventBus } from '../events';
import type { Logger } from '../logging';
import type { LabData } from '../stores/lab-data';
import type { UserInfo } from '../../shared/contract';
import type { EditionPreviewInput, EditionUploadInput } from '../../shared/contract/reference';
import { AppError, fieldError, fieldInvalid } from '../../shared/errors';
import { msg, type Message } from '../../shared/messages';
import { EDITION_COLUMNS, EDITION_LISTS, type EditionCas, type EditionList, type EditionPreview, type EditionText, type ImportedEdition } from '../../shared/reference';
import { removeEdition, sha256Text, writeEdition } from './editions-file';
import { casList, records, ReferenceFileError } from './parse';
import { parseList } from './reference-db';
import type { ReferenceService } from './reference-service';

/** The largest edition file taken (the shipped HCIS export is 3 MB). */
export const MAX_EDITION_BYTES = 8 * 1024 * 1024;
/** A preview or an upload not used within this time is dropped (its file held in memory). */
const PENDING_MS = 30 * 60 * 1000;
/** Refused rows named at most (the first of them is the error's own message). */
const MAX_PROBLEMS = 20;
/** The audit entry's entity: the list, by its place in EDITION_LISTS (1-based). */
export const EDITION_ENTITY = 'reference_edition';

interface Upload {
  parts: Buffer[];
  size: number;
  done: boolean;
  at: number;
}

interface Pending {
  preview: EditionPreview;
  /** The new edition's text and words; null for a revert (the shipped file). */
  next: { text: string; meta: Omit<ImportedEdition, 'importedBy' | 'importedAt'> } | null;
  /** The edition in use when previewed (its hash, or 'shipped'): a switch after another one is refused. */
  basis: string;
  at: number;
}

export interface EditionDeps {
  dataDir: string;
  reference: ReferenceService;
  /** The lab's data services in use (replaced by a restore): the audit entry goes there. */
  lab: () => LabData;
  events: EventBus;
  log: Logger;
  /** Called after every switch and revert, and after a restore reopened the editions (composition root). */
  referenceChanged: () => void;
}

/** CAS → the first name the list gives it. */
function casNames(list: EditionList, text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const row of parseList(list, 'edition', text)) for (const c of row.cas) if (!out.has(c)) out.set(c, row.name);
  return out;
}

const diff = (a: Map<string, string>, b: Map<string, string>): EditionCas[] =>
  [...b].filter(([cas]) => !a.has(cas)).map(([cas, name]) => ({ cas, name })).sort((x, y) => x.cas.localeCompare(y.cas));

/** A refused file: every bad CAS cell by row, else the parser's first complaint, naming row and column. */
function refuse(problems: Message[]): AppError {
  const first = problems[0]!;
  return new AppError('validation', first.key, first.params, { fields: fieldError('file', first.key, first.params), details: { problems: problems.slice(0, MAX_PROBLEMS) } });
}

/** The file checked as the build checks the shipped one; refused with rows and columns named, else its rows. */
function checkFile(list: EditionList, text: string): number {
  const spec = EDITION_COLUMNS[list];
  let rows: Array<Record<string, string>>;
  try {
    rows = records('edition', text, spec.columns);
  } catch (e) {
    if (!(e instanceof ReferenceFileError)) throw e;
    if (e.columns.length) throw refuse([msg('referenceEdition.missingColumns', { columns: e.columns.join(', '), list })]);
    throw refuse([msg('referenceEdition.notCsv', { row: e.row ?? 1 })]);
  }
  if (rows.length === 0) throw refuse([msg('referenceEdition.empty')]);
  // Every CAS cell first, so one answer names all the bad numbers, not only the first.
  const problems: Message[] = [];
  rows.forEach((r, i) => {
    try {
      casList('edition', i + 2, r[spec.cas] ?? '', spec.cas);
    } catch (e) {
      if (!(e instanceof ReferenceFileError)) throw e;
      problems.push(msg('referenceEdition.badCas', { row: i + 2, column: spec.cas, value: (r[spec.cas] ?? '').trim() }));
    }
  });
  if (problems.length) throw refuse(problems);
  try {
    return parseList(list, 'edition', text).length;
  } catch (e) {
    if (!(e instanceof ReferenceFileError)) throw e;
    throw refuse([msg('referenceEdition.badCell', { row: e.row ?? 1, column: e.columns.join(', ') })]);
  }
}

export class ReferenceEditionService {
  private readonly uploads = new Map<string, Upload>();
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly deps: EditionDeps) {}

  private sweep(): void {
    const old = Date.now() - PENDING_MS;
    for (const [id, u] of this.uploads) if (u.at < old) this.uploads.delete(id);
    for (const [id, p] of this.pending) if (p.at < old) this.pending.delete(id);
  }

  /** One chunk of a file, in order; the last one closes it. */
  upload(input: EditionUploadInput): { uploadId: string; received: number } {
    this.sweep();
    const chunk = base64(input.chunk);
    let id = input.uploadId;
    let u = id ? this.uploads.get(id) : undefined;
    if (id && (!u || u.done)) throw new AppError('not_found', 'referenceEdition.noUpload', {}, { fields: fieldError('uploadId', 'referenceEdition.noUpload') });
    if (!u) {
      id = crypto.randomUUID();
      u = { parts: [], size: 0, done: false, at: Date.now() };
      this.uploads.set(id, u);
    }
    u.size += chunk.length;
    if (u.size > MAX_EDITION_BYTES) {
      this.uploads.delete(id!);
      throw new AppError('too_large', 'referenceEdition.tooLarge', { mb: MAX_EDITION_BYTES / 1024 / 1024 }, { fields: fieldError('chunk', 'referenceEdition.tooLarge', { mb: MAX_EDITION_BYTES / 1024 / 1024 }) });
    }
    u.parts.push(chunk);
    u.done = input.last;
    u.at = Date.now();
    return { uploadId: id!, received: u.size };
  }

  /** The edition in use of `list`: words, rows, text, and the basis a later switch must still find. */
  private inUse(list: EditionList) {
    const r = this.deps.reference;
    const imported = r.imported(list);
    const shipped = r.shippedFile(list);
    const words = (lang: 'zh' | 'en'): EditionText => ({ list: shipped[lang].list, edition: shipped[lang].edition, source: shipped[lang].source });
    if (imported) return { zh: imported.meta.zh, en: imported.meta.en, rows: imported.meta.rows, text: imported.text, imported: true, basis: imported.meta.sha256 };
    return { zh: words('zh'), en: words('en'), rows: shipped.rows, text: r.shippedText(list), imported: false, basis: 'shipped' };
  }

  private keep(p: Omit<Pending, 'at' | 'preview'> & { preview: Omit<EditionPreview, 'token'> }, fromText: string, toText: string): EditionPreview {
    const before = casNames(p.preview.list, fromText);
    const after = casNames(p.preview.list, toText);
    const added = diff(before, after);
    const removed = diff(after, before);
    const preview: EditionPreview = { ...p.preview, token: crypto.randomUUID(), added, removed, kept: [...after.keys()].filter((c) => before.has(c)).length };
    this.pending.set(preview.token, { ...p, preview, at: Date.now() });
    return preview;
  }

  /** A new edition of `list` from an upload: checked, compared with the edition in use, kept pending. */
  preview(input: EditionPreviewInput): EditionPreview {
    this.sweep();
    const u = this.uploads.get(input.uploadId);
    if (!u || !u.done) throw new AppError('not_found', 'referenceEdition.noUpload', {}, { fields: fieldError('uploadId', 'referenceEdition.noUpload') });
    this.uploads.delete(input.uploadId);
    const text = Buffer.concat(u.parts).toString('utf8');
    const rows = checkFile(input.list, text);
    const sha256 = sha256Text(text);
    const from = this.inUse(input.list);
    if (from.imported && from.basis === sha256) throw fieldInvalid('file', 'referenceEdition.sameFile');
    const words = (lang: 'zh' | 'en'): EditionText => ({ list: input[lang].list, edition: input[lang].edition, source: input[lang].source ?? '' });
    const to = { zh: words('zh'), en: words('en'), rows, imported: true };
    return this.keep(
      { preview: { list: input.list, kind: 'import', from: { zh: from.zh, en: from.en, rows: from.rows, imported: from.imported }, to, added: [], removed: [], kept: 0 }, next: { text, meta: { sha256, rows, zh: to.zh, en: to.en } }, basis: from.basis },
      from.text,
      text,
    );
  }

  /** Back to the shipped edition of `list`: the same preview, the shipped file as the new edition. */
  previewRevert(list: EditionList): EditionPreview {
    this.sweep();
    const r = this.deps.reference;
    if (!r.named(list)) throw new AppError('conflict', 'referenceEdition.notImported', { list }, { fields: fieldError('list', 'referenceEdition.notImported', { list }) });
    const from = this.inUse(list);
    const shipped = r.shippedFile(list);
    const words = (lang: 'zh' | 'en'): EditionText => ({ list: shipped[lang].list, edition: shipped[lang].edition, source: shipped[lang].source });
    return this.keep(
      { preview: { list, kind: 'revert', from: { zh: from.zh, en: from.en, rows: from.rows, imported: from.imported }, to: { zh: words('zh'), en: words('en'), rows: shipped.rows, imported: false }, added: [], removed: [], kept: 0 }, next: null, basis: from.basis },
      from.text,
      r.shippedText(list),
    );
  }

  cancel(token: string): void {
    if (!this.pending.delete(token)) throw noPreview();
  }

  /** Makes the previewed edition the list's: files, audit (one unit), then reference.db reopened, windows told, listeners called. */
  async switch(actor: UserInfo, token: string): Promise<EditionPreview> {
    this.sweep();
    const p = this.pending.get(token);
    if (!p) throw noPreview();
    const { list } = p.preview;
    if (this.inUse(list).basis !== p.basis) {
      this.pending.delete(token);
      throw new AppError('conflict', 'referenceEdition.stale', { list });
    }
    this.pending.delete(token);
    const { dataDir } = this.deps;
    await this.deps.lab().withWriteTransaction(async (tx) => {
      await recordAudit(tx, {
        userId: actor.id,
        entityType: EDITION_ENTITY,
        entityId: EDITION_LISTS.indexOf(list) + 1,
        action: p.preview.kind === 'import' ? 'switch' : 'revert',
        changes: {
          list: [list, list],
          edition: [p.preview.from.zh.list, p.preview.to.zh.list],
          edition_en: [p.preview.from.en.list, p.preview.to.en.list],
          rows: [p.preview.from.rows, p.preview.to.rows],
          added: [null, p.preview.added.length],
          removed: [null, p.preview.removed.length],
        },
      });
      // Inside the unit: a file that cannot be written rolls the audit entry back with it.
      if (p.next) writeEdition(dataDir, list, p.next.text, { ...p.next.meta, importedBy: { id: actor.id, name: actor.displayName }, importedAt: new Date().toISOString() });
      else removeEdition(dataDir, list);
    });
    this.deps.log.info({ list, kind: p.preview.kind, from: p.preview.from.en.list, to: p.preview.to.en.list, added: p.preview.added.length, removed: p.preview.removed.length }, 'reference edition switched');
    this.reopened();
    return p.preview;
  }

  /** reference.db opened again from the data directory's editions (after a switch, after a restore). */
  reopened(): void {
    this.pending.clear();
    this.deps.reference.reload();
    try {
      this.deps.events.emit({ type: 'reference-changed' });
    } catch (e) {
      this.deps.log.error({ err: e instanceof Error ? e.message : String(e) }, 'reference-changed event failed');
    }
    this.deps.referenceChanged();
  }
}

const noPreview = () => new AppError('not_found', 'referenceEdition.noPreview', {}, { fields: fieldError('token', 'referenceEdition.noPreview') });

function base64(content: string): Buffer {
  const text = content.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw fieldInvalid('chunk', 'controlled.importBase64');
  return Buffer.from(text, 'base64');
}
