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
