// reference.db: the shipped reference files loaded into a database of the data directory, derived
// and read-only. Kept when it was built from exactly the shipped files (their hash, with the store's
// schema version, is in its meta table) and reads back sound; otherwise (missing, damaged, built
// from other files) it is built again beside and swapped in. Never mixed with lab.db: the lab's own
// facts are backed up and restored, this file is not (the app can always make it again).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, openScratchDatabase, type Db } from '../db/open';
import { isDamage } from '../db/damage';
import { integrityCheck } from '../db/whole-database';
import { writeTransaction } from '../db/transaction';
import { REFERENCE_SCHEMA_VERSION, referenceStore, writeReferenceContent, type ReferenceContent } from '../stores/reference-store';
import { readShippedReference, referenceDir, type ShippedReference } from './reference-files';
import { parseEpaCodes, parseEpaGroups, parseEpaPairs, parseGhs, parseHazchem, parseYizhibao, parseYizhidu } from './parse';
import type { ActiveEdition } from './editions-file';
import type { EditionList, ReferenceFileId } from '../../shared/reference';
import { StartFailureError } from '../../shared/start-failure';

/** The shipped files are missing or broken: the installation is, and the start says so in both languages. */
export class ReferenceBrokenError extends StartFailureError {
  constructor(cause: unknown) {
    super('referenceBroken', { detail: cause instanceof Error ? cause.message : String(cause) }, { cause });
    this.name = 'ReferenceBrokenError';
  }
}

/** Runs `fn`; any error it throws is the package's (missing or broken shipped files). */
function shippedOrBroken<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw new ReferenceBrokenError(e);
  }
}

export const REFERENCE_DB = 'reference.db';

/** Why the file was built at this start, or null when the one there was kept. */
export type RebuildReason = 'missing' | 'damaged' | 'changed' | null;

export interface OpenedReference {
  db: Db;
  shipped: ShippedReference;
  /** What it was built from (buildHash). */
  hash: string;
  rebuilt: RebuildReason;
  /** The damage found, when rebuilt for it. */
  damage?: string;
}

/** Every shipped file parsed; a row count other than the manifest's is a broken package. */
export function parseShipped(shipped: ShippedReference): ReferenceContent {
  const text = (id: ReferenceFileId) => shipped.texts.get(id)!;
  const file = (id: ReferenceFileId) => shipped.manifest.files.find((f) => f.id === id)!;
  const content: ReferenceContent = {
    hazchem: parseHazchem(file('hazchem').file, text('hazchem')),
    yizhibao: parseYizhibao(file('yizhibao').file, text('yizhibao')),
    yizhidu: parseYizhidu(file('yizhidu').file, text('yizhidu')),
    ghs: parseGhs(file('ghs').file, text('ghs')),
    epaGroups: parseEpaGroups(file('epaGroups').file, text('epaGroups')),
    epaCodes: parseEpaCodes(file('epaCodes').file, text('epaCodes')),
    epaPairs: parseEpaPairs(file('epaPairs').file, text('epaPairs')),
  };
  for (const f of shipped.manifest.files) {
    const n = content[f.id].length;
    if (n !== f.rows) throw new Error(`reference file ${f.file} has ${n} rows; the manifest says ${f.rows}`);
  }
  return content;
}

/** One list's file parsed by the build's own parser (an imported edition is checked with it before it is kept). */
export function parseList(list: EditionList, file: string, text: string): ReferenceContent[EditionList] {
  if (list === 'hazchem') return parseHazchem(file, text);
  if (list === 'yizhibao') return parseYizhibao(file, text);
  if (list === 'yizhidu') return parseYizhidu(file, text);
  return parseGhs(file, text);
}

/** The shipped set parsed once per process (by hash): a switch of one list re-parses that list only. */
let shippedParsed: { hash: string; content: ReferenceContent } | null = null;

