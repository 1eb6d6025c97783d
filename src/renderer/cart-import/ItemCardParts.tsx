// The read-only parts of an item's card: its title tags (the lab's controlled lists and the shipped
// reference lists, by the CAS as edited), the classifier's reason, and what the lab
// already has for it (orders and stock matched by CAS or product number).
import { Alert, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchItem } from '../../shared/cart-batch';
import type { CartSyncResult, SubmittedItem } from '../../shared/contract';
import { ControlledTags } from '../controlled/ControlledTags';
import { ReferenceTags } from '../reference/ReferenceTags';
import { date } from '../app/format';

export function ItemTitle({ item, cas, done }: { item: BatchItem; cas: string; done: SubmittedItem | undefined }) {
  const { t } = useTranslation();
  const typeName = (tp: string) => t(`cart.${tp}`);
  return (
    <Space wrap>
      <Typography.Text strong>{item.name}</Typography.Text>
      {item.hazardous && <Tag color="red">{t('cart.hazardous')}</Tag>}
      {/* Not in the database yet: the category comes from the lists by the CAS as edited. */}
      <ControlledTags cas={cas} />
      {/* What the shipped lists say of that CAS: tags only (the card's title has no room for a GHS suggestion). */}
      <ReferenceTags cas={cas} />
      <Tag color={item.suggested_order_type === 'reagent' ? 'blue' : 'gold'} data-testid="suggested">
        {t('cart.suggested', { type: typeName(item.suggested_order_type) })}
      </Tag>
      {done && (
        <Tag color="green" data-testid="submitted">
          {t('cart.submitted', { type: typeName(done.order_type), id: done.order_id, by: done.by })}
        </Tag>
      )}
    </Space>
  );
}

export function ItemReason({ item }: { item: BatchItem }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="reason">
      {t(`cart.reason.${item.classification_reason}`, { cas: item.cas_number })} · {t(`cart.fetch.${item.detail_fetch_status}`)}
      {item.detail_url && (
        <>
          {' · '}
          <Typography.Link href={item.detail_url} target="_blank" rel="noreferrer noopener">
            {t('cart.detailUrl')}
          </Typography.Link>
        </>
      )}
    </Typography.Text>
  );
}

/** Shown only when something matched (the caller checks, so the card's column gets no empty slot). */
export function ItemMatches({ sync }: { sync: CartSyncResult }) {
  const { t } = useTranslation();
  const by = (m: string) => t(m === 'cas_number' ? 'cart.matches.byCas' : 'cart.matches.byProduct');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="matches"
      title={t('cart.matches.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {sync.orders.map((o) => (
            <li key={`o${o.id}`}>
              {t('cart.matches.ordered', { date: date(o.created_at), applicant: o.applicant, status: t(`cart.status.${o.status}`), name: o.name })} · {by(o.matched_by)}
            </li>
          ))}
          {sync.inventory.map((i) => (
            <li key={`i${i.id}`}>
              {t('cart.matches.inStock', { location: i.storage_location || '—', quantity: i.quantity, unit: i.unit, status: t(`cart.status.${i.status}`), name: i.name })} · {by(i.matched_by)}
            </li>
          ))}
        </ul>
      }
    />
  );
}
