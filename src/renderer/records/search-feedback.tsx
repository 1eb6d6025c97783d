// Why a list shows what it shows: the small "拼音" mark on a row that the search found only through
// the pinyin of its Chinese (the list API names those rows), and an empty answer that says what was
// searched and filtered and offers to clear it all.
import { createContext, memo, useContext, type ReactNode } from 'react';
import { Button, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ListView } from './list-prefetch';

/** The rows of the page on screen that pinyin found (empty: none). */
export const PinyinMatches = createContext<ReadonlySet<number>>(new Set());

/** The mark after a row's name when pinyin found it; nothing otherwise. */
export const PinyinMark = memo(function PinyinMark({ id }: { id: number }) {
  const { t } = useTranslation();
  if (!useContext(PinyinMatches).has(id)) return null;
  return (
    <span className="cell-tag cell-tag-purple" title={t('records.search.pinyinTitle')} data-testid="pinyin-mark" style={{ flex: 'none' }}>
      {t('records.search.pinyin')}
    </span>
  );
});

/**
 * The filters of a view in words (status or status group, home-screen alert, location, controlled
 * only). The list's opening status (the inventory's 在库和借出) is where clearing leads, not a filter.
 */
function filterWords(view: ListView, opening: string, t: TFunction, isGroup: (status: string) => boolean): string[] {
  return [
    ...(view.status && view.status !== opening ? [t(isGroup(view.status) ? `records.statusGroup.${view.status}` : `records.status.${view.status}`)] : []),
    ...(view.alert ? [t(`dashboard.filter.${view.alert}`)] : []),
    ...(view.location_id !== undefined ? [t('records.empty.location')] : []),
    ...(view.controlled ? [t('controlled.only')] : []),
  ];
}

/** What an empty list says: what was searched (and in which field) and filtered, with a button that clears them; antd's plain "no data" when nothing narrows the list. */
export function EmptyResult({ view, opening, onClear }: { view: ListView; opening: string; onClear: () => void }): ReactNode {
  const { t, i18n } = useTranslation();
  const search = view.search.trim();
  const filters = filterWords(view, opening, t, (s) => i18n.exists(`records.statusGroup.${s}`));
  if (!search && !filters.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const said = !search ? t('records.empty.filtered') : view.field === 'all' ? t('records.empty.searched', { search }) : t('records.empty.searchedIn', { search, field: t(`records.field.${view.field}`) });
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="empty-result"
      description={
        <Space direction="vertical" size={4}>
          <Typography.Text>{said}</Typography.Text>
          {filters.length > 0 && <Typography.Text type="secondary">{t('records.empty.filters', { filters: filters.join(i18n.language.startsWith('zh') ? '、' : ', ') })}</Typography.Text>}
        </Space>
      }
    >
      <Button onClick={onClear} data-testid="clear-filters">
        {t('records.empty.clear')}
      </Button>
    </Empty>
  );
}
