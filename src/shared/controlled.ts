// Controlled chemicals (剧毒, 易制毒, 易制爆, 精神/麻醉, and categories a lab adds): each category
// lists CAS numbers; an item or reagent order whose CAS is listed carries the categories' ids in
// its `controlled` column (lab.db v8, kept by triggers), e.g. "1,3".

export interface ControlledCategory {
  id: number;
  /** Built-in categories have a key; added ones have null. */
  key: string | null;
  name_zh: string;
  name_en: string;
  sort: number;
  /** How many CAS numbers the category lists. */
  count: number;
}

export interface ControlledEntry {
  category_id: number;
  cas: string;
  name: string;
}

/** The category ids of a record's `controlled` flag (null or "1,3"). */
export function controlledIds(flag: string | null | undefined): number[] {
  if (!flag) return [];
  return flag.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
}

/** One refused row of a list import: the file's row number (the header is row 1) and why. */
export interface ControlledImportError {
  row: number;
  value: string;
  key: string;
  params: Record<string, string | number>;
}

export interface ControlledImportResult {
  added: number;
  /** Already on the list (or twice in the file). */
  already: number;
  refused: number;
  /** The first refused rows (at most MAX_IMPORT_ERRORS). */
  errors: ControlledImportError[];
}

export const MAX_IMPORT_ERRORS = 200;

/** The names of a record's categories in the UI's language, in the flag's order. */
export function controlledNames(flag: string | null | undefined, categories: readonly ControlledCategory[], lang: string): string[] {
  const ids = controlledIds(flag);
  return ids.map((i) => categories.find((c) => c.id === i)).filter((c): c is ControlledCategory => !!c).map((c) => (lang.startsWith('zh') ? c.name_zh : c.name_en));
}
