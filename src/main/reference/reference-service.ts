// What the reference lists say of one CAS number, and where each list came from. Opened at start
// (reference-db.ts builds reference.db when it cannot be kept) and closed with the app; opened again
// (`reload`) after a switch of edition and after a restore, which may bring other editions. It holds
// none of the lab's facts.
import type { Db } from '../db/open';
import { referenceStore, type ReferenceReads } from '../stores/reference-store';
import { openReferenceDb, type RebuildReason } from './reference-db';
import type { Logger } from '../logging';
import { EDITION_LISTS, type CasReference, type EditionList, type ListHit, type ReferenceEdition, type ReferenceFile, type ReferenceFileId, type ReferenceSourceFile, type ReferenceSources } from '../../shared/reference';
import { editionCsvFile, readEditions, type ActiveEdition, type ReadEditions } from './editions-file';
import type { ShippedReference } from './reference-files';

/** One opening of reference.db and what it was built from; replaced whole by `reload`. */
interface Opened {
  db: Db;
  store: ReferenceReads;
  shipped: ShippedReference;
  hash: string;
  editions: ReadEditions;
}

export class ReferenceService {
  private current: Opened;
  /** Why reference.db was built at the last opening (null: the one there was kept). */
  rebuilt: RebuildReason = null;

  constructor(private readonly deps: { dataDir: string; log: Logger }) {
    this.current = this.open();
  }

  /** Reads the imported editions (a fault is logged and the shipped file stands in) and opens reference.db from them. */
  private open(): Opened {
    const { log, dataDir } = this.deps;
    const editions = readEditions(dataDir);
    for (const [list, f] of editions.faults) log.warn({ list, fault: f.fault }, `the imported edition of ${list} cannot be used (${f.detail}); the shipped edition is used`);
    const opened = openReferenceDb(dataDir, editions.active);
    this.rebuilt = opened.rebuilt;
    if (opened.rebuilt === 'damaged') log.warn({ damage: opened.damage }, `reference.db was damaged (${opened.damage}); it was built again from the shipped reference files`);
    else if (opened.rebuilt) log.info({ reason: opened.rebuilt, version: opened.shipped.manifest.version, imported: [...editions.active.keys()] }, 'reference.db built from the reference files');
    return { db: opened.db, store: referenceStore(opened.db), shipped: opened.shipped, hash: opened.hash, editions };
  }

  /**
   * Opens reference.db again from the data directory's editions (after a switch, a restore): built
   * again when they changed. The old connection is closed first (a file open elsewhere cannot be
   * replaced on Windows); the build is synchronous, so no lookup runs between.
   */
  reload(): void {
    this.close();
    this.current = this.open();
  }

  /** The imported edition in use for `list`, with its text, or null when the shipped file is. */
  imported(list: EditionList): ActiveEdition | null {
    return this.current.editions.active.get(list) ?? null;
  }

  /** The text of `list` in use (the imported edition's or the shipped file's). */
  textOf(list: EditionList): string {
    return this.imported(list)?.text ?? this.current.shipped.texts.get(list)!;
  }

  /** The shipped file of a list, as the manifest describes it. */
  shippedFile(id: ReferenceFileId): ReferenceFile {
    return this.current.shipped.manifest.files.find((x) => x.id === id)!;
  }

  /** The shipped text of `list`. */
  shippedText(list: EditionList): string {
    return this.current.shipped.texts.get(list)!;
  }

  /** Whether reference-editions.json names the list (in use or faulty): revert applies. */
  named(list: EditionList): boolean {
    return this.current.editions.active.has(list) || this.current.editions.faults.has(list);
  }

  private edition(id: ReferenceFileId): ReferenceEdition {
    const f = this.file(id);
    return { id, zh: { list: f.zh.list, edition: f.zh.edition }, en: { list: f.en.list, edition: f.en.edition } };
  }

  /** A file as in use: an imported edition's words and rows in place of the shipped file's. */
  private file(id: ReferenceFileId): ReferenceSourceFile {
    const f = this.shippedFile(id);
    const list = (EDITION_LISTS as readonly string[]).includes(id) ? (id as EditionList) : null;
    const imported = list ? (this.imported(list)?.meta ?? null) : null;
    const fault = list ? (this.current.editions.faults.get(list)?.fault ?? null) : null;
    if (!imported) return { ...f, imported: null, fault };
    return {
      ...f,
      file: editionCsvFile(list!),
      rows: imported.rows,
      zh: { ...f.zh, ...imported.zh },
      en: { ...f.en, ...imported.en },
      imported,
      fault,
    };
  }

  /** `cas` is canonical (the contract parses what was written). */
  lookup(cas: string): CasReference {
    const hit = <E extends object>(id: ReferenceFileId, entries: E[], extra: Partial<E> = {}): ListHit<E> | null =>
      entries.length ? { ...entries[0]!, ...extra, entries, edition: this.edition(id) } : null;
    const store = this.current.store;
    const hazchem = store.hazchem(cas);
    return {
      cas,
      // 剧毒 when any entry of the CAS is: a chemical's highly toxic form is not hidden behind another.
      hazchem: hit('hazchem', hazchem, { toxic: hazchem.some((e) => e.toxic) }),
      yizhibao: hit('yizhibao', store.yizhibao(cas)),
      yizhidu: hit('yizhidu', store.yizhidu(cas)),
      ghs: hit('ghs', store.ghs(cas)),
      editions: { hazchem: this.edition('hazchem'), yizhibao: this.edition('yizhibao'), yizhidu: this.edition('yizhidu'), ghs: this.edition('ghs') },
    };
  }

  sources(): ReferenceSources {
    const { shipped, hash } = this.current;
    return { version: shipped.manifest.version, hash, files: shipped.manifest.files.map((f) => this.file(f.id)) };
  }

  /** Every CAS the four lists index (tests walk them). */
  indexedCas(): string[] {
    return [...new Set((['hazchem', 'yizhibao', 'yizhidu', 'ghs'] as const).flatMap((l) => this.current.store.casOf(l)))].sort();
  }

  close(): void {
    if (this.current.db.open) this.current.db.close();
  }
}
