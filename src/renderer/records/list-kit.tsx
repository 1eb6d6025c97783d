// Pieces every records list page shares: the toolbar (search, status filter, export), status
// tags, sort/paging wiring between antd's Table and the list view, and a confirm-then-call helper.
import { cloneElement, memo, useCallback, useMemo, useRef, useState, type ChangeEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { App, Button, ConfigProvider, Dropdown, Select, Space, Table, Tag, Tooltip, Typography, theme } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LISTS, type ListEndpoint, type RecordEntityType } from '../../shared/records';
import { LOCATION_SEPARATOR } from '../../shared/stock';
import { ListSearch } from './ListSearch';
import { downloadExport, exportLanguage, type CsvEncoding } from './export-download';
import { useRecordList, type ListOp } from './use-record-list';
import { useSession } from '../session/session-store';
import { call } from '../api/client';
import type { OperationName } from '../../shared/contract';
import { groupDigits } from '../i18n/numbers';
import { EmptyResult, PinyinMatches } from './search-feedback';
import './table-cells.css';

const STATUS_COLOR: Record<string, string> = {
  in_stock: 'green',
  borrowed: 'orange',
  consumed: 'default',
  disposed: 'default',
  pending_approval: 'gold',
  approved: 'blue',
  arrived: 'cyan',
  stocked_in: 'green',
  completed: 'green',
  rejected: 'red',
};

/** A status in antd's Tag look, as a plain span (every row has one; see table-cells.css). */
export function statusTag(status: string, label: string): ReactElement {
  const color = STATUS_COLOR[status];
  return <span className={color && color !== 'default' ? `cell-tag cell-tag-${color}` : 'cell-tag'}>{label}</span>;
}

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return statusTag(status, t(`records.status.${status}`));
}

/**
 * `t` for keys a column shows on every row (statuses, action names), each translated once: the
 * column's memo makes a new one when the language (and so `t`) changes.
 */
export function cachedT(t: (key: string) => string): (key: string) => string {
  const seen = new Map<string, string>();
  return (key) => {
    let v = seen.get(key);
    if (v === undefined) seen.set(key, (v = t(key)));
    return v;
  };
}

type SelectionNode = ReactElement<{ checked: boolean; 'aria-label'?: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; onClick: (e: MouseEvent) => void }>;

/**
 * rowSelection.renderCell: a row's box as a native checkbox in antd's look instead of an antd
 * Checkbox per row. antd's own handlers (taken from the checkbox it would have shown, which is
 * never rendered) still do the selecting, shift-click ranges included.
 */
export function selectionCell(_checked: boolean, _record: unknown, _index: number, node: ReactNode): ReactNode {
  const { checked, onChange, onClick, 'aria-label': label } = (node as SelectionNode).props;
  return <input type="checkbox" className="cell-check" checked={checked} aria-label={label} onChange={onChange} onClick={onClick} />;
}

type List = ReturnType<typeof useRecordList<unknown>>;

export function ListToolbar({ endpoint, list, extra }: { endpoint: ListEndpoint; list: List; extra?: ReactNode }) {
  const { t } = useTranslation();
  // The export buttons read the view when pressed: typing then does not re-render them.
  const viewRef = useRef(list.view);
  viewRef.current = list.view;
  const currentView = useCallback(() => viewRef.current, []);
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        <ListSearch endpoint={endpoint} field={list.view.field} onFieldChange={list.setField} value={list.text} onChange={list.setText} onSubmit={list.submitSearch} />
        <StatusFilter endpoint={endpoint} value={list.view.status} onChange={list.setStatus} />
        {list.view.alert && (
          <Tag color="orange" closable onClose={list.clearAlert} data-testid="alert-filter">
            {t(`dashboard.filter.${list.view.alert}`)}
          </Tag>
        )}
        <Typography.Text type="secondary" data-testid="list-total">
          {t('records.total', { count: list.data.total, total: groupDigits(list.data.total) })}
        </Typography.Text>
      </Space>
      <Space wrap>
        {extra}
        <CsvExport endpoint={endpoint} currentView={currentView} />
        <XlsxExport endpoint={endpoint} currentView={currentView} />
      </Space>
    </Space>
  );
}

