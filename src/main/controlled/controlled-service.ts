// Controlled chemicals: the categories and their CAS lists (lab.db v8). Flagging items and orders
// is done by triggers in the same transaction as every write (lab.db v8), so a list change
// here re-flags the records it touches; afterwards every window hears `controlled-changed` and the
// inventory and reagent-order lists refresh. Every change leaves an audit entry (kind
// `controlled_list`, the category's id).
import type { EventBus } from '../events';
import type { Logger } from '../logging';
import type { LabData, LabReads, LabWrites } from '../stores/lab-data';
import type { UserInfo } from '../../shared/contract';
import type { ControlledCasInput, ControlledCreateInput, ControlledImportInput, ControlledLedgerInput, ControlledRenameInput } from '../../shared/contract/controlled';
import { MAX_IMPORT_ERRORS, type ControlledCategory, type ControlledEntry, type ControlledImportResult } from '../../shared/controlled';
import type { LabelLanguage } from '../../shared/record-labels';
import { AppError, fieldError, fieldInvalid } from '../../shared/errors';
import { parseCas } from '../../shared/cas';
import { recordAudit } from '../audit/audit-log';
import { readListFile } from './list-file';
import { exportListFile } from './list-export';
import { controlledLedger, writeLedgerFile } from './ledger-export';
import type { ExportFile } from '../list-export/export-file';

const ENTITY = 'controlled_list';

export interface ControlledDeps {
  data: LabData;
  events: EventBus;
  log: Logger;
  /** Where the files it writes go (`<dataDir>/exports`); the transport delivers and removes them. */
  exportsDir: string;
}

type Lists = Pick<LabReads, 'controlled'>;

/** Category `id` read in the open unit `r`; not_found (naming `id`) when there is none. */
async function categoryIn(r: Lists, id: number): Promise<ControlledCategory> {
  const c = (await r.controlled.categories()).find((x) => x.id === id);
  if (!c) throw new AppError('not_found', 'controlled.noCategory', { id }, { fields: fieldError('id', 'field.noSuchRecord') });
  return c;
}

/** Refuses names another category has, read in the open unit (under the write lock, before the write). */
async function checkNames(r: Lists, selfId: number | null, zh: string, en: string): Promise<void> {
  for (const c of await r.controlled.categories()) {
    if (c.id === selfId) continue;
    if (c.name_zh === zh) throw fieldInvalid('name_zh', 'controlled.nameTaken', { name: zh });
    if (c.name_en.toLowerCase() === en.toLowerCase()) throw fieldInvalid('name_en', 'controlled.nameTaken', { name: en });
  }
}

function audit(tx: LabWrites, actor: UserInfo, id: number, action: string, changes: Record<string, [unknown, unknown]>): Promise<void> {
  return recordAudit(tx, { userId: actor.id, entityType: ENTITY, entityId: id, action, changes });
}

export class ControlledService {
  constructor(private readonly deps: ControlledDeps) {}

  categories(): Promise<ControlledCategory[]> {
    return this.deps.data.read((r) => r.controlled.categories());
  }

  category(id: number): Promise<ControlledCategory> {
    return this.deps.data.read((r) => categoryIn(r, id));
  }

  /** All entries (or one category's), by CAS. */
  entries(categoryId?: number): Promise<ControlledEntry[]> {
    return this.deps.data.read(async (r) => {
      if (categoryId === undefined) return r.controlled.entries();
      await categoryIn(r, categoryId);
      return r.controlled.entriesOf(categoryId);
    });
  }

  async create(actor: UserInfo, input: ControlledCreateInput): Promise<ControlledCategory> {
    const entries = (input.entries ?? []).map((e, i) => ({ cas: validCas(e.cas, `entries.${i}.cas`), name: e.name ?? '' }));
    const id = await this.deps.data.withWriteTransaction(async (tx) => {
      await checkNames(tx, null, input.name_zh, input.name_en);
      const newId = await tx.controlled.insertCategory({ nameZh: input.name_zh, nameEn: input.name_en, sort: await tx.controlled.nextSort() });
      const added = await tx.controlled.insertEntries(newId, entries);
      await audit(tx, actor, newId, 'create', { name: [null, input.name_zh], name_en: [null, input.name_en], ...(added ? { entries: [0, added] } : {}) });
      return newId;
    });
    this.changed();
    return this.category(id);
  }

