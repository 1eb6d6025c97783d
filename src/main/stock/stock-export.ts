// An item's ledger as a file (CSV with a BOM, or XLSX) in the UI's language, written by
// list-export/table-file.ts (a ledger is small: one item's movements, written in one go).
import type { LabelLanguage } from '../../shared/record-labels';
import type { StockMovement } from '../../shared/stock';
import { MOVEMENT_COLUMNS, movementColumnLabel, movementKindLabel, movementReasonText } from '../../shared/stock-actions';
import { formatAmount } from '../../shared/amounts';
import { localMinute, type ExportFile } from '../list-export/export-file';
import type { XlsxValue } from '../list-export/xlsx-stream';
import { writeTableFile } from '../list-export/table-file';

export interface MovementExportInput {
  format: 'csv' | 'xlsx';
  lang: LabelLanguage;
  item: { id: number; name: string };
  movements: StockMovement[];
}

/**
 * The amount as a person reads it: −0.1 mL used, 500 mL received or borrowed. No plus sign: a
 * spreadsheet would take "+500 mL" for a formula (the CSV writer then escapes it with a quote).
 */
export function signedAmount(m: Pick<StockMovement, 'amount' | 'delta' | 'unit'>): string {
  const sign = m.delta < 0 ? '−' : '';
  return `${sign}${formatAmount(m.amount)}${m.unit ? ` ${m.unit}` : ''}`;
}

function cells(lang: LabelLanguage, m: StockMovement): XlsxValue[] {
  const byCol: Record<(typeof MOVEMENT_COLUMNS)[number], XlsxValue> = {
    at: localMinute(m.at),
    user: m.second_user_name ? `${m.user_name ?? ''} / ${m.second_user_name}` : m.user_name ?? '',
    kind: movementKindLabel(lang, m.kind),
    amount: signedAmount(m),
    balance_after: `${formatAmount(m.balance_after)}${m.unit ? ` ${m.unit}` : ''}`,
    reason: movementReasonText(lang, m.reason),
    purpose: m.purpose,
    due_date: m.due_date ?? '',
    order_id: m.order_id ?? '',
  };
  return MOVEMENT_COLUMNS.map((c) => byCol[c]);
}

export async function exportMovements(dir: string, input: MovementExportInput): Promise<ExportFile> {
  const headers = MOVEMENT_COLUMNS.map((c) => movementColumnLabel(input.lang, c));
  const rows = input.movements.map((m) => cells(input.lang, m));
  return writeTableFile(dir, input.format, { base: `ledger-${input.item.id}`, sheetName: input.lang === 'en' ? 'Ledger' : '台账', headers, rows });
}
