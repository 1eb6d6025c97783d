// The shipped CSV files as typed rows (papaparse, header row). Every CAS is indexed in its
// canonical form; a CAS that does not parse, a missing column or an H-statement list that does not
// line up with its codes is a broken file and stops the build (the shipped files pass: a test walks
// them all).
import Papa from 'papaparse';
import { parseCas } from '../../shared/cas';
import { EDITION_COLUMNS, type GhsEntry, type GhsSignalWord, type HazchemEntry, type YizhibaoEntry, type YizhiduEntry } from '../../shared/reference';

export interface HazchemRow extends HazchemEntry {
  cas: string[];
}
export interface YizhibaoRow extends YizhibaoEntry {
  cas: string[];
}
export interface YizhiduRow extends YizhiduEntry {
  cas: string[];
}
export interface GhsRow extends GhsEntry {
  cas: string[];
}
export interface EpaGroupRow {
  no: number;
  name: string;
}
export interface EpaCodeRow {
  code: string;
  consequence: string;
}
export interface EpaPairRow {
  a: number;
  b: number;
  codes: string[];
}

export class ReferenceFileError extends Error {
  /** The column(s) at fault, when one is: an imported edition's refusal names them beside the row. */
  readonly columns: string[];
  constructor(
    file: string,
    readonly row: number | null,
    readonly detail: string,
    columns: string | string[] = [],
  ) {
    super(`reference file ${file}${row === null ? '' : `, row ${row}`}: ${detail}`);
    this.name = 'ReferenceFileError';
    this.columns = typeof columns === 'string' ? [columns] : columns;
  }
}

/** The header row's columns as objects; `row` in errors counts the header as row 1. */
export function records(file: string, text: string, columns: readonly string[]): Array<Record<string, string>> {
  const r = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const bad = r.errors[0];
  if (bad) throw new ReferenceFileError(file, bad.row === undefined ? null : bad.row + 2, bad.message);
  const missing = columns.filter((c) => !r.meta.fields?.includes(c));
  if (missing.length) throw new ReferenceFileError(file, 1, `missing column(s) ${missing.join(', ')}`, missing);
  return r.data;
}

/** A cell of CAS numbers (the catalogue separates several with `；`): canonical, each checked. */
export function casList(file: string, row: number, cell: string, column = 'CAS号'): string[] {
  const out: string[] = [];
  for (const raw of cell.split(/[；;]/)) {
    if (!raw.trim()) continue;
    const p = parseCas(raw);
    if (p.kind !== 'valid') throw new ReferenceFileError(file, row, `"${raw}" is not a valid CAS number`, column);
    if (!out.includes(p.canonical)) out.push(p.canonical);
  }
  return out;
}

const list = (cell: string | undefined, sep = /;\s*/): string[] => (cell ?? '').split(sep).map((s) => s.trim()).filter(Boolean);

export function parseHazchem(file: string, text: string): HazchemRow[] {
  return records(file, text, EDITION_COLUMNS.hazchem.columns).map((r, i) => {
    const serial = Number(r['序号']);
    if (!Number.isInteger(serial) || serial < 1) throw new ReferenceFileError(file, i + 2, `serial "${r['序号']}" is not a whole number`, '序号');
    return { cas: casList(file, i + 2, r['CAS号'] ?? ''), serial, name: r['品名']!.trim(), alias: (r['别名'] ?? '').trim(), note: (r['备注'] ?? '').trim(), toxic: r['剧毒'] === '1' };
  });
}

export function parseYizhibao(file: string, text: string): YizhibaoRow[] {
  return records(file, text, EDITION_COLUMNS.yizhibao.columns).map((r, i) => ({
    cas: casList(file, i + 2, r['CAS号'] ?? ''),
    name: r['品名']!.trim(),
    alias: (r['别名'] ?? '').trim(),
    class: (r['主要燃爆危险性分类'] ?? '').trim(),
  }));
}

const CATEGORIES: Record<string, 1 | 2 | 3> = { 第一类: 1, 第二类: 2, 第三类: 3 };

