// The latest cart-import batch (docs/design.md#cart-import): one batch, 2-hour TTL from its created_at, kept
// in <data-dir>/import-batch.json so it survives a restart. Handing over the same batch_id again
// is idempotent. Which items became orders is not kept here but in lab.db, with the orders
// (import-submissions.ts).
import fs from 'node:fs';
import path from 'node:path';
import { AppError, fieldError, zodToAppError, type FieldError } from '../../shared/errors';
import { BATCH_TTL_MS, batchAge, importBatchSchema, type ImportBatch } from '../../shared/cart-batch';
import type { ImportBatchView, ImportRef } from '../../shared/contract/cart';
import type { EventBus } from '../events';
import type { Logger } from '../logging';

export const BATCH_FILE = 'import-batch.json';

interface StoredBatch {
  batch: ImportBatch;
  received_at: string;
}

/** The batch as the review screen sees it, before the submissions from lab.db are added. */
export type StoredBatchView = Omit<ImportBatchView, 'submitted'>;

export interface AcceptResult {
  batch_id: string;
  items: number;
  /** True when this batch_id was already here (nothing changed). */
  replay: boolean;
}

export class BatchStore {
  readonly file: string;
  constructor(
    dataDir: string,
    private readonly events: EventBus,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.file = path.join(dataDir, BATCH_FILE);
  }

  /** The hand-off: validate, check the URL's batch_id and the TTL, keep it, announce it. */
  accept(raw: unknown, expectedBatchId: unknown): AcceptResult {
    const parsed = importBatchSchema.safeParse(raw);
    if (!parsed.success) {
      const e = zodToAppError(parsed.error);
      throw new AppError('validation', 'cart.invalidBatch', e.params, { fields: prefix(e.fields) });
    }
    const batch = parsed.data;
    if (typeof expectedBatchId !== 'string' || expectedBatchId !== batch.batch_id) {
      throw new AppError('conflict', 'cart.batchMismatch', { expected: String(expectedBatchId), actual: batch.batch_id }, { fields: fieldError('batch_id', 'cart.mismatchField') });
    }
    const age = batchAge(batch.created_at, this.now());
    if (age.state === 'expired') throw new AppError('validation', 'cart.batchExpired', {}, { fields: fieldError('batch.created_at', 'cart.expiredField') });
    if (age.state === 'future') throw new AppError('validation', 'cart.batchFuture', {}, { fields: fieldError('batch.created_at', 'cart.futureField') });

    const current = this.read();
    if (current?.batch.batch_id === batch.batch_id) {
      this.events.emit({ type: 'import-batch-ready', batchId: batch.batch_id });
      return { batch_id: batch.batch_id, items: current.batch.items.length, replay: true };
    }
    this.write({ batch, received_at: new Date(this.now()).toISOString() });
    // Counts only: whole batches never go to the log at info level.
    this.log.info({ batchId: batch.batch_id, items: batch.items.length }, 'cart-import batch received');
    this.events.emit({ type: 'import-batch-ready', batchId: batch.batch_id });
    return { batch_id: batch.batch_id, items: batch.items.length, replay: false };
  }

  /** The current batch, or null when there is none or it has expired (then it is removed). */
  current(): StoredBatchView | null {
    const stored = this.read();
    return stored ? view(stored) : null;
  }

  /** Refuses an import reference to no item of the current batch (expired, replaced, unknown). */
  checkItem(ref: ImportRef): void {
    const stored = this.read();
    if (!stored) throw new AppError('not_found', 'cart.noBatch', {}, { fields: fieldError('batch_id', 'cart.noBatchField') });
    if (stored.batch.batch_id !== ref.batch_id) throw new AppError('conflict', 'cart.batchReplaced', {}, { fields: fieldError('batch_id', 'cart.replacedField') });
    if (!stored.batch.items.some((i) => i.item_id === ref.item_id)) throw new AppError('not_found', 'cart.noItem', { id: ref.item_id }, { fields: fieldError('item_id', 'cart.noItemField') });
  }

  private read(): StoredBatch | null {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return null;
    }
    try {
      const stored = JSON.parse(text) as StoredBatch;
      const parsed = importBatchSchema.safeParse(stored.batch);
      if (!parsed.success) throw new Error('stored batch does not match the schema');
      if (batchAge(parsed.data.created_at, this.now()).state !== 'fresh') {
        this.remove();
        return null;
      }
      return { batch: parsed.data, received_at: String(stored.received_at) };
    } catch (e) {
      this.log.warn({ file: this.file, err: String(e) }, 'unreadable cart-import batch file ignored');
      this.remove();
      return null;
    }
  }

  private write(stored: StoredBatch): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(stored));
    fs.renameSync(tmp, this.file);
  }

  private remove(): void {
    fs.rmSync(this.file, { force: true });
  }
}

function prefix(fields?: Record<string, FieldError>): Record<string, FieldError> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [`batch.${k}`, v]));
}

function view(s: StoredBatch): StoredBatchView {
  return { batch: s.batch, received_at: s.received_at, expires_at: new Date(Date.parse(s.batch.created_at) + BATCH_TTL_MS).toISOString() };
}
