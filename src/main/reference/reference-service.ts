// What the shipped reference lists say of one CAS number, and where each list came from. Opened
// once at start (reference-db.ts builds reference.db when it cannot be kept) and closed with the app;
// a restore or a move of the data directory leaves it be (it holds none of the lab's facts).
import type { Db } from '../db/open';
import { referenceStore, type ReferenceReads } from '../stores/reference-store';
import { openReferenceDb, type RebuildReason } from './reference-db';
import type { Logger } from '../logging';
import type { CasReference, ListHit, ReferenceEdition, ReferenceFileId, ReferenceSources } from '../../shared/reference';
import type { ShippedReference } from './reference-files';

export class ReferenceService {
  private readonly db: Db;
  private readonly store: ReferenceReads;
  private readonly shipped: ShippedReference;
  /** Why reference.db was built at this start (null: the one there was kept). */
  readonly rebuilt: RebuildReason;

  constructor(deps: { dataDir: string; log: Logger }) {
    const opened = openReferenceDb(deps.dataDir);
    this.db = opened.db;
    this.shipped = opened.shipped;
    this.rebuilt = opened.rebuilt;
    this.store = referenceStore(this.db);
    if (opened.rebuilt === 'damaged') deps.log.warn({ damage: opened.damage }, `reference.db was damaged (${opened.damage}); it was built again from the shipped reference files`);
    else if (opened.rebuilt) deps.log.info({ reason: opened.rebuilt, version: opened.shipped.manifest.version }, 'reference.db built from the shipped reference files');
  }

  private edition(id: ReferenceFileId): ReferenceEdition {
    const f = this.shipped.manifest.files.find((x) => x.id === id)!;
    return { id, zh: { list: f.zh.list, edition: f.zh.edition }, en: { list: f.en.list, edition: f.en.edition } };
  }

  /** `cas` is canonical (the contract parses what was written). */
  lookup(cas: string): CasReference {
    const hit = <E extends object>(id: ReferenceFileId, entries: E[], extra: Partial<E> = {}): ListHit<E> | null =>
      entries.length ? { ...entries[0]!, ...extra, entries, edition: this.edition(id) } : null;
    const hazchem = this.store.hazchem(cas);
    return {
      cas,
      // 剧毒 when any entry of the CAS is: a chemical's highly toxic form is not hidden behind another.
      hazchem: hit('hazchem', hazchem, { toxic: hazchem.some((e) => e.toxic) }),
      yizhibao: hit('yizhibao', this.store.yizhibao(cas)),
      yizhidu: hit('yizhidu', this.store.yizhidu(cas)),
      ghs: hit('ghs', this.store.ghs(cas)),
      editions: { hazchem: this.edition('hazchem'), yizhibao: this.edition('yizhibao'), yizhidu: this.edition('yizhidu'), ghs: this.edition('ghs') },
    };
  }

  sources(): ReferenceSources {
    return { version: this.shipped.manifest.version, hash: this.shipped.hash, files: this.shipped.manifest.files };
  }

  /** Every CAS the four lists index (tests walk them). */
  indexedCas(): string[] {
    return [...new Set((['hazchem', 'yizhibao', 'yizhidu', 'ghs'] as const).flatMap((l) => this.store.casOf(l)))].sort();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
