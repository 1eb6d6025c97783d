// The stocktake report (XLSX, in the UI's language): the header (location, who and when started
// and closed, progress) and every line (item, CAS, whether it was expected here or found here, the
// expected amount, seen or not, the counted amount, seen by and at, outcome, the adjustment made).
// Every value sits under its own header: "not seen" is the Seen column's 否 (not a name under Seen
// by), "found here" is the line's kind (not an amount under Expected), and a container seen without
// a count was counted as expected, so Counted shows that amount. Built from the kept lines, so it
// can be downloaded again at any time.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { yesNo, type LabelLanguage } from '../../shared/record-labels';
import type { LineOutcome, StocktakeDetail, StocktakeLine, StocktakeStatus } from '../../shared/stocktake';
import { formatAmount } from '../../shared/amounts';
import { fileStamp, localMinute, XLSX_MIME, type ExportFile } from '../list-export/export-file';
import { XlsxSheetWriter, type XlsxValue } from '../list-export/xlsx-stream';
import { signedAmount } from '../stock/stock-export';

const WORDS = {
  en: {
    sheet: 'Stocktake', title: 'Stocktake #{id}', location: 'Location', status: 'Status', note: 'Note', started: 'Started', closed: 'Closed / cancelled',
    progress: 'Seen / expected', found: 'Found from elsewhere',
    columns: ['Item id', 'Name', 'English name', 'CAS', 'Registered at', 'On the list', 'Expected', 'Seen', 'Counted', 'Seen by', 'Seen at', 'Outcome', 'Adjustment'],
    expectedLine: 'expected here', foundLine: 'found here', deleted: '(deleted)',
    statuses: { open: 'Open', closed: 'Closed', cancelled: 'Cancelled' } as Record<StocktakeStatus, string>,
    outcomes: { ok: 'OK', adjusted: 'Adjusted to the count', missing: 'Not found: adjusted to 0', kept: 'Kept as it was', moved: 'Moved here' } as Record<LineOutcome, string>,
  },
  'zh-CN': {
    sheet: '盘点', title: '盘点 #{id}', location: '位置', status: '状态', note: '备注', started: '开始', closed: '结束/取消',
    progress: '已见/应有', found: '从别处发现',
    columns: ['物品编号', '名称', '英文名称', 'CAS 号', '登记位置', '清单', '应有', '见到', '实盘', '盘点人', '盘点时间', '结果', '调整'],
    expectedLine: '应在此处', foundLine: '在此发现', deleted: '（已删除）',
    statuses: { open: '进行中', closed: '已结束', cancelled: '已取消' } as Record<StocktakeStatus, string>,
    outcomes: { ok: '无误', adjusted: '按实盘调整', missing: '未找到：调整为 0', kept: '保持不变', moved: '移到此处' } as Record<LineOutcome, string>,
  },
} as const;

const amountText = (v: number | null, unit: string | null) => (v === null ? '' : `${formatAmount(v)}${unit ? ` ${unit}` : ''}`);
const who = (name: string | null, at: string | null) => [name ?? '', at ? localMinute(at) : ''].filter(Boolean).join(' · ');

/** One line's cells, in the order of the columns. */
export function lineCells(lang: LabelLanguage, l: StocktakeLine): XlsxValue[] {
  const w = WORDS[lang];
  const seen = l.seen_at !== null;
  return [
    l.item_id,
    // The name as the line recorded it; marked when the item was deleted since.
    l.status === null ? `${l.name} ${w.deleted}` : l.name,
    l.english_name,
    l.cas_number,
    l.location_path,
    l.expected === 1 ? w.expectedLine : w.foundLine,
    // a found line was expected elsewhere: nothing was expected here (its amount when found is what was seen)
    l.expected === 1 ? amountText(l.expected_amount, l.expected_unit) : '',
    yesNo(lang, seen),
    // seen without a count: counted as expected (the amount the line holds, at the start or when found)
    l.counted_amount !== null ? amountText(l.counted_amount, l.counted_unit) : seen ? amountText(l.expected_amount, l.expected_unit) : '',
    l.seen_by_name ?? '',
    seen ? localMinute(l.seen_at!) : '',
    l.outcome ? w.outcomes[l.outcome] : '',
    l.adjustment_delta !== null && l.adjustment_delta !== 0 ? signedAmount({ amount: Math.abs(l.adjustment_delta), delta: l.adjustment_delta, unit: l.adjustment_unit ?? '' }) : '',
  ];
}

export async function writeStocktakeReport(dir: string, lang: LabelLanguage, st: StocktakeDetail): Promise<ExportFile> {
  const w = WORDS[lang];
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${crypto.randomUUID()}.xlsx`);
  const xlsx = new XlsxSheetWriter(file, { sheetName: w.sheet });
  try {
    xlsx.header([w.title.replace('{id}', String(st.id))]);
    await xlsx.rows([
      [w.location, st.location_path],
      [w.status, w.statuses[st.status]],
      [w.started, who(st.started_by_name, st.started_at)],
      [w.closed, who(st.closed_by_name, st.closed_at)],
      [w.progress, `${st.seen} / ${st.expected}`],
      [w.found, st.found],
      ...(st.note ? [[w.note, st.note]] : []),
      [],
    ]);
    xlsx.header(w.columns);
    await xlsx.rows(st.lines.map((l) => lineCells(lang, l)));
    await xlsx.finish();
  } catch (e) {
    await xlsx.abort();
    fs.rmSync(file, { force: true });
    throw e;
  }
  const stamp = fileStamp();
  return { fileName: `stocktake-${st.id}-${stamp}.xlsx`, mime: XLSX_MIME, rows: st.lines.length, path: file };
}
