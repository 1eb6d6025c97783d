// Container labels as PDF (QR code with the LAB1:<id> payload; label sizes and an A4 sheet) and the
// same labels' content for the print page. The controlled categories come from the item's
// `controlled` flag (lab.db v8), named in the label's language.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RecordsDeps } from '../records/deps';
import { inventoryStore } from '../stores/inventory-store';
import { controlledStore } from '../stores/controlled-store';
import { AppError, fieldError } from '../../shared/errors';
import { labelPayload } from '../../shared/label-payload';
import { GHS_PICTOGRAMS, type GhsPictogram } from '../../shared/stock';
import { controlledIds } from '../../shared/controlled';
import type { LabelContent, LabelSize } from '../../shared/labels';
import type { LabelLanguage } from '../../shared/record-labels';
import { fileStamp, type ExportFile } from '../list-export/export-file';
import { writeLabelsPdf } from './label-pdf';

export class LabelService {
  constructor(readonly deps: Pick<RecordsDeps, 'db'>) {}

  /** The labels of `ids` in that order; an unknown (or deleted) id is a 404 naming it. */
  contents(ids: number[], lang: LabelLanguage): LabelContent[] {
    const items = inventoryStore(this.deps.db);
    const categories = new Map(controlledStore(this.deps.db).categoryNames().map((c) => [c.id, lang === 'en' ? c.name_en : c.name_zh]));
    return ids.map((id) => {
      const r = items.labelFields(id);
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
