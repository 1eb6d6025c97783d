// Controlled chemicals: the categories and their CAS lists (lab.db v8). Flagging items and orders
// is done by triggers in the same transaction as every write (lab.db v8), so a list change
// here re-flags the records it touches; afterwards every window hears `controlled-changed` and the
// inventory and reagent-order lists refresh. Every change leaves an audit entry (kind
// `controlled_list`, the category's id).
import path from 'node:path';
import type { RecordsDeps } from '../records/deps';
import type { UserInfo } from '../../shared/contract';
import type { ControlledCasInput, ControlledCreateInput, ControlledImportInput, ControlledLedgerInput, ControlledRenameInput } from '../../shared/contract/controlled';
import { MAX_IMPORT_ERRORS, type ControlledCategory, type ControlledEntry, type ControlledImportResult } from '../../shared/controlled';
import type { LabelLanguage } from '../../shared/record-labels';
import { AppError, fieldError, fieldInvalid } from '../../shared/errors';
import { parseCas } from '../../shared/cas';
import { controlledStore, type ControlledWrites } from '../stores/controlled-store';
import { readListFile } from './list-file';
import { exportListFile } from './list-export';
import { exportControlledLedger } from './ledger-export';
import type { ExportFile } from '../list-export/export-file';
import { writeTransaction } from '../db/transaction';

const ENTITY = 'controlled_list';

export class ControlledService {
  private readonly lists: ControlledWrites;

  constructor(private readonly deps: RecordsDeps) {
    this.lists = controlledStore(deps.db);
  }

  categories(): ControlledCategory[] {
    return this.lists.categories();
  }

  category(id: number): ControlledCategory {
    const c = this.categories().find((x) => x.id === id);
    if (!c) throw new AppError('not_found', 'controlled.noCategory', { id }, { fields: fieldError('id', 'field.noSuchRecord') });
    return c;
  }

  /** All entries (or one category's), by CAS. */
  entries(categoryId?: number): ControlledEntry[] {
    if (categoryId === undefined) return this.lists.entries();
    this.category(categoryId);
    return this.lists.entriesOf(categoryId);
  }

  create(actor: UserInfo, input: ControlledCreateInput): ControlledCategory {
    const entries = (input.entries ?? []).map((e, i) => ({ cas: validCas(e.cas, `entries.${i}.cas`), name: e.name ?? '' }));
    const id = writeTransaction(this.deps.db, () => {
      this.checkNames(null, input.name_zh, input.name_en);
      const newId = this.lists.insertCategory({ nameZh: input.name_zh, nameEn: input.name_en, sort: this.lists.nextSort() });
      const added = this.lists.insertEntries(newId, entries);
      this.audit(actor, newId, 'create', { name: [null, input.name_zh], name_en: [null, input.name_en], ...(added ? { entries: [0, added] } : {}) });
      return newId;
    });
    this.changed();
    return this.category(id);
  }

  rename(actor: UserInfo, input: ControlledRenameInput): ControlledCategory {
    const changed = writeTransaction(this.deps.db, () => {
      const before = this.category(input.id);
      const zh = input.name_zh ?? before.name_zh;
      const en = input.name_en ?? before.name_en;
      if (zh === before.name_zh && en === before.name_en) return false;
      this.checkNames(before.id, zh, en);
      this.lists.renameCategory(before.id, zh, en);
      const changes: Record<string, [unknown, unknown]> = {};
      if (zh !== before.name_zh) changes.name = [before.name_zh, zh];
      if (en !== before.name_en) changes.name_en = [before.name_en, en];
      this.audit(actor, before.id, 'update', changes);
      return true;
    });
    if (changed) this.changed(false);
    return this.category(input.id);
  }

  delete(actor: UserInfo, id: number): void {
    writeTransaction(this.deps.db, () => {
      const before = this.category(id);
      if (before.key !== null) throw new AppError('conflict', 'controlled.builtIn', {});
      // Entries first, row by row, so the unlisting triggers clear the flags they set.
      this.lists.deleteEntriesOf(id);
      this.lists.deleteCategory(id);
      this.audit(actor, id, 'delete', { name: [before.name_zh, null], name_en: [before.name_en, null], entries: [before.count, 0] });
    });
    this.changed();
  }

