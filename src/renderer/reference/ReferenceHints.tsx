// What the reference lists say of the CAS being entered: the regulatory tags and a suggested GHS
// label (pictograms, signal word, H-statements). The suggestion is only offered: the user's
// pictograms change only by the "use suggestion" click (`onAccept`), and where they differ from
// the reference the difference is named. Without `onAccept` (an order has no pictograms) the
// suggestion is information. A failed lookup says so in one grey line and blocks nothing.
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GhsEntry, ListHit } from '../../shared/reference';
import type { GhsPictogram } from '../../shared/stock';
import { GhsIcons } from '../records/GhsIcon';
import { GhsSource, HazardList, SignalWord } from './GhsParts';
import { hasReference, knownPictograms, pictogramDiff } from './reference-hints';
import { LookupFailed, ReferenceTagList } from './ReferenceTags';
import { useCasReference } from './use-cas-reference';

interface Props {
  cas: string | null | undefined;
  /** The form's pictograms, compared with the reference's; absent where the record has none. */
  pictograms?: readonly string[];
  onAccept?: (pictograms: GhsPictogram[]) => void;
}

export function ReferenceHints({ cas, pictograms, onAccept }: Props) {
  const { t } = useTranslation();
  const lookup = useCasReference(cas);
  if (lookup.state === 'failed') return <LookupFailed />;
  if (lookup.state !== 'found') return null;
  const ref = lookup.ref;
  return (
    <Space direction="vertical" size={4} style={{ width: '100%', marginBottom: 12 }} data-testid="reference-hints" data-cas={ref.cas}>
      <ReferenceTagList reference={ref} />
      {hasReference(ref) &&
        (ref.ghs ? <GhsSuggestion ghs={ref.ghs} pictograms={pictograms} onAccept={onAccept} /> : <Typography.Text type="secondary">{t('reference.hints.noGhs')}</Typography.Text>)}
    </Space>
  );
}

function GhsSuggestion({ ghs, pictograms, onAccept }: { ghs: ListHit<GhsEntry> } & Omit<Props, 'cas'>) {
  const { t } = useTranslation();
  const suggested = knownPictograms(ghs.pictograms);
  const diff = pictograms ? pictogramDiff(pictograms, suggested) : null;
  const agrees = !!diff && diff.missing.length === 0 && diff.extra.length === 0;
  return (
    <div data-testid="ghs-suggestion">
      <Space wrap size={8} align="center">
        <Typography.Text strong>{t('reference.hints.suggestion')}</Typography.Text>
        <GhsIcons codes={suggested} size={28} />
        <SignalWord ghs={ghs} />
        {onAccept && suggested.length > 0 && !agrees && (
          <Button size="small" type="primary" onClick={() => onAccept(suggested)} data-testid="accept-suggestion">
            {t('reference.hints.accept')}
          </Button>
        )}
      </Space>
      {diff && pictograms!.length > 0 && <Agreement diff={diff} agrees={agrees} />}
      <HazardList hazards={ghs.hazards} />
      <GhsSource ghs={ghs} />
    </div>
  );
}

/** "与参考数据不一致：缺 GHS06 / 多 GHS02", or that the user's pictograms agree with the reference. */
function Agreement({ diff, agrees }: { diff: ReturnType<typeof pictogramDiff>; agrees: boolean }) {
  const { t } = useTranslation();
  if (agrees) return <Typography.Text type="success" data-testid="ghs-agrees">{t('reference.hints.matches')}</Typography.Text>;
  const parts = [
    ...(diff.missing.length ? [t('reference.hints.missing', { codes: diff.missing.join(' ') })] : []),
    ...(diff.extra.length ? [t('reference.hints.extra', { codes: diff.extra.join(' ') })] : []),
  ];
  return (
    <div>
      <Typography.Text type="warning" data-testid="ghs-mismatch">
        {t('reference.hints.differs', { diff: parts.join(t('reference.hints.diffSeparator')) })}
      </Typography.Text>
    </div>
  );
}
