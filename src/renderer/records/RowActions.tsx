// A row's actions in a compact form: the few a row needs most stay as buttons, the rest sit in a
// "⋯" menu, so the actions column keeps one narrow line at 1366 × 768. The buttons are plain
// <button>s in antd's small-button look (table-cells.css): a page of rows has 40–60 of them, and
// an antd Button (wave, style hooks, compact-group context) per row made new rows slow to show.
import { memo, useEffect, useRef, useState } from 'react';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import './table-cells.css';

export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  /** Offered to this user on this row (rights and workflow status). */
  show: boolean;
  danger?: boolean;
  primary?: boolean;
}

/** antd puts a space between two Chinese characters on a bordered button ("借 用", not on a link); the plain buttons read the same. */
export function buttonText(a: RowAction): string {
  return a.key !== 'history' && /^[\u4e00-\u9fa5]{2}$/.test(a.label) ? a.label.split('').join(' ') : a.label;
}

function buttonClass(a: RowAction): string {
  const kind = a.primary ? 'cell-btn-primary' : a.key === 'history' ? 'cell-btn-link' : '';
  return `cell-btn ${kind}${a.danger ? ' cell-btn-danger' : ''}`;
}

/** `moreLabel`: the "⋯" button's name (t('table.more')), translated once by the column, not per row. */
export function RowActions({ visible, more, moreLabel }: { visible: RowAction[]; more: RowAction[]; moreLabel: string }) {
  const menu = more.filter((a) => a.show);
  return (
    <span className="cell-actions">
      {visible
        .filter((a) => a.show)
        .map((a) => (
          <button key={a.key} type="button" className={buttonClass(a)} onClick={a.onClick}>
            {buttonText(a)}
          </button>
        ))}
      {menu.length > 0 && <MoreMenu actions={menu} label={moreLabel} />}
    </span>
  );
}

/** antd's "ellipsis" icon, drawn inline (an icon component per row costs its own hooks). */
const ELLIPSIS = (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M176 511a56 56 0 10112 0 56 56 0 10-112 0zm280 0a56 56 0 10112 0 56 56 0 10-112 0zm280 0a56 56 0 10112 0 56 56 0 10-112 0z" />
  </svg>
);

/**
 * The "⋯" button. Its dropdown is made on the first press only: a page of rows would otherwise
 * build a hundred dropdowns (each with its popup trigger's hooks) on every new search answer
 * just to show one of them. The button that then carries the dropdown takes the focus back, so a
 * keyboard user goes on in the open menu as with a dropdown made up front.
 */
const MoreMenu = memo(function MoreMenu({ actions, label }: { actions: RowAction[]; label: string }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const ref = useRef<HTMLButtonElement>(null);
  const armed = open !== null;
  useEffect(() => {
    if (armed) ref.current?.focus();
  }, [armed]);
  const button = (
    <button ref={ref} type="button" className="cell-btn cell-btn-text" aria-label={label} title={label} data-testid="row-more" onClick={armed ? undefined : () => setOpen(true)}>
      {ELLIPSIS}
    </button>
  );
  if (!armed) return button;
  const items: MenuProps['items'] = actions.map((a) => ({ key: a.key, label: a.label, danger: a.danger, onClick: a.onClick }));
  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} menu={{ items }}>
      {button}
    </Dropdown>
  );
});
