// A CAS number's regulatory status as tags (危险化学品 #serial, 剧毒, 易制毒 第N类, 易制爆), each
// naming its list and entry on hover; a CAS no list has reads "no reference data", never "not
// hazardous". `ReferenceTags` looks the CAS up itself (table cells, card titles); a form that also
// shows the GHS suggestion renders `ReferenceTagList` with the answer it already has.
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CasReference } from '../../shared/reference';
import { editionIn, hasReference, regulatoryTags, type RegulatoryTag } from './reference-hints';
import { useCasReference } from './use-cas-reference';

const COLOR: Record<RegulatoryTag['kind'], string> = { hazchem: 'orange', toxic: 'red', yizhidu: 'purple', yizhibao: 'volcano' };

function tagText(tag: RegulatoryTag, t: TFunction): string {
  if (tag.kind === 'hazchem') return t('reference.hints.hazchem', { serial: tag.serial });
  if (tag.kind === 'yizhidu') return t(`reference.hints.yizhidu${tag.category}`);
  return t(`reference.hints.${tag.kind}`);
}

/** Which list entry a tag comes from, for its hover text. */
function tagTitle(tag: RegulatoryTag, ref: CasReference, t: TFunction, language: string): string {
  if (tag.kind === 'hazchem' || tag.kind === 'toxic') return t('reference.hints.hazchemTitle', { list: editionIn(ref.hazchem!.edition, language).list, serial: ref.hazchem!.serial, name: ref.hazchem!.name });
  const hit = tag.kind === 'yizhidu' ? ref.yizhidu! : ref.yizhibao!;
  return t('reference.hints.listTitle', { list: editionIn(hit.edition, language).list, name: hit.name });
}

export function NoReferenceData() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" title={t('reference.hints.noneTitle')} data-testid="reference-none">
      {t('reference.hints.none')}
    </Typography.Text>
  );
}

/** A lookup that failed (the app away, a time-out): said in one grey line; nothing waits on it. */
export function LookupFailed() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="reference-failed">
      {t('reference.hints.failed')}
    </Typography.Text>
  );
}

/** The tags of one answer, or "no reference data" when no list has the CAS. */
export function ReferenceTagList({ reference }: { reference: CasReference }) {
  const { t, i18n } = useTranslation();
  const tags = regulatoryTags(reference);
  if (!hasReference(reference)) return <NoReferenceData />;
  return (
    <span data-testid="reference-tags" style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {tags.map((tag) => (
        <Tag key={tag.kind} color={COLOR[tag.kind]} title={tagTitle(tag, reference, t, i18n.language)} style={{ marginInlineEnd: 0 }} data-tag={tag.kind}>
          {tagText(tag, t)}
        </Tag>
      ))}
    </span>
  );
}

/** Looks the CAS up and shows its tags; nothing while asking, for a malformed CAS or when the lookup fails. */
export function ReferenceTags({ cas }: { cas: string | null | undefined }) {
  const lookup = useCasReference(cas);
  return lookup.state === 'found' ? <ReferenceTagList reference={lookup.ref} /> : null;
}
