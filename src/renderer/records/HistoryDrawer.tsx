// The audit trail of one record: who changed what, when, each field from → to. An inventory item
// also shows its stock ledger (movements) in a second tab. The trail alone (HistoryTimeline) is
// also a tab of an item's details.
import { useEffect, useMemo, useState } from 'react';
import { Drawer, Empty, Tabs, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { HistoryEntry, RecordEntityType } from '../../shared/records';
import { dateTime, EMPTY } from '../app/format';
import { actionLabel, changeLine, entryUnits, shownChanges, type EntryUnits } from './change-format';
import { StockLedger } from './StockLedger';

type Target = { type: RecordEntityType; id: number; name: string };

/** One record's audit entries, oldest first (read again when `version` changes). */
export function HistoryTimeline({ type, id, version }: { type: RecordEntityType; id: number; version?: string }) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setEntries(null);
    setError(null);
    call('getHistory', { entity_type: type, id }).then(setEntries, (e: Error) => setError(e.message));
  }, [type, id, version]);
  // An item's amounts read with its unit as it was at each entry.
  const units = useMemo(() => (entries && type === 'inventory_item' ? entryUnits(entries) : new Map<number, EntryUnits>()), [entries, type]);
  return (
    <>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      {entries && entries.length === 0 && <Empty description={t('records.history.empty')} />}
      {entries && entries.length > 0 && (
        <Timeline
          items={entries.map((e) => ({
            key: e.id,
            children: (
              <div data-testid="history-entry">
                <Typography.Text strong>{actionLabel(e.action, t)}</Typography.Text>
                {' · '}
                {e.userName ?? EMPTY} · {dateTime(e.at)}
                <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                  {shownChanges(e.changes).map(([field, change]) => (
                    <li key={field}>{changeLine(field, change, t, undefined, units.get(e.id))}</li>
                  ))}
                </ul>
              </div>
            ),
          }))}
        />
      )}
    </>
  );
}

export function HistoryDrawer({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t } = useTranslation();
  const changes = target && <HistoryTimeline type={target.type} id={target.id} />;
  return (
    <Drawer open={!!target} onClose={onClose} title={`${t('records.history.title')} — ${target?.name ?? ''}`} size="large" data-testid="history-drawer">
      {target?.type === 'inventory_item' ? (
        <Tabs
          items={[
            { key: 'history', label: t('stock.history'), children: changes },
            { key: 'ledger', label: t('stock.title'), children: <StockLedger itemId={target.id} /> },
          ]}
        />
      ) : (
        changes
      )}
    </Drawer>
  );
}
