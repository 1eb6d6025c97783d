// The imported editions in the data directory: one CSV per replaced list
// (reference-edition-<list>.csv, as the admin chose it) and reference-editions.json naming the
// active edition of each (its SHA-256, rows, words, who imported it when). Fixed names at the top of
// the data directory, so backup, restore, move and the portable copy carry them like settings.json.
// Each file is written atomically; the JSON last, so a crash between leaves the old JSON naming the
// old CSV's hash, which then reads as damaged and falls back to the shipped edition.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../backup/files';
import { EDITION_LISTS, type EditionFault, type EditionList, type ImportedEdition } from '../../shared/reference';

export const EDITIONS_FILE = 'reference-editions.json';
export const editionCsvFile = (list: EditionList): string => `reference-edition-${list}.csv`;
/** Every file of the imported editions (backup/layout.ts lists them with the plain files). */
export const EDITION_FILES = [EDITIONS_FILE, ...EDITION_LISTS.map(editionCsvFile)] as const;

export const sha256Text = (text: string): string => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** reference-editions.json: the active imported edition per list; a list not named uses the shipped file. */
export interface EditionsState {
  version: 1;
  lists: Partial<Record<EditionList, ImportedEdition>>;
}

/** An imported edition in use, with its text (the build parses it in place of the shipped file). */
export interface ActiveEdition {
  meta: ImportedEdition;
  text: string;
}

export interface ReadEditions {
  active: Map<EditionList, ActiveEdition>;
  /** Named editions that cannot be used: the shipped one stands in; the caller logs and shows it. */
  faults: Map<EditionList, { fault: EditionFault; detail: string }>;
}

const emptyState = (): EditionsState => ({ version: 1, lists: {} });

/** The state as written, or empty when there is none; throws when the file is not sound JSON of this shape. */
function readState(dataDir: string): EditionsState {
  const file = path.join(dataDir, EDITIONS_FILE);
  if (!fs.existsSync(file)) return emptyState();
  const s = JSON.parse(fs.readFileSync(file, 'utf8')) as EditionsState;
  if (s?.version !== 1 || typeof s.lists !== 'object' || s.lists === null) throw new Error(`${EDITIONS_FILE} is not an editions file of version 1`);
  return s;
}

/**
 * The imported editions and their texts. A CSV that is gone or whose bytes no longer hash to what
 * the JSON says is a fault of that list only; an unreadable JSON is a fault of every list it may
 * have named (all four: nothing of it can be trusted).
 */
export function readEditions(dataDir: string): ReadEditions {
  const out: ReadEditions = { active: new Map(), faults: new Map() };
  let state: EditionsState;
  try {
    state = readState(dataDir);
  } catch (e) {
    for (const list of EDITION_LISTS) if (fs.existsSync(path.join(dataDir, editionCsvFile(list)))) out.faults.set(list, { fault: 'damaged', detail: `${EDITIONS_FILE}: ${(e as Error).message}` });
    return out;
  }
  for (const list of EDITION_LISTS) {
    const meta = state.lists[list];
    if (!meta) continue;
    const file = path.join(dataDir, editionCsvFile(list));
    if (!fs.existsSync(file)) {
      out.faults.set(list, { fault: 'missing', detail: `${editionCsvFile(list)} is missing` });
      continue;
    }
    const text = fs.readFileSync(file, 'utf8');
    if (sha256Text(text) !== meta.sha256) {
      out.faults.set(list, { fault: 'damaged', detail: `${editionCsvFile(list)} does not match its SHA-256 in ${EDITIONS_FILE}` });
      continue;
    }
    out.active.set(list, { meta, text });
  }
  return out;
}

/** Makes `meta` (with `text`) the list's active edition: the CSV first, then the JSON naming it. */
export function writeEdition(dataDir: string, list: EditionList, text: string, meta: ImportedEdition): void {
  let state: EditionsState;
  try {
    state = readState(dataDir);
  } catch {
    state = emptyState(); // an unreadable file named nothing usable; this write makes it sound again
  }
  writeFileAtomic(path.join(dataDir, editionCsvFile(list)), text);
  writeFileAtomic(path.join(dataDir, EDITIONS_FILE), JSON.stringify({ ...state, lists: { ...state.lists, [list]: meta } }, null, 2));
}

/** Back to the shipped edition: the JSON no longer names the list, then its CSV goes. */
export function removeEdition(dataDir: string, list: EditionList): void {
  let state: EditionsState;
  try {
    state = readState(dataDir);
  } catch {
    state = emptyState();
  }
  const lists = { ...state.lists };
  delete lists[list];
  writeFileAtomic(path.join(dataDir, EDITIONS_FILE), JSON.stringify({ ...state, lists }, null, 2));
  fs.rmSync(path.join(dataDir, editionCsvFile(list)), { force: true });
}
