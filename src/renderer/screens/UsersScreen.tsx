// User administration (admin): add, change role, deactivate/activate, reset password.
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role, UserInfo } from '../../shared/contract';
import { call } from '../api/client';
import { boolean } from '../app/format';
import { AddUserDialog, ResetPasswordDialog, useRoleOptions } from './UserDialogs';

export function UsersScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [users, setUsers] = useState<UserInfo[]>([]);
  const [adding, setAdding] = useState(false);
  const [resetFor, setResetFor] = useState<UserInfo | null>(null);

  const load = useCallback(() => call('listUsers', {}).then(setUsers, (e: Error) => message.error(e.message)), [message]);
  useEffect(() => void load(), [load]);

  const roleOptions = useRoleOptions();

  const update = async (u: UserInfo, patch: { role?: Role; active?: boolean }) => {
    try {
      await call('updateUser', { id: u.id, ...patch });
      message.success(t('users.saved'));
      await load();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3}>{t('users.title')}</Typography.Title>
        <Button type="primary" onClick={() => setAdding(true)}>
          {t('users.add')}
        </Button>
      </Space>
      <Table<UserInfo>
        rowKey="id"
        dataSource={users}
        pagination={false}
        columns={[
          { title: t('users.username'), dataIndex: 'username' },
          { title: t('users.displayName'), dataIndex: 'displayName' },
          { title: t('users.role'), dataIndex: 'role', render: (_v, u) => <Select size="small" value={u.role} options={roleOptions} onChange={(role) => void update(u, { role })} style={{ width: 180 }} /> },
          { title: t('users.active'), dataIndex: 'active', render: (a: boolean) => (a ? <Tag color="green">{boolean(a, t)}</Tag> : <Tag>{t('users.inactive')}</Tag>) },
          {
            title: t('users.actions'),
            render: (_v, u) => (
              <Space>
                <Button size="small" onClick={() => void update(u, { active: !u.active })}>
                  {u.active ? t('users.deactivate') : t('users.activate')}
                </Button>
                <Button size="small" onClick={() => setResetFor(u)}>
                  {t('users.resetPassword')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <AddUserDialog open={adding} onClose={() => setAdding(false)} onAdded={load} />
      <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />
    </Space>
  );
}