/** The status filter; memoized, as every piece of the toolbar that a keystroke does not change. */
const StatusFilter = memo(function StatusFilter({ endpoint, value, onChange }: { endpoint: ListEndpoint; value: string; onChange: (status: string) => void }) {
  const { t } = useTranslation();
  const statuses: readonly string[] = LISTS[endpoint].statuses;
  // A group of statuses first (the inventory's opening view: what is in the lab), then any status, then each.
  const groups = Object.keys(LISTS[endpoint].statusGroups);
  return (
    <Select
      aria-label={t('records.field.status')}
      data-testid="status-filter"
      value={value}
      onChange={onChange}
      style={{ width: 150 }}
      options={[...groups.map((g) => ({ value: g, label: t(`records.statusGroup.${g}`) })), { value: '', label: t('records.status.all') }, ...statuses.map((s) => ({ value: s, label: t(`records.status.${s}`) }))]}
    />
  );
});

/** Exports the list as the toolbar shows it, with progress and the outcome as messages. */
function useExport(endpoint: ListEndpoint, currentView: () => List['view']) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  return (format: 'csv' | 'xlsx', encoding: CsvEncoding = 'utf-8') => {
    // Progress while the main process writes the file (seconds at 100 000 rows).
    const hide = message.loading(t('exportFile.working'), 0);
    downloadExport(endpoint, { format, encoding, lang: exportLanguage(i18n.language) }, currentView())
      .then((r) => {
        if (r.savedTo) void message.success(t('exportFile.saved', { rows: r.rows, path: r.savedTo }));
      })
      .catch((e: Error) => message.error(e.message))
      .finally(hide);
  };
}

type ExportProps = { endpoint: ListEndpoint; currentView: () => List['view'] };

const CsvExport = memo(function CsvExport({ endpoint, currentView }: ExportProps) {
  const { t } = useTranslation();
  const exportAs = useExport(endpoint, currentView);
  return (
    <Space.Compact>
      <Button onClick={() => void exportAs('csv')}>{t('records.action.exportCsv')}</Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'utf-8', label: t('records.export.utf8') },
            { key: 'gb18030', label: t('records.export.gb18030') },
          ],
          onClick: ({ key }) => void exportAs('csv', key as CsvEncoding),
        }}
      >
        <Button aria-label={t('records.export.csvChoices')} icon={<DownOutlined />} data-testid="export-csv-choices" />
      </Dropdown>
    </Space.Compact>
  );
});

const XlsxExport = memo(function XlsxExport({ endpoint, currentView }: ExportProps) {
  const { t } = useTranslation();
  const exportAs = useExport(endpoint, currentView);
  return <Button onClick={() => void exportAs('xlsx')}>{t('records.action.exportXlsx')}</Button>;
});

const NO_MARKS: ReadonlySet<number> = new Set();

/** Table theme of the records lists: compact rows. One object, so the theme is not recomputed per render. */
const TABLE_THEME = { components: { Table: { cellPaddingBlockSM: 4 } } };
const nowrapHeader = () => ({ style: { whiteSpace: 'nowrap' as const } });

/**
 * The records table at laptop size: compact rows, a header that sticks while the page scrolls,
 * header cells on one line (a CJK title must not break between its characters), fixed column
 * widths with horizontal scrolling when they do not fit. Memoized: typing in the search box
 * re-renders the page, not the table, as long as the page passes the same columns and rows.
 */
