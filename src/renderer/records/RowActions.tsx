// A row's actions in a compact form: the few a row needs most stay as buttons, the rest sit in a
// "⋯" menu, so the actions column keeps one narrow line at 1366 × 768.
import { Button, Dropdown, Space } from 'antd';
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
  const { t } = useTranslation();
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
      {menu.length > 0 && (
        <Dropdown trigger={['click']} menu={{ items: menu.map((a) => ({ key: a.key, label: a.label, danger: a.danger, onClick: a.onClick })) }}>
          <Button size="small" type="text" aria-label={t('table.more')} title={t('table.more')} icon={<EllipsisOutlined />} data-testid="row-more" />
        </Dropdown>
      )}
    </Space>
  );
}