export function parseYizhidu(file: string, text: string): YizhiduRow[] {
  return records(file, text, EDITION_COLUMNS.yizhidu.columns).map((r, i) => {
    const category = CATEGORIES[(r['类别'] ?? '').trim()];
    if (!category) throw new ReferenceFileError(file, i + 2, `category "${r['类别']}" is not 第一类, 第二类 or 第三类`, '类别');
    return { cas: casList(file, i + 2, r['CAS号'] ?? ''), category, name: r['品名']!.trim() };
  });
}

/**
 * H-codes whose standard statement itself holds "; " (GHS Rev. 9 wording): in HCIS's statements
 * column, where statements are also separated by "; ", each of these takes two pieces.
 */
const TWO_PIECE_STATEMENTS = new Set(['H201', 'H202', 'H203', 'H251', 'H252', 'H270', 'H271', 'H272', 'H280', 'H281']);

/** Pairs each code with its statement; null when the pieces do not line up with the codes. */
export function pairStatements(codes: string[], statements: string): Array<{ code: string; statement: string }> | null {
  const pieces = statements.split('; ');
  let extra = pieces.length - codes.length;
  const out: Array<{ code: string; statement: string }> = [];
  let at = 0;
  for (const code of codes) {
    const take = extra > 0 && TWO_PIECE_STATEMENTS.has(code) ? 2 : 1;
    if (take === 2) extra--;
    const statement = pieces.slice(at, at + take).join('; ');
    at += take;
    if (!statement) return null;
    out.push({ code, statement });
  }
  return at === pieces.length && extra === 0 ? out : null;
}

const PICTOGRAM = /^GHS0[1-9]$/;

export function parseGhs(file: string, text: string): GhsRow[] {
  return records(file, text, EDITION_COLUMNS.ghs.columns).map((r, i) => {
    const row = i + 2;
    const parts = list(r.pictograms_signal_word);
    const pictograms = parts.filter((p) => PICTOGRAM.test(p));
    const words = parts.filter((p) => !PICTOGRAM.test(p));
    if (words.length > 1 || (words[0] !== undefined && words[0] !== 'Danger' && words[0] !== 'Warning')) throw new ReferenceFileError(file, row, `"${r.pictograms_signal_word}" is not pictograms and a signal word`, 'pictograms_signal_word');
    const codes = list(r.h_codes);
    const hazards = codes.length ? pairStatements(codes, (r.h_statements ?? '').trim()) : [];
    if (!hazards) throw new ReferenceFileError(file, row, `the H-statements do not line up with the codes ${codes.join(', ')}`, ['h_codes', 'h_statements']);
    return {
      cas: casList(file, row, r.cas ?? '', 'cas'),
      name: (r.name ?? '').trim(),
      pictograms,
      signalWord: (words[0] as GhsSignalWord | undefined) ?? null,
      hazards,
      categories: list(r.hazard_categories),
      source: (r.source ?? '').trim(),
    };
  });
}

export function parseEpaGroups(file: string, text: string): EpaGroupRow[] {
  return records(file, text, ['group_no', 'group_name']).map((r, i) => {
    const no = Number(r.group_no);
    if (!Number.isInteger(no)) throw new ReferenceFileError(file, i + 2, `group "${r.group_no}" is not a whole number`);
    return { no, name: r.group_name!.trim() };
  });
}

export function parseEpaCodes(file: string, text: string): EpaCodeRow[] {
  return records(file, text, ['code', 'consequence']).map((r) => ({ code: r.code!.trim(), consequence: r.consequence!.trim() }));
}

export function parseEpaPairs(file: string, text: string): EpaPairRow[] {
  return records(file, text, ['group_a_no', 'group_b_no', 'codes']).map((r, i) => {
    const a = Number(r.group_a_no);
    const b = Number(r.group_b_no);
    if (!Number.isInteger(a) || !Number.isInteger(b)) throw new ReferenceFileError(file, i + 2, 'group numbers must be whole numbers');
    return { a, b, codes: list(r.codes, /,\s*/) };
  });
}
