// The bell in the header: the unread count, and a panel of the person's notifications, newest
// first, unread ones marked. A notification links to its order (the order's page with its
// history open) or, once stocked in, to the new inventory item; following a link marks it read.
import { useState } from 'react';
import { App, Badge, Button, Popover, Space, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../shared/notifications';
import type { RecordEntityType } from '../../shared/records';
import { dateTime } from '../app/format';
import { LazyDialog } from '../app/lazy';
import { HistoryDrawer } from '../records/dialogs';
import { openScannedItem } from '../labels/scan';
import { useBusyAction } from '../app/use-busy-action';
import { useNotifications, type NotificationsState } from './use-notifications';
import { notificationText } from './words';

const ORDER_PAGE = { reagent: '/reagent-orders', consumable: '/consumable-orders' } as const;
const ORDER_ENTITY: Record<keyof typeof ORDER_PAGE, RecordEntityType> = { reagent: 'reagent_order', consumable: 'consumable_order' };

const UNREAD_DOT = { display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: '#1f6feb', marginInlineEnd: 6, verticalAlign: 'middle' } as const;

type HistoryTarget = { type: RecordEntityType; id: number; name: string };

export function NotificationBell() {
  const { t } = useTranslation();
  const state = useNotifications();
  const [open, setOpen] = useState(false);
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const unread = state.list?.unread ?? 0;
  const label = unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');
  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        title={<PanelTitle state={state} />}
        content={<Panel state={state} close={() => setOpen(false)} showOrder={setHistory} />}
      >
        <Button type="text" size="small" aria-label={label} title={label} data-testid="notification-bell" data-unread={unread}>
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        </Button>
      </Popover>
      <LazyDialog open={history !== null}>
        <HistoryDrawer target={history} onClose={() => setHistory(null)} />
      </LazyDialog>
    </>
  );
}

function PanelTitle({ state }: { state: NotificationsState }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, markAll] = useBusyAction(async () => {
    try {
      await state.markAll();
    } catch (e) {
      message.error((e as Error).message);
    }
  });
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      <span>{t('notifications.title')}</span>
      <Button size="small" type="link" disabled={!state.list?.unread} loading={busy} onClick={() => void markAll()} data-testid="notifications-mark-all">
        {t('notifications.markAll')}
      </Button>
    </Space>
  );
}

function Panel({ state, close, showOrder }: { state: NotificationsState; close: () => void; showOrder: (h: HistoryTarget) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [olderBusy, older] = useBusyAction(async () => {
    try {
      await state.loadOlder();
    } catch (e) {
      message.error((e as Error).message);
    }
  });
  const read = (n: Notification) => {
    if (!n.read_at) state.markRead(n.id).catch((e: Error) => message.error(e.message));
  };
  const openOrder = (n: Notification) => {
    read(n);
    close();
    if (!n.order_type || n.order_id === null) return;
    navigate(ORDER_PAGE[n.order_type]);
    showOrder({ type: ORDER_ENTITY[n.order_type], id: n.order_id, name: n.params.name });
  };
  const openItem = async (n: Notification) => {
    read(n);
    close();
    const err = await openScannedItem(n.item_id!, navigate, t);
    if (err) message.error(err);
  };

  if (state.error && !state.list) return <Typography.Text type="danger">{t('notifications.loadFailed', { message: state.error })}</Typography.Text>;
  const items = state.list?.items ?? [];
  return (
    <div style={{ width: 380, maxHeight: 440, overflowY: 'auto' }} data-testid="notifications-panel">
      {items.length === 0 && <Typography.Text type="secondary">{t('notifications.empty')}</Typography.Text>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((n) => (
          <li
            key={n.id}
            data-testid="notification"
            data-kind={n.kind}
            data-unread={n.read_at ? undefined : 'true'}
            style={{ padding: '8px 4px', borderBottom: '1px solid #f0f0f0' }}
          >
            <Typography.Paragraph strong={!n.read_at} style={{ marginBottom: 4 }}>
              {!n.read_at && <span role="img" aria-label={t('notifications.unread')} title={t('notifications.unread')} style={UNREAD_DOT} />}
              {notificationText(n, t)}
            </Typography.Paragraph>
            <Space size="small" wrap>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{dateTime(n.created_at)}</Typography.Text>
              {n.order_id !== null && (
                <Button size="small" type="link" onClick={() => openOrder(n)}>
                  {t('notifications.openOrder')}
                </Button>
              )}
              {n.kind === 'order_stocked_in' && n.item_id !== null && (
                <Button size="small" type="link" onClick={() => void openItem(n)} data-testid="notification-open-item">
                  {t('notifications.openItem')}
                </Button>
              )}
              {!n.read_at && (
                <Button size="small" type="link" onClick={() => read(n)}>
                  {t('notifications.markRead')}
                </Button>
              )}
            </Space>
          </li>
        ))}
      </ul>
      {state.list?.more && (
        <Button block type="link" loading={olderBusy} onClick={() => void older()}>
          {t('notifications.older')}
        </Button>
      )}
    </div>
  );
}
