// An item's reference data on its details, by its CAS (nothing of it is stored with the item): the
// regulatory tags, then the hazard statements with the signal word, in the UI's language, and the
// list they came from. The item's own pictograms stay the details' own row.
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GhsSource, HazardList, SignalWord } from './GhsParts';
import { LookupFailed, ReferenceTagList } from './ReferenceTags';
import { useCasReference } from './use-cas-reference';

export function ReferenceSummary({ cas }: { cas: string }) {
  const { t } = useTranslation();
  const lookup = useCasReference(cas);
  if (lookup.state === 'failed') return <LookupFailed />;
  if (lookup.state !== 'found') return null;
  const { ghs } = lookup.ref;
  return (
    <Space direction="vertical" size={4} data-testid="detail-reference">
      <ReferenceTagList reference={lookup.ref} />
      {ghs && (
        <>
          <Space size={8}>
            <Typography.Text strong>{t('reference.hints.hazards')}</Typography.Text>
            <SignalWord ghs={ghs} />
          </Space>
          <HazardList hazards={ghs.hazards} />
          <GhsSource ghs={ghs} />
        </>
      )}
    </Space>
  );
}