/** What reference.db holds: the shipped files, with each imported edition in place of its list's. */
function contentOf(shipped: ShippedReference, editions: ReadonlyMap<EditionList, ActiveEdition>): ReferenceContent {
  if (shippedParsed?.hash !== shipped.hash) shippedParsed = { hash: shipped.hash, content: shippedOrBroken(() => parseShipped(shipped)) };
  const content = { ...shippedParsed.content };
  // Checked when it was imported and by its hash at start: it parses (the build still stops if not).
  for (const [list, e] of editions) (content as Record<EditionList, unknown>)[list] = parseList(list, `reference-edition-${list}.csv`, e.text);
  return content;
}

/** The hash reference.db is built from: the shipped set's, and each imported edition's in list order. */
export function buildHash(shipped: ShippedReference, editions: ReadonlyMap<EditionList, ActiveEdition>): string {
  if (editions.size === 0) return shipped.hash;
  const h = crypto.createHash('sha256').update(shipped.hash);
  for (const [list, e] of [...editions].sort(([a], [b]) => a.localeCompare(b))) h.update(`\n${list} ${e.meta.sha256}`);
  return h.digest('hex');
}

const SIDE_FILES = ['', '-wal', '-shm', '-journal'];

/**
 * The files this process built, by hash: a process that opens several data directories (a move;
 * the tests, which start hundreds of apps) parses and loads the shipped files once and writes the
 * same bytes after that. About 4 MB each.
 */
const built = new Map<string, Buffer>();
/** Files kept by hash: the shipped set and the few editions a process switches between (tests: revert). */
const KEEP_BUILT = 3;

/** Builds the file from the shipped set (and imported editions) beside it, then swaps it in whole. */
function build(file: string, shipped: ShippedReference, editions: ReadonlyMap<EditionList, ActiveEdition>, hash: string): void {
  const next = `${file}.building`;
  for (const sfx of SIDE_FILES) fs.rmSync(next + sfx, { force: true });
  const kept = built.get(hash);
  if (kept) {
    fs.writeFileSync(next, kept);
  } else {
    const content = contentOf(shipped, editions);
    const db = openScratchDatabase(next);
    try {
      writeTransaction(db, () => writeReferenceContent(db, content, { hash, version: shipped.manifest.version }));
      built.set(hash, db.serialize());
      if (built.size > KEEP_BUILT) built.delete(built.keys().next().value!);
    } finally {
      db.close();
    }
  }
  for (const sfx of SIDE_FILES) fs.rmSync(file + sfx, { force: true });
  fs.renameSync(next, file);
}

/** The kept file, or why it cannot be kept. */
function check(file: string, hash: string): { db: Db } | { reason: Exclude<RebuildReason, null>; damage?: string } {
  if (!fs.existsSync(file)) return { reason: 'missing' };
  let db: Db | null = null;
  try {
    db = openDatabase(file, { readonly: true });
    const problems = integrityCheck(db);
    if (problems.join() !== 'ok') {
      db.close();
      return { reason: 'damaged', damage: problems.slice(0, 3).join('; ') };
    }
    if (referenceStore(db).meta('hash') === hash) return { db };
    db.close();
    return { reason: 'changed' };
  } catch (e) {
    db?.close();
    if (!isDamage(e)) throw e;
    return { reason: 'damaged', damage: (e as Error).message };
  }
}

/** The shipped files are read-only resources: read and hashed once per process (per folder). */
let shippedOnce: ShippedReference | null = null;

/**
 * Opens the data directory's reference.db read-only, building it first when it cannot be kept.
 * `editions`: the imported editions in use (readEditions), each replacing its list's shipped file.
 */
export function openReferenceDb(dataDir: string, editions: ReadonlyMap<EditionList, ActiveEdition> = new Map()): OpenedReference {
  const shipped = shippedOrBroken(() => {
    const dir = referenceDir();
    if (shippedOnce?.dir !== dir) shippedOnce = readShippedReference(dir, REFERENCE_SCHEMA_VERSION);
    return shippedOnce;
  });
  const file = path.join(dataDir, REFERENCE_DB);
  const hash = buildHash(shipped, editions);
  const found = check(file, hash);
  if ('db' in found) return { db: found.db, shipped, hash, rebuilt: null };
  build(file, shipped, editions, hash);
  return { db: openDatabase(file, { readonly: true }), shipped, hash, rebuilt: found.reason, ...(found.damage ? { damage: found.damage } : {}) };
}
