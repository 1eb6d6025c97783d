// Container labels as PDF (QR code with the LAB1:<id> payload; label sizes and an A4 sheet) and the
// same labels' content for the print page. The controlled categories come from the item's
// `controlled` flag (lab.db v8), named in the label's language.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LabData } from '../stores/lab-data';
import type { ItemLabelFields } from '../stores/inventory-store';
import { AppError, fieldError } from '../../shared/errors';
import { labelPayload } from '../../shared/label-payload';
import { GHS_PICTOGRAMS, type GhsPictogram } from '../../shared/stock';
import { controlledIds } from '../../shared/controlled';
import type { LabelContent, LabelSize } from '../../shared/labels';
import type { LabelLanguage } from '../../shared/record-labels';
import { fileStamp, type ExportFile } from '../list-export/export-file';
import { writeLabelsPdf } from './label-pdf';

export interface LabelDeps {
  data: LabData;
  /** Where a PDF is written (the data directory's exports). */
  exportsDir: string;
}

export class LabelService {
  constructor(readonly deps: LabelDeps) {}

  /** The labels of `ids` in that order, read in one snapshot; an unknown (or deleted) id is a 404 naming it. */
  contents(ids: number[], lang: LabelLanguage): Promise<LabelContent[]> {
    return this.deps.data.read(async (r) => {
      const categories = new Map((await r.controlled.categoryNames()).map((c) => [c.id, lang === 'en' ? c.name_en : c.name_zh]));
      const labels: LabelContent[] = [];
      for (const id of ids) labels.push(labelOf(id, await r.inventory.labelFields(id), categories));
      return labels;
    });
  }

  /** A PDF of the labels of `ids`, written under <dataDir>/exports (a download operation's file) once they are read. */
  async pdf(ids: number[], size: LabelSize, lang: LabelLanguage): Promise<ExportFile> {
    const items = await this.contents(ids, lang);
    const dir = this.deps.exportsDir;
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

/** One item's label; `categories`: controlled category id → its name in the label's language. */
function labelOf(id: number, r: ItemLabelFields | undefined, categories: ReadonlyMap<number, string>): LabelContent {
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
}
