// The navigation's badges for administrators: orders waiting for approval, on the reagent and
// consumable order entries. Read once, then again whenever an order list changes (the
// records-changed event flow: another window, a member's new order, an approval) — no polling.
// Small on purpose: it sits in the entry chunk with the navigation.
import { useEffect, useState, type ReactNode } from 'react';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { call, subscribeEvents } from '../api/client';

export interface PendingCounts {
  reagent: number;
  consumable: number;
}

const RELOAD_AFTER_MS = 200;

export function usePendingApprovals(enabled: boolean): PendingCounts | null {
  const [counts, setCounts] = useState<PendingCounts | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const load = () => call('countPendingApprovals', {}).then((c) => live && setCounts(c), () => undefined);
    load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = subscribeEvents((e) => {
      if (e.type !== 'records-changed' || e.endpoint === '/inventory/') return;
      clearTimeout(timer);
      timer = setTimeout(load, RELOAD_AFTER_MS);
    });
    return () => {
      live = false;
      clearTimeout(timer);
      off();
    };
  }, [enabled]);
  return enabled ? counts : null;
}

const PATHS: Record<string, keyof PendingCounts> = { '/reagent-orders': 'reagent', '/consumable-orders': 'consumable' };

/**
 * A navigation label with its pending count (nothing when there is none). The entry keeps its
 * plain name for assistive technology and tests; the count is said in the badge's title.
 */
export function PendingBadge({ path, counts, children }: { path: string; counts: PendingCounts | null; children: ReactNode }) {
  const { t } = useTranslation();
  const kind = PATHS[path];
  const n = kind && counts ? counts[kind] : 0;
  if (!n) return <>{children}</>;
  return (
    <span>
      {children}{' '}
      <span aria-hidden title={t('dashboard.badgeTitle', { count: n })}>
        <Badge count={n} size="small" overflowCount={99} data-testid={`pending-badge-${kind}`} style={{ marginInlineStart: 4 }} />
      </span>
    </span>
  );
}
