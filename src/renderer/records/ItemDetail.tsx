// One inventory item, opened from its row: the actions this user has on it (the row's, Use first),
// then every field — what it is, how much (and in how many containers), its lot and dates (expiry
// coloured as in the list), where it is, its GHS pictograms drawn large with their names, what the
// reference lists say of its CAS (regulatory tags, hazard statements), who entered it when — its
// stock ledger and its history. It follows the item: after an action here
// or elsewhere (a records-changed event) it reads the item again; a deleted item closes it.
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Button, Descriptions, Drawer, Space, Tabs, Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InventoryItem } from '../../shared/records';
import { GHS_PICTOGRAMS } from '../../shared/stock';
import { call, subscribeEvents } from '../api/client';
import { boolean, dateTime, EMPTY } from '../app/format';
import { GhsIcon } from './GhsIcon';
import { amountText, containersText, ExpiryDate } from './item-display';
import { StatusTag, statusTag } from './list-kit';
import { ControlledTags } from '../controlled/ControlledTags';
import { LazyDialog, lazyNamed } from '../app/lazy';
import type { LabelDialog as LabelDialogT } from '../labels/LabelDialog';
import type { RowAction } from './RowActions';
import { HistoryTimeline } from './HistoryDrawer';
import { StockLedger } from './StockLedger';
import { ReferenceSummary } from '../reference/ReferenceSummary';

const LabelDialog = lazyNamed<ComponentProps<typeof LabelDialogT>>(() => import('../labels/LabelDialog'), 'LabelDialog');

/** The details' own: printing (everyone, the browse-only account too) and the history (a tab here). */
const OWN = new Set(['label', 'history']);

export function ItemDetail({ item, onClose, actionsFor }: { item: InventoryItem | null; onClose: () => void; actionsFor?: (item: InventoryItem) => RowAction[] }) {
  const [current, setCurrent] = useState(item);
  useEffect(() => setCurrent(item), [item]);
  const close = useRef(onClose);
  close.current = onClose;
  const id = item?.id;
  useEffect(() => {
    if (id === undefined) return;
    return subscribeEvents((e) => {
      if (e.type !== 'records-changed' || e.endpoint !== '/inventory/') return;
      call('getInventoryItem', { id }).then(setCurrent, () => close.current());
    });
  }, [id]);
  if (!current) return <Drawer open={false} onClose={onClose} />;
  return <ItemDrawer item={current} onClose={onClose} actions={(actionsFor?.(current) ?? []).filter((a) => a.show && !OWN.has(a.key))} />;
}

function ItemDrawer({ item, onClose, actions }: { item: InventoryItem; onClose: () => void; actions: RowAction[] }) {
  const { t } = useTranslation();
  const [printing, setPrinting] = useState(false);
  const text = (v: string | null | undefined) => (v ? v : EMPTY);
  const row = (key: string, children: React.ReactNode, span = 1): NonNullable<DescriptionsProps['items']>[number] => ({ key, label: t(`records.field.${key}`), children, span });
  const ghs = GHS_PICTOGRAMS.filter((g) => item.ghs.includes(g));
  const items: DescriptionsProps['items'] = [
    row('name', item.name),
    row('english_name', text(item.english_name)),
    row('cas_number', text(item.cas_number)),
    // What the shipped lists say of the CAS, looked up (not stored): tags, hazard statements.
    ...(item.cas_number ? [{ key: 'reference', label: t('reference.hints.reference'), children: <ReferenceSummary cas={item.cas_number} />, span: 2 }] : []),
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
    row('status', item.borrowed_by_name ? statusTag(item.status, t('records.borrowedBy', { status: t(`records.status.${item.status}`), name: item.borrowed_by_name })) : <StatusTag status={item.status} />),
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
      // Below the dialogs its actions open (antd gives drawers and modals the same layer, and the
      // one opened first would otherwise cover a dialog made before it).
      zIndex={990}
      extra={<Button onClick={() => setPrinting(true)} data-testid="detail-print-label">{t('labels.printLabel')}</Button>}
    >
      {actions.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }} data-testid="detail-actions">
          {actions.map((a) => (
            <Button key={a.key} type={a.key === 'use' ? 'primary' : 'default'} danger={a.danger} onClick={a.onClick}>
              {a.label}
            </Button>
          ))}
        </Space>
      )}
      <Tabs
        items={[
          { key: 'detail', label: t('itemFields.detailTab'), children: <div data-testid="item-detail"><Descriptions bordered size="small" column={2} items={items} /></div> },
          { key: 'ledger', label: t('stock.title'), children: <StockLedger itemId={item.id} version={item.updated_at} /> },
          { key: 'history', label: t('stock.history'), children: <HistoryTimeline type="inventory_item" id={item.id} version={item.updated_at} /> },
        ]}
      />
      <LazyDialog open={printing}>
        <LabelDialog ids={printing ? [item.id] : null} onClose={() => setPrinting(false)} />
      </LazyDialog>
    </Drawer>
  );
}