  addCas(actor: UserInfo, input: ControlledCasInput): ControlledEntry {
    const cas = validCas(input.cas, 'cas');
    writeTransaction(this.deps.db, () => {
      this.category(input.id);
      if (this.lists.insertEntries(input.id, [{ cas, name: input.name ?? '' }]) === 0) throw fieldInvalid('cas', 'controlled.alreadyListed', { cas });
      this.audit(actor, input.id, 'add_cas', { cas: [null, cas], ...(input.name ? { cas_name: [null, input.name] } : {}) });
    });
    this.changed();
    return { category_id: input.id, cas, name: input.name ?? '' };
  }

  removeCas(actor: UserInfo, input: { id: number; cas: string }): void {
    const p = parseCas(input.cas);
    const cas = p.kind === 'valid' || p.kind === 'bad_check_digit' ? p.canonical : input.cas;
    writeTransaction(this.deps.db, () => {
      this.category(input.id);
      if (!this.lists.deleteEntry(input.id, cas)) throw fieldInvalid('cas', 'controlled.notListed', { cas });
      this.audit(actor, input.id, 'remove_cas', { cas: [cas, null] });
    });
    this.changed();
  }

  /** Adds a file's valid rows; refused rows are reported and never written. */
  async import(actor: UserInfo, input: ControlledImportInput): Promise<ControlledImportResult> {
    this.category(input.id);
    const { rows, errors } = await readListFile(input.fileName, base64File(input.content));
    const added = writeTransaction(this.deps.db, () => {
      this.category(input.id);
      const n = this.lists.insertEntries(input.id, rows);
      this.audit(actor, input.id, 'import', { file: [null, input.fileName], added: [null, n], refused: [null, errors.length] });
      return n;
    });
    if (added > 0) this.changed();
    return { added, already: rows.length - added, refused: errors.length, errors: errors.slice(0, MAX_IMPORT_ERRORS) };
  }

  exportList(input: { id: number; format: 'csv' | 'xlsx'; lang: LabelLanguage }): Promise<ExportFile> {
    const category = this.category(input.id);
    return exportListFile(this.exportDir(), { ...input, category, entries: this.entries(input.id) });
  }

  exportLedger(input: ControlledLedgerInput): Promise<ExportFile> {
    if (input.to! < input.from!) throw fieldInvalid('to', 'controlled.dateOrder');
    const category = this.category(input.id);
    return exportControlledLedger(this.deps.db, this.exportDir(), { category, from: input.from!, to: input.to!, lang: input.lang });
  }

  private exportDir(): string {
    return path.join(path.dirname(this.deps.db.name), 'exports');
  }

  private checkNames(selfId: number | null, zh: string, en: string): void {
    for (const c of this.categories()) {
      if (c.id === selfId) continue;
      if (c.name_zh === zh) throw fieldInvalid('name_zh', 'controlled.nameTaken', { name: zh });
      if (c.name_en.toLowerCase() === en.toLowerCase()) throw fieldInvalid('name_en', 'controlled.nameTaken', { name: en });
    }
  }

  private audit(actor: UserInfo, id: number, action: string, changes: Record<string, [unknown, unknown]>): void {
    this.deps.audit.record({ userId: actor.id, entityType: ENTITY, entityId: id, action, changes });
  }

  /** After a commit: every window re-reads the lists' names and, when entries changed, the flagged records. */
  private changed(reflagged = true): void {
    try {
      this.deps.events.emit({ type: 'controlled-changed' });
      if (reflagged) for (const endpoint of ['/inventory/', '/reagent-orders/'] as const) this.deps.events.emit({ type: 'records-changed', endpoint });
    } catch (e) {
      this.deps.log.error({ err: e instanceof Error ? e.message : String(e) }, 'controlled-changed event failed');
    }
  }
}

/** A CAS as a list keeps it: canonical with a valid check digit, else a 400 naming `field`. */
function validCas(raw: string, field: string): string {
  const p = parseCas(raw);
  if (p.kind === 'valid') return p.canonical;
  if (p.kind === 'bad_check_digit') throw fieldInvalid(field, 'controlled.checkDigit', { cas: p.canonical, expected: p.expected });
  if (p.kind === 'empty') throw fieldInvalid(field, 'field.required');
  throw fieldInvalid(field, 'cas.invalidField', { reason: p.reason });
}

/** A file sent as base64; Buffer.from would skip bad characters and read garbage, so check first. */
function base64File(content: string): Buffer {
  const text = content.replace(/\s+/g, '');
  if (text === '' || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw fieldInvalid('content', 'controlled.importBase64');
  return Buffer.from(text, 'base64');
}
