// Which columns a records table shows and in what order, per user: the columns that matter at
// 1366 × 768 are shown by default, the others are a tick away. The choice is kept in this
// computer's localStorage under the user's id (no server preference holds table layouts), so two
// people sharing the lab computer each keep their own.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Popover, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';

/** What a user changed: every column key known when saved, in the user's order, and the hidden ones. */
interface Saved {
  order: string[];
  hidden: string[];
}

export interface ColumnDefaults {
  /** Shown only when the user ticks them. */
  hidden: readonly string[];
  /** Always shown (the name, the actions): they cannot be unticked. */
  locked: readonly string[];
}

const storageKey = (userId: number, table: string) => `lab.columns.${userId}.${table}`;

function readSaved(key: string): Saved | null {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? 'null') as Saved | null;
    return v && Array.isArray(v.order) && Array.isArray(v.hidden) ? v : null;
  } catch {
    return null;
  }
}

const keyOf = (c: ColumnsType<unknown>[number]): string => String(c.key ?? '');

/**
 * The user's order over the default one: keys the user saw keep the user's place; a column added
 * since comes right after the column it follows by default.
 */
export function arrange(defaultOrder: readonly string[], saved: Saved | null): string[] {
  if (!saved) return [...defaultOrder];
  const out = saved.order.filter((k) => defaultOrder.includes(k));
  defaultOrder.forEach((k, i) => {
    if (out.includes(k)) return;
    const before = i > 0 ? out.indexOf(defaultOrder[i - 1]!) : -1;
    out.splice(before + 1, 0, k);
  });
  return out;
}

/** Hidden keys: the user's for the columns they saw, the defaults for columns added since. */
export function hiddenKeys(defaultOrder: readonly string[], defaults: ColumnDefaults, saved: Saved | null): Set<string> {
  const seen = new Set(saved?.order ?? []);
  return new Set(defaultOrder.filter((k) => !defaults.locked.includes(k) && (seen.has(k) ? saved!.hidden.includes(k) : defaults.hidden.includes(k))));
}

/**
 * The columns to show (fixed ones stay where they are: the actions on the right), and the
 * settings button, placed in the title of the column `anchor` (the actions column).
 */
export function useColumnPrefs<T>(table: string, userId: number, columns: ColumnsType<T>, defaults: ColumnDefaults, anchor = 'actions'): ColumnsType<T> {
  const { t } = useTranslation();
  const key = storageKey(userId, table);
  const [saved, setSaved] = useState<Saved | null>(() => readSaved(key));
  const movable = useMemo(() => columns.filter((c) => !c.fixed).map((c) => keyOf(c as ColumnsType<unknown>[number])), [columns]);
  const order = useMemo(() => arrange(movable, saved), [movable, saved]);
  const hidden = useMemo(() => hiddenKeys(movable, defaults, saved), [movable, defaults, saved]);

  const save = useCallback(
    (next: Saved | null) => {
      setSaved(next);
      if (next) localStorage.setItem(key, JSON.stringify(next));
      else localStorage.removeItem(key);
    },
    [key],
  );
  const toggle = useCallback((k: string, show: boolean) => save({ order, hidden: [...hidden].filter((h) => h !== k).concat(show ? [] : [k]) }), [save, order, hidden]);
  const move = useCallback(
    (k: string, by: -1 | 1) => {
      const next = [...order];
      const i = next.indexOf(k);
      next.splice(i, 1);
      next.splice(i + by, 0, k);
      save({ order: next, hidden: [...hidden] });
    },
    [save, order, hidden],
  );

  return useMemo(() => {
    const byKey = new Map(columns.map((c) => [keyOf(c as ColumnsType<unknown>[number]), c]));
    const titleOf = (k: string) => byKey.get(k)?.title as ReactNode;
    const panel = (
      <div data-testid="column-settings" style={{ minWidth: 220 }}>
        {order.map((k, i) => (
          <div key={k} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
            <Checkbox checked={!hidden.has(k)} disabled={defaults.locked.includes(k)} onChange={(e) => toggle(k, e.target.checked)}>
              {titleOf(k)}
            </Checkbox>
            <Space size={0}>
              <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} aria-label={t('table.columnUp', { name: titleOf(k) })} title={t('table.columnUp', { name: titleOf(k) })} onClick={() => move(k, -1)} />
              <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === order.length - 1} aria-label={t('table.columnDown', { name: titleOf(k) })} title={t('table.columnDown', { name: titleOf(k) })} onClick={() => move(k, 1)} />
            </Space>
          </div>
        ))}
        <Button size="small" style={{ marginTop: 8 }} onClick={() => save(null)} data-testid="column-reset">{t('table.columnsReset')}</Button>
      </div>
    );
    const button = (
      <Popover trigger="click" placement="bottomRight" title={<Typography.Text strong>{t('table.columnsTitle')}</Typography.Text>} content={panel}>
        <Button size="small" type="text" icon={<SettingOutlined />} aria-label={t('table.columns')} title={t('table.columns')} data-testid="column-settings-button" />
      </Popover>
    );
    const shown = order.filter((k) => !hidden.has(k)).map((k) => byKey.get(k)!);
    const fixed = columns.filter((c) => c.fixed).map((c) =>
      keyOf(c as ColumnsType<unknown>[number]) === anchor
        ? { ...c, title: <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>{c.title as ReactNode}{button}</span> }
        : c,
    );
    return [...shown, ...fixed] as ColumnsType<T>;
  }, [columns, order, hidden, defaults.locked, toggle, move, save, anchor, t]);
}
