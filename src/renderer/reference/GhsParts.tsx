// The pieces of a GHS classification from the reference list, as the form's suggestion and the
// item's details show them: the signal word, the H-codes with their statements in the UI's
// language (Chinese from shared/hazard-statements.ts; the list's English on hover), and the list
// and edition they came from.
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GhsEntry, ListHit } from '../../shared/reference';
import { hazardStatement } from '../../shared/hazard-statements';
import { editionIn } from './reference-hints';

export function SignalWord({ ghs }: { ghs: GhsEntry }) {
  const { t } = useTranslation();
  if (!ghs.signalWord) return null;
  return (
    <Tag color={ghs.signalWord === 'Danger' ? 'red' : 'orange'} data-testid="signal-word">
      {t(`reference.hints.signal.${ghs.signalWord}`)}
    </Tag>
  );
}

export function HazardList({ hazards }: { hazards: GhsEntry['hazards'] }) {
  const { i18n } = useTranslation();
  return (
    <ul data-testid="hazard-statements" style={{ margin: 0, paddingInlineStart: 18 }}>
      {hazards.map((h) => (
        <li key={h.code} data-code={h.code} title={h.statement}>
          <strong>{h.code}</strong> {hazardStatement(h, i18n.language)}
        </li>
      ))}
    </ul>
  );
}

/** "Source: <list> (<edition>). Guidance only: the supplier's SDS prevails." */
export function GhsSource({ ghs }: { ghs: ListHit<GhsEntry> }) {
  const { t, i18n } = useTranslation();
  const edition = editionIn(ghs.edition, i18n.language);
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('reference.hints.source', { list: edition.list, edition: edition.edition })}
    </Typography.Text>
  );
}
