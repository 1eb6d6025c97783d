// A controlled list file (CSV/TSV/XLSX, read by the bulk import's readers): which column holds the
// CAS numbers and which the names, and each row's CAS checked like everywhere (canonical form,
// check digit). A list has no override for a bad check digit: an official list is correct, and a
// wrong number would flag the wrong chemical.
import { parseCas } from '../../shared/cas';
import type { ControlledImportError } from '../../shared/controlled';
import { fileError, parseImportFile } from '../bulk-import/import-parse';

export interface ListRow {
  row: number;
  cas: string;
  name: string;
}

export interface ReadList {
  rows: ListRow[];
  errors: ControlledImportError[];
}

const CAS_HEAD = /cas/i;
const NAME_HEAD = /^(name|chemical|品名|名称|中文名|化学品名称|chinese name)/i;

/** The file's rows with a canonical CAS each, and the refused rows with their reasons. */
export async function readListFile(fileName: string, bytes: Buffer): Promise<ReadList> {
  const { headers, rows } = await parseImportFile(fileName, bytes);
  let casCol = headers.findIndex((h) => CAS_HEAD.test(h));
  let nameCol = headers.findIndex((h, i) => i !== casCol && NAME_HEAD.test(h));
  let data = rows;
  let first = 2;
  if (casCol < 0) {
    // No header: the first row is data when one of its cells is a CAS number.
    casCol = headers.findIndex((h) => parseCas(h).kind === 'valid');
    if (casCol < 0) throw fileError('validation', 'controlled.noCasColumn');
    data = [headers, ...rows];
    first = 1;
    nameCol = -1;
  }
  if (nameCol < 0) nameCol = casCol === 0 ? 1 : 0;
  const out: ReadList = { rows: [], errors: [] };
  data.forEach((cells, i) => {
    const row = first + i;
    const raw = (cells[casCol] ?? '').trim();
    const name = (cells[nameCol] ?? '').trim().slice(0, 200);
    const p = parseCas(raw);
    if (p.kind === 'valid') out.rows.push({ row, cas: p.canonical, name });
    else if (p.kind === 'empty') out.errors.push({ row, value: name, key: 'controlled.casMissing', params: {} });
    else if (p.kind === 'bad_check_digit') out.errors.push({ row, value: raw, key: 'controlled.checkDigit', params: { cas: p.canonical, expected: p.expected } });
    else out.errors.push({ row, value: raw, key: 'cas.invalidField', params: { reason: p.reason } });
  });
  return out;
}
