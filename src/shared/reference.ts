// Read-only reference data shipped with the app (resources/reference, src/main/reference): the
// Chinese regulated-chemical lists, GHS classifications by CAS and the EPA compatibility chart.
// A CAS in none of the lists reads as "no reference data", never as "not hazardous".

/** The shipped files, in the manifest's order. */
export const REFERENCE_FILE_IDS = ['hazchem', 'yizhibao', 'yizhidu', 'ghs', 'epaGroups', 'epaCodes', 'epaPairs'] as const;
export type ReferenceFileId = (typeof REFERENCE_FILE_IDS)[number];

/** One file's description in one language (the manifest carries both). */
export interface ReferenceFileText {
  list: string;
  edition: string;
  source: string;
  terms: string;
}

export interface ReferenceFile {
  id: ReferenceFileId;
  file: string;
  rows: number;
  zh: ReferenceFileText;
  en: ReferenceFileText;
}

/** The lists an admin may replace by a newer edition (the EPA chart's three files are not: see the room's README). */
export const EDITION_LISTS = ['hazchem', 'yizhibao', 'yizhidu', 'ghs'] as const;
export type EditionList = (typeof EDITION_LISTS)[number];

/** Each list's columns as its shipped file has them (a new edition has them too), the CAS and the name column. */
export const EDITION_COLUMNS: Record<EditionList, { columns: readonly string[]; cas: string; name: string }> = {
  hazchem: { columns: ['序号', '品名', '别名', 'CAS号', '备注', '剧毒'], cas: 'CAS号', name: '品名' },
  yizhibao: { columns: ['品名', '别名', 'CAS号', '主要燃爆危险性分类'], cas: 'CAS号', name: '品名' },
  yizhidu: { columns: ['类别', '品名', 'CAS号'], cas: 'CAS号', name: '品名' },
  ghs: { columns: ['cas', 'name', 'hazard_categories', 'pictograms_signal_word', 'h_codes', 'h_statements', 'source'], cas: 'cas', name: 'name' },
};

/** An imported edition's own words, as the admin gave them (the shipped terms stay: the same body publishes it). */
export interface EditionText {
  list: string;
  edition: string;
  source: string;
}

/** An edition an admin imported, kept in the data directory (reference-editions.json). */
export interface ImportedEdition {
  sha256: string;
  rows: number;
  zh: EditionText;
  en: EditionText;
  importedBy: { id: number; name: string };
  importedAt: string;
}

/** Why an imported edition named in reference-editions.json is not in use (the shipped one is). */
export type EditionFault = 'missing' | 'damaged';

/** A reference file as in use: the shipped one, or for a list the imported edition replacing it. */
export interface ReferenceSourceFile extends ReferenceFile {
  /** Set when an imported edition replaces the shipped file (`file` then names it in the data directory). */
  imported: ImportedEdition | null;
  /** Set when an imported edition could not be used at start: the shipped file is in use. */
  fault: EditionFault | null;
}

export interface ReferenceSources {
  /** The manifest's version of the shipped set. */
  version: string;
  /** SHA-256 of the files in use (the shipped set with any imported editions): reference.db is rebuilt when it changes. */
  hash: string;
  files: ReferenceSourceFile[];
}

/** One CAS an edition adds or drops, with the name the list gives it. */
export interface EditionCas {
  cas: string;
  name: string;
}

/** What switching a list to another edition would change; kept as `token` until switched or cancelled. */
export interface EditionPreview {
  token: string;
  list: EditionList;
  kind: 'import' | 'revert';
  from: { zh: EditionText; en: EditionText; rows: number; imported: boolean };
  to: { zh: EditionText; en: EditionText; rows: number; imported: boolean };
  added: EditionCas[];
  removed: EditionCas[];
  /** Entries whose CAS is in both editions. */
  kept: number;
}

/** Which list (and edition) an answer came from. */
export interface ReferenceEdition {
  id: ReferenceFileId;
  zh: { list: string; edition: string };
  en: { list: string; edition: string };
}

export interface HazchemEntry {
  serial: number;
  name: string;
  alias: string;
  note: string;
  /** Marked 剧毒 (highly toxic) in the catalogue. */
  toxic: boolean;
}

export interface YizhibaoEntry {
  name: string;
  alias: string;
  /** 主要燃爆危险性分类, as the list words it. */
  class: string;
}

export interface YizhiduEntry {
  /** 第一类 = 1, 第二类 = 2, 第三类 = 3. */
  category: 1 | 2 | 3;
  name: string;
}

export const GHS_SIGNAL_WORDS = ['Danger', 'Warning'] as const;
export type GhsSignalWord = (typeof GHS_SIGNAL_WORDS)[number];

export interface GhsEntry {
  name: string;
  /** GHS01–GHS09, as listed. */
  pictograms: string[];
  signalWord: GhsSignalWord | null;
  /** H-codes (and Australian AUH codes) with their statements, in the list's order. */
  hazards: Array<{ code: string; statement: string }>;
  /** Hazard classes and categories, as listed. */
  categories: string[];
  /** Where HCIS took the classification from (EU = EU CLP Annex VI, N = Australian assessment, …). */
  source: string;
}

/**
 * One list's answer for a CAS: its first entry's fields, every entry of that CAS (a list may hold a
 * chemical several times, by concentration or form) and the list's edition. The catalogue's
 * `toxic` is true when any entry of the CAS is marked 剧毒.
 */
export type ListHit<E> = E & { entries: E[]; edition: ReferenceEdition };

export interface CasReference {
  /** The CAS number as the lists index it (canonical form). */
  cas: string;
  hazchem: ListHit<HazchemEntry> | null;
  yizhibao: ListHit<YizhibaoEntry> | null;
  yizhidu: ListHit<YizhiduEntry> | null;
  ghs: ListHit<GhsEntry> | null;
  /** The edition of every list consulted, found or not: a null answer is "not in this edition". */
  editions: Record<'hazchem' | 'yizhibao' | 'yizhidu' | 'ghs', ReferenceEdition>;
}
