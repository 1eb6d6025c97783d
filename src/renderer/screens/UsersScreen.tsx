// User administration (admin): add, change role, deactivate/activate, reset password.
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import type { Role, UserInfo } from '../../shared/contract';
import { call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { boolean } from '../app/format';
import { schemaRules } from '../app/schema-rules';
import { passwordLimits, passwordSchema } from './password-rule';

export function UsersScreen() {
  const { t, i18n } = useTranslation();
  const passwordRules = schemaRules(passwordSchema, 'password', i18n.language);
  const passwordHint = <span data-testid="password-rule">{t('account.passwordRule', passwordLimits())}</span>;
  const { message } = App.useApp();
  const [users, setUsers] = useState<UserInfo[]>([]);
  const [adding, setAdding] = useState(false);
  const [resetFor, setResetFor] = useState<UserInfo | null>(null);
  const [addForm] = Form.useForm();
  const [resetForm] = Form.useForm();

  const load = useCallback(() => call('listUsers', {}).then(setUsers, (e: Error) => message.error(e.message)), [message]);
  useEffect(() => void load(), [load]);

  const roleOptions = (['admin', 'member', 'public'] as Role[]).map((r) => ({ value: r, label: t(`header.role.${r}`) }));

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
      <Modal title={t('users.add')} open={adding} onCancel={() => setAdding(false)} onOk={() => addForm.submit()} destroyOnHidden>
        <Form
          form={addForm}
          layout="vertical"
          initialValues={{ role: 'member' }}
          onFinish={async (v: { username: string; displayName: string; password: string; role: Role }) => {
            try {
              const created = await call('createUser', v);
              message.success(t('account.userAdded', { name: created.displayName, username: created.username }));
              setAdding(false);
              addForm.resetFields();
              await load();
            } catch (e) {
              if (!applyFieldErrors(addForm, e)) message.error((e as Error).message);
            }
          }}
        >
          <Form.Item name="username" label={t('users.username')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="displayName" label={t('users.displayName')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={passwordRules} extra={passwordHint}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="role" label={t('users.role')}>
            <Select options={roleOptions} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal title={`${t('users.resetPassword')} — ${resetFor?.displayName ?? ''}`} open={!!resetFor} onCancel={() => setResetFor(null)} onOk={() => resetForm.submit()} destroyOnHidden>
        <Form
          form={resetForm}
          layout="vertical"
          onFinish={async (v: { password: string }) => {
            try {
              await call('resetPassword', { id: resetFor!.id, password: v.password });
              message.success(t('account.passwordReset', { name: resetFor!.displayName, username: resetFor!.username }));
              setResetFor(null);
            } catch (e) {
              if (!applyFieldErrors(resetForm, e)) message.error((e as Error).message);
            }
          }}
        >
          <Form.Item name="password" label={t('users.newPassword')} rules={passwordRules} extra={passwordHint}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