function RecordTableImpl<T extends { id: number }>({ pinyin, ...props }: TableProps<T> & { columns: ColumnsType<T>; pinyin?: ReadonlySet<number> }) {
  const { token } = theme.useToken();
  const font = `${token.fontWeightStrong} ${token.fontSize}px ${token.fontFamily}`;
  // A column is at least as wide as its title on one line (English titles are longer than the
  // Chinese ones the widths were chosen for): title + sort icons + cell padding.
  const { columns, width } = useMemo(() => {
    const cols = props.columns.map((c) => {
      const title = typeof c.title === 'string' ? c.title : '';
      const need = Math.ceil(textWidth(title, font)) + (c.sorter ? 28 : 0) + 2 * token.paddingXS + 2;
      return { ...c, width: Math.max(typeof c.width === 'number' ? c.width : 120, need), onHeaderCell: nowrapHeader };
    });
    return { columns: cols, width: cols.reduce((sum, c) => sum + c.width, 0) };
  }, [props.columns, font, token.paddingXS]);
  const scroll = useMemo(() => ({ x: width }), [width]);
  return (
    <ConfigProvider theme={TABLE_THEME}>
      <PinyinMatches.Provider value={pinyin ?? NO_MARKS}>
        <Table<T> {...props} columns={columns} size="small" sticky scroll={scroll} data-testid="records-table" />
      </PinyinMatches.Provider>
    </ConfigProvider>
  );
}
export const RecordTable = memo(RecordTableImpl) as typeof RecordTableImpl;

let measureCanvas: HTMLCanvasElement | null = null;
function textWidth(text: string, font: string): number {
  measureCanvas ??= document.createElement('canvas');
  const ctx = measureCanvas.getContext('2d');
  if (!ctx) return text.length * 9;
  ctx.font = font;
  return ctx.measureText(text).width;
}

/**
 * A tooltip made only when the pointer (or focus) first reaches its element: a page of rows has
 * a hundred cells with one, and each antd Tooltip costs its share of every table render.
 */
export function HoverTip({ title, children }: { title: ReactNode; children: ReactElement<{ onMouseEnter?: () => void; onFocus?: () => void }> }) {
  const [armed, setArmed] = useState(false);
  if (!armed) return cloneElement(children, { onMouseEnter: () => setArmed(true), onFocus: () => setArmed(true) });
  return (
    <Tooltip placement="topLeft" title={title} defaultOpen>
      {children}
    </Tooltip>
  );
}

/** A text cell cut to its column's width with "…"; the whole text shows on hover. */
export function ellipsisCell(width: number) {
  return {
    width,
    ellipsis: { showTitle: false },
    render: (v: string) => (v ? <HoverTip title={v}><span>{v}</span></HoverTip> : v),
  };
}

/** The last `n` levels of a location path ("试剂柜A › 第2层"): what tells two shelves apart. */
export function pathTail(path: string, n = 2): string {
  const parts = path.split(LOCATION_SEPARATOR);
  return parts.length <= n ? path : parts.slice(-n).join(LOCATION_SEPARATOR);
}

/** A location cell: the path's last two levels (a full path does not fit a laptop's table), the whole path on hover. */
export function locationCell(width: number) {
  return {
    width,
    ellipsis: { showTitle: false },
    render: (v: string) => (v ? <HoverTip title={v}><span data-testid="location-cell">{pathTail(v)}</span></HoverTip> : v),
  };
}

/** A CAS number cell: one unbreakable line (a CAS split at its hyphens reads as two numbers). */
export const casCell = { width: 100, className: 'cas-cell', onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }) };

/**
 * Table props that map antd's sorter and pagination onto the server-side list view, the rows pinyin
 * found (their marks) and what an empty answer says (stable while the view and rows are).
 */