  async rename(actor: UserInfo, input: ControlledRenameInput): Promise<ControlledCategory> {
    const changed = await this.deps.data.withWriteTransaction(async (tx) => {
      const before = await categoryIn(tx, input.id);
      const zh = input.name_zh ?? before.name_zh;
      const en = input.name_en ?? before.name_en;
      if (zh === before.name_zh && en === before.name_en) return false;
      await checkNames(tx, before.id, zh, en);
      await tx.controlled.renameCategory(before.id, zh, en);
      const changes: Record<string, [unknown, unknown]> = {};
      if (zh !== before.name_zh) changes.name = [before.name_zh, zh];
      if (en !== before.name_en) changes.name_en = [before.name_en, en];
      await audit(tx, actor, before.id, 'update', changes);
      return true;
    });
    if (changed) this.changed(false);
    return this.category(input.id);
  }

  async delete(actor: UserInfo, id: number): Promise<void> {
    await this.deps.data.withWriteTransaction(async (tx) => {
      const before = await categoryIn(tx, id);
      if (before.key !== null) throw new AppError('conflict', 'controlled.builtIn', {});
      // Entries first, row by row, so the unlisting triggers clear the flags they set.
      await tx.controlled.deleteEntriesOf(id);
      await tx.controlled.deleteCategory(id);
      await audit(tx, actor, id, 'delete', { name: [before.name_zh, null], name_en: [before.name_en, null], entries: [before.count, 0] });
    });
    this.changed();
  }

  async addCas(actor: UserInfo, input: ControlledCasInput): Promise<ControlledEntry> {
    const cas = validCas(input.cas, 'cas');
    await this.deps.data.withWriteTransaction(async (tx) => {
      await categoryIn(tx, input.id);
      if ((await tx.controlled.insertEntries(input.id, [{ cas, name: input.name ?? '' }])) === 0) throw fieldInvalid('cas', 'controlled.alreadyListed', { cas });
      await audit(tx, actor, input.id, 'add_cas', { cas: [null, cas], ...(input.name ? { cas_name: [null, input.name] } : {}) });
    });
    this.changed();
    return { category_id: input.id, cas, name: input.name ?? '' };
  }

  async removeCas(actor: UserInfo, input: { id: number; cas: string }): Promise<void> {
    const p = parseCas(input.cas);
    const cas = p.kind === 'valid' || p.kind === 'bad_check_digit' ? p.canonical : input.cas;
    await this.deps.data.withWriteTransaction(async (tx) => {
      await categoryIn(tx, input.id);
      if (!(await tx.controlled.deleteEntry(input.id, cas))) throw fieldInvalid('cas', 'controlled.notListed', { cas });
      await audit(tx, actor, input.id, 'remove_cas', { cas: [cas, null] });
    });
    this.changed();
  }

  /** Adds a file's valid rows; refused rows are reported and never written. The file is read before the unit. */
  async import(actor: UserInfo, input: ControlledImportInput): Promise<ControlledImportResult> {
    await this.category(input.id);
    const { rows, errors } = await readListFile(input.fileName, base64File(input.content));
    const added = await this.deps.data.withWriteTransaction(async (tx) => {
      await categoryIn(tx, input.id);
      const n = await tx.controlled.insertEntries(input.id, rows);
      await audit(tx, actor, input.id, 'import', { file: [null, input.fileName], added: [null, n], refused: [null, errors.length] });
      return n;
    });
    if (added > 0) this.changed();
    return { added, already: rows.length - added, refused: errors.length, errors: errors.slice(0, MAX_IMPORT_ERRORS) };
  }

  /** The category and its entries read in one unit, the file written after it. */
  async exportList(input: { id: number; format: 'csv' | 'xlsx'; lang: LabelLanguage }): Promise<ExportFile> {
    const { category, entries } = await this.deps.data.read(async (r) => ({ category: await categoryIn(r, input.id), entries: await r.controlled.entriesOf(input.id) }));
    return exportListFile(this.deps.exportsDir, { ...input, category, entries });
  }

  /** The ledger read in one unit (one snapshot of every container's movements), the file written after it. */
  async exportLedger(input: ControlledLedgerInput): Promise<ExportFile> {
    if (input.to! < input.from!) throw fieldInvalid('to', 'controlled.dateOrder');
    const range = { from: input.from!, to: input.to! };
    const { category, ledger } = await this.deps.data.read(async (r) => {
      const c = await categoryIn(r, input.id);
      return { category: c, ledger: await controlledLedger(r, { categoryId: c.id, ...range }) };
    });
    return writeLedgerFile(this.deps.exportsDir, ledger, { category, ...range, lang: input.lang });
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
