// What the reference lists say of one CAS, as the forms show it: the regulatory tags in a fixed
// order, whether any list knows the CAS at all ("no reference data" is never "not hazardous"), and
// how a user's pictograms differ from the reference's.
import type { CasReference, ReferenceEdition } from '../../shared/reference';
import { GHS_PICTOGRAMS, type GhsPictogram } from '../../shared/stock';

export type RegulatoryTag =
  | { kind: 'hazchem'; serial: number }
  | { kind: 'toxic' }
  | { kind: 'yizhidu'; category: 1 | 2 | 3 }
  | { kind: 'yizhibao' };

/** 危险化学品 #serial, 剧毒, 易制毒 第N类, 易制爆: those the CAS has, in this order. */
export function regulatoryTags(ref: CasReference): RegulatoryTag[] {
  const tags: RegulatoryTag[] = [];
  if (ref.hazchem) tags.push({ kind: 'hazchem', serial: ref.hazchem.serial });
  if (ref.hazchem?.toxic) tags.push({ kind: 'toxic' });
  if (ref.yizhidu) tags.push({ kind: 'yizhidu', category: ref.yizhidu.category });
  if (ref.yizhibao) tags.push({ kind: 'yizhibao' });
  return tags;
}

/** False when no list has the CAS: the UI then says "no reference data". */
export function hasReference(ref: CasReference): boolean {
  return !!(ref.hazchem || ref.yizhidu || ref.yizhibao || ref.ghs);
}

/** The pictograms known to the app, in GHS order (the reference lists them as HCIS does). */
export function knownPictograms(codes: readonly string[]): GhsPictogram[] {
  return GHS_PICTOGRAMS.filter((g) => codes.includes(g));
}

/** What the user's set lacks of the reference's, and what it has beyond it; both empty when they agree. */
export function pictogramDiff(user: readonly string[], reference: readonly string[]): { missing: GhsPictogram[]; extra: GhsPictogram[] } {
  return {
    missing: knownPictograms(reference).filter((g) => !user.includes(g)),
    extra: knownPictograms(user).filter((g) => !reference.includes(g)),
  };
}

/** Which of the reference data's two texts (zh, en) the UI's language reads. */
export function referenceLanguage(language: string): 'zh' | 'en' {
  return language.startsWith('zh') ? 'zh' : 'en';
}

/** A list's name and edition in the UI's language. */
export function editionIn(edition: ReferenceEdition, language: string): { list: string; edition: string } {
  return edition[referenceLanguage(language)];
}
