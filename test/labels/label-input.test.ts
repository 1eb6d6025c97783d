// The label operations' id list and font: a selection is capped before its duplicates are dropped
// (in both forms, so a huge list is refused at once), and the font file is read once per process (pdfkit gets its bytes).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelIds } from '../../src/shared/contract/labels';
import { LABEL_FONT_FILE } from '../../src/main/labels/label-font';
import { writeLabelsPdf } from '../../src/main/labels/label-pdf';
import { MAX_LABELS, type LabelContent } from '../../src/shared/labels';
import { pdfFonts } from './pdf-check';

const refusal = (v: unknown) => {
  const r = labelIds.safeParse(v);
  return r.success ? 'accepted' : r.error.issues.map((i) => i.message);
};

describe('label selection and font', () => {
  it('refuses more than MAX_LABELS ids before de-duplication, as an array or as text', () => {
    expect(refusal(Array.from({ length: MAX_LABELS + 1 }, () => 7))).toEqual(['field.maxItems']);
    expect(refusal(Array.from({ length: 100_000 }, () => 7))).toEqual(['field.maxItems']);
    expect(refusal(Array.from({ length: MAX_LABELS + 1 }, () => '7').join(','))).toEqual(['field.maxItems']);
    // Up to the cap, duplicates still count once.
    expect(labelIds.parse(Array.from({ length: MAX_LABELS }, (_, i) => (i % 2) + 1))).toEqual([1, 2]);
    expect(labelIds.parse('3,3,4')).toEqual([3, 4]);
  });

  it('reads the shipped font file once: later PDFs are written even after the file is gone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-label-font-'));
    // A copy of the font the module finds first (LAB_LABEL_FONT); this file is the first to ask for it.
    const font = path.join(dir, LABEL_FONT_FILE);
    fs.copyFileSync(path.join(__dirname, '../../resources/fonts', LABEL_FONT_FILE), font);
    process.env.LAB_LABEL_FONT = font;
    const item: LabelContent = {
      id: 1, payload: 'LAB1:1', name: '丙酮', english_name: 'Acetone', cas_number: '67-64-1', specification: '500 mL', lot_number: '', expiry_date: '', location: 'B1', ghs: [], controlled: [],
    };
    await writeLabelsPdf(path.join(dir, 'first.pdf'), [item], '70x40', 'zh-CN');
    fs.rmSync(font);
    await writeLabelsPdf(path.join(dir, 'second.pdf'), [item], '70x40', 'zh-CN');
    for (const f of ['first.pdf', 'second.pdf']) expect(pdfFonts(path.join(dir, f))).toMatch(/NotoSansCJKsc-Regular\s+CID Type 0C\s+Identity-H\s+yes\s+yes/);
    delete process.env.LAB_LABEL_FONT;
  });
});
