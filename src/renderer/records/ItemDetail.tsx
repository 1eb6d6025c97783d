// One inventory item with every field, opened from its row: what it is, how much (and in how many
// containers), its lot and dates (expiry coloured as in the list), where it is, its GHS pictograms
// drawn large with their names, and who entered it when.
import { useState, type ComponentProps } from 'react';
import { Button, Descriptions, Drawer, Space, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InventoryItem } from '../../shared/records';
import { GHS_PICTOGRAMS } from '../../shared/stock';
import { boolean, dateTime, EMPTY } from '../app/format';
import { GhsIcon } from './GhsIcon';
import { amountText, containersText, ExpiryDate } from './item-display';
import { StatusTag } from './list-kit';
import { ControlledTags } from '../controlled/ControlledTags';
import { LazyDialog, lazyNamed } from '../app/lazy';
import type { LabelDialog as LabelDialogT } from '../labels/LabelDialog';

const LabelDialog = lazyNamed<ComponentProps<typeof LabelDialogT>>(() => import('../labels/LabelDialog'), 'LabelDialog');

export function ItemDetail({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [printing, setPrinting] = useState(false);
  if (!item) return <Drawer open={false} onClose={onClose} />;
  const text = (v: string | null | undefined) => (v ? v : EMPTY);
  const row = (key: string, children: React.ReactNode, span = 1): NonNullable<DescriptionsProps['items']>[number] => ({ key, label: t(`records.field.${key}`), children, span });
  const ghs = GHS_PICTOGRAMS.filter((g) => item.ghs.includes(g));
  const items: DescriptionsProps['items'] = [
    row('name', item.name),
    row('english_name', text(item.english_name)),
    row('cas_number', text(item.cas_number)),
    ...(item.controlled ? [{ key: 'controlled', label: t('controlled.flag'), children: <span data-testid="detail-controlled"><ControlledTags flag={item.controlled} /></span>, span: 2 }] : []),
    row('specification', text(item.specification)),
    row('quantity', amountText(item.quantity, item.unit)),
    row('container_size', item.container_size ? containersText(item, t) : EMPTY),
    row('min_stock', item.min_stock === null ? EMPTY : amountText(item.min_stock, item.unit)),
    row('hazardous', boolean(item.hazardous, t)),
    row('lot_number', text(item.lot_number)),
    row('expiry_date', <ExpiryDate day={item.expiry_date} />),
    row('received_date', text(item.received_date)),
    row('opened_date', text(item.opened_date)),
    row('supplier', text(item.supplier)),
    row('brand', text(item.brand)),
    row('product_number', text(item.product_number)),
    row('category', text(item.category)),
    row('storage_location', text(item.storage_location), 2),
    row('notes', text(item.notes), 2),
    row('status', <Space size={4}><StatusTag status={item.status} />{item.borrowed_by_name ?? ''}</Space>),
    row('source_order_id', item.source_order_id ? `#${item.source_order_id}` : EMPTY),
    row(
      'ghs',
      ghs.length ? (
        <Space wrap size={[12, 8]} data-testid="detail-ghs">
          {ghs.map((g) => (
            <Tag key={g} bordered={false} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, padding: '2px 6px', background: 'transparent' }}>
              <GhsIcon code={g} size={40} />
              <span>{`${g} ${t(`itemFields.ghs.${g}`)}`}</span>
            </Tag>
          ))}
        </Space>
      ) : (
        t('itemFields.none')
      ),
      2,
    ),
    row('created_at', `${dateTime(item.created_at)} · ${item.created_by_name ?? EMPTY}`),
    row('updated_at', dateTime(item.updated_at)),
  ];
  return (
    <Drawer
      open
      onClose={onClose}
      title={t('itemFields.detailTitle', { id: item.id, name: item.name })}
      size="large"
      extra={<Button onClick={() => setPrinting(true)} data-testid="detail-print-label">{t('labels.printLabel')}</Button>}
    >
      <div data-testid="item-detail">
        <Descriptions bordered size="small" column={2} items={items} />
      </div>
      <LazyDialog open={printing}>
        <LabelDialog ids={printing ? [item.id] : null} onClose={() => setPrinting(false)} />
      </LazyDialog>
    </Drawer>
  );
}