export function useTableWiring<T extends { id: number }>(list: List): Pick<TableProps<T>, 'rowKey' | 'loading' | 'dataSource' | 'pagination' | 'onChange' | 'locale'> & { pinyin: ReadonlySet<number>; sortOrderOf: (key: string) => 'ascend' | 'descend' | null } {
  const { sort, page, pageSize } = list.view;
  const { total, rows, pinyin: marked } = list.data;
  const { setSort, setPage, clearAll, answered, opening } = list;
  const pinyin = useMemo(() => (marked?.length ? new Set(marked) : NO_MARKS), [marked]);
  const locale = useMemo(() => ({ emptyText: <EmptyResult view={answered} opening={opening.status} onClear={clearAll} /> }), [answered, opening.status, clearAll]);
  const pagination = useMemo(() => ({ current: page, pageSize, total, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 200] }), [page, pageSize, total]);
  const onChange = useCallback<NonNullable<TableProps<T>['onChange']>>(
    (p, _f, sorter, extra) => {
      if (extra.action === 'sort') {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        // No column picked: the server orders search hits by relevance, other lists newest first.
        setSort(s?.order && s.columnKey ? `${s.order === 'descend' ? '-' : ''}${String(s.columnKey)}` : '');
      } else if (extra.action === 'paginate') setPage(p.current ?? 1, p.pageSize ?? pageSize);
    },
    [setSort, setPage, pageSize],
  );
  const sortOrderOf = useCallback((k: string) => (k === sort.replace(/^-/, '') ? (sort.startsWith('-') ? 'descend' : 'ascend') : null), [sort]);
  return { rowKey: 'id', loading: list.loading, dataSource: rows as T[], pagination, onChange, locale, pinyin, sortOrderOf };
}

/**
 * A confirmation as people read it: the title names the record ("删除 硫酸铜(五水) #14？"), the
 * button says what it does ("删除", not "是"); `danger` for what cannot be undone.
 */
export interface Confirm {
  title: string;
  content?: string;
  okText: string;
  danger?: boolean;
}

/** "删除 硫酸铜(五水) #14？", the audit log's keeping of its history said below, the button "删除". */
export function deleteConfirm(t: TFunction, r: { id: number; name: string }): Confirm {
  return { title: t('records.confirmDelete', { name: r.name, id: r.id }), content: t('records.confirmDeleteNote'), okText: t('records.action.delete'), danger: true };
}

/** Runs a row action (after an optional confirmation) and reports the outcome. */
export function useRowAction() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return useCallback(
    async <N extends OperationName>(op: N, input: unknown, confirm?: Confirm): Promise<boolean> => {
      if (confirm) {
        const ok = await new Promise<boolean>((resolve) =>
          modal.confirm({
            title: confirm.title,
            content: confirm.content,
            okText: confirm.okText,
            okButtonProps: confirm.danger ? { danger: true } : undefined,
            cancelText: t('records.action.cancel'),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          }),
        );
        if (!ok) return false;
      }
      try {
        await call(op, input as never);
        message.success(t('records.done'));
        return true;
      } catch (e) {
        message.error((e as Error).message);
        return false;
      }
    },
    [t, message, modal],
  );
}

/**
 * What every records list page starts with: the caller's rights, the list state, the row action
 * runner, the edit and history panels' state, table wiring and a sortable-column helper.
 */
export function useRecordPage<T extends { id: number }>(op: ListOp, endpoint: ListEndpoint) {
  const { t } = useTranslation();
  const user = useSession().user!;
  const list = useRecordList<T>(op, endpoint);
  const run = useRowAction();
  const [editing, setEditing] = useState<T | null | 'new'>(null);
  const [history, setHistory] = useState<{ type: RecordEntityType; id: number; name: string } | null>(null);
  const { sortOrderOf, ...tableProps } = useTableWiring<T>(list);
  const col = useCallback(
    (key: keyof T & string, extra: Partial<ColumnsType<T>[number]> = {}) => ({ key, dataIndex: key, title: t(`records.field.${key}` as string), sorter: true, sortOrder: sortOrderOf(key), ...extra }),
    [t, sortOrderOf],
  );
  return { t, user, canWrite: user.role !== 'public', isAdmin: user.role === 'admin', list, run, editing, setEditing, history, setHistory, tableProps, col };
}
