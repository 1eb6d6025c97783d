// A row's actions in a compact form: the few a row needs most stay as buttons, the rest sit in a
// "⋯" menu, so the actions column keeps one narrow line at 1366 × 768.
import { memo, useEffect, useRef, useState } from 'react';
import { Button, Dropdown, Space } from 'antd';
import type { MenuProps } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  /** Offered to this user on this row (rights and workflow status). */
  show: boolean;
  danger?: boolean;
  primary?: boolean;
}

export function RowActions({ visible, more }: { visible: RowAction[]; more: RowAction[] }) {
  const menu = more.filter((a) => a.show);
  return (
    <Space size={4} style={{ whiteSpace: 'nowrap' }}>
      {visible
        .filter((a) => a.show)
        .map((a) => (
          <Button key={a.key} size="small" type={a.primary ? 'primary' : a.key === 'history' ? 'link' : 'default'} danger={a.danger} onClick={a.onClick}>
            {a.label}
          </Button>
        ))}
      {menu.length > 0 && <MoreMenu actions={menu} />}
    </Space>
  );
}

/**
 * The "⋯" button. Its dropdown is made on the first press only: a page of rows would otherwise
 * build a hundred dropdowns (each with its popup trigger's hooks) on every new search answer
 * just to show one of them. The button that then carries the dropdown takes the focus back, so a
 * keyboard user goes on in the open menu as with a dropdown made up front.
 */
const MoreMenu = memo(function MoreMenu({ actions }: { actions: RowAction[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<boolean | null>(null);
  const ref = useRef<HTMLButtonElement>(null);
  const armed = open !== null;
  useEffect(() => {
    if (armed) ref.current?.focus();
  }, [armed]);
  const button = (
    <Button ref={ref} size="small" type="text" aria-label={t('table.more')} title={t('table.more')} icon={<EllipsisOutlined />} data-testid="row-more" onClick={armed ? undefined : () => setOpen(true)} />
  );
  if (!armed) return button;
  const items: MenuProps['items'] = actions.map((a) => ({ key: a.key, label: a.label, danger: a.danger, onClick: a.onClick }));
  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} menu={{ items }}>
      {button}
    </Dropdown>
  );
});
