// Container labels as PDF (QR code with the LAB1:<id> payload; label sizes and an A4 sheet) and the
// same labels' content for the print page. Reads the controlled flag straight from SQL (lab.db v8
// `controlled` column, names from controlled_categories in the label's language).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RecordsDeps } from '../records/deps';
import { prepareCached } from '../db/statements';
import { AppError, fieldError } from '../../shared/errors';
import { labelPayload } from '../../shared/label-payload';
import { GHS_PICTOGRAMS, type GhsPictogram } from '../../shared/stock';
import { controlledIds } from '../../shared/controlled';
import type { LabelContent, LabelSize } from '../../shared/labels';
import type { LabelLanguage } from '../../shared/record-labels';
import { fileStamp, type ExportFile } from '../records/export';
import { writeLabelsPdf } from './label-pdf';

interface Row {
  id: number;
  name: string;
  english_name: string;
  cas_number: string;
  specification: string;
  lot_number: string;
  expiry_date: string | null;
  storage_location: string;
  ghs: string;
  controlled: string | null;
}

export class LabelService {
  constructor(readonly deps: RecordsDeps) {}

  /** The labels of `ids` in that order; an unknown (or deleted) id is a 404 naming it. */
  contents(ids: number[], lang: LabelLanguage): LabelContent[] {
    const db = this.deps.db;
    const get = prepareCached(
      db,
      `SELECT id, name, english_name, cas_number, specification, lot_number, expiry_date, storage_location, ghs, controlled
       FROM inventory_items WHERE id = ?`,
    );
    const categories = new Map(
      (prepareCached(db, 'SELECT id, name_zh, name_en FROM controlled_categories ORDER BY sort, id').all() as Array<{ id: number; name_zh: string; name_en: string }>).map(
        (c) => [c.id, lang === 'en' ? c.name_en : c.name_zh],
      ),
    );
    return ids.map((id) => {
      const r = get.get(id) as Row | undefined;
      if (!r) throw new AppError('not_found', 'records.noItem', { id }, { fields: fieldError('id', 'field.noSuchRecord') });
      const ghs = r.ghs ? r.ghs.split(',') : [];
      return {
        id: r.id,
        payload: labelPayload(r.id),
        name: r.name,
        english_name: r.english_name,
        cas_number: r.cas_number,
        specification: r.specification,
        lot_number: r.lot_number,
        expiry_date: r.expiry_date ?? '',
        location: r.storage_location,
        ghs: GHS_PICTOGRAMS.filter((g): g is GhsPictogram => ghs.includes(g)),
        controlled: controlledIds(r.controlled).flatMap((c) => (categories.has(c) ? [categories.get(c)!] : [])),
      };
    });
  }

  /** A PDF of the labels of `ids`, written under <dataDir>/exports (a download operation's file). */
  async pdf(ids: number[], size: LabelSize, lang: LabelLanguage): Promise<ExportFile> {
    const items = this.contents(ids, lang);
    const dir = path.join(path.dirname(this.deps.db.name), 'exports');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
    const stamp = fileStamp();
    const base = items.length === 1 ? `label-${items[0]!.id}-${size}` : `labels-${items.length}-${size}-${stamp}`;
    try {
      await writeLabelsPdf(file, items, size, lang);
    } catch (e) {
      fs.rmSync(file, { force: true });
      throw e;
    }
    return { fileName: `${base}.pdf`, mime: 'application/pdf', rows: items.length, path: file };
  }
}
