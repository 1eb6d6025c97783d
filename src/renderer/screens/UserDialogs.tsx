// The user administration's two dialogs: add a user, and set a new password for one. The service's
// field refusals (a taken username, a weak password) appear on the fields.
import { App, Input, Modal, Select } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import type { Role, UserInfo } from '../../shared/contract';
import { call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { schemaRules } from '../app/schema-rules';
import { passwordLimits, passwordSchema } from './password-rule';

export function useRoleOptions() {
  const { t } = useTranslation();
  return (['admin', 'member', 'public'] as Role[]).map((r) => ({ value: r, label: t(`header.role.${r}`) }));
}

function usePasswordField() {
  const { t, i18n } = useTranslation();
  return { rules: schemaRules(passwordSchema, 'password', i18n.language), hint: <span data-testid="password-rule">{t('account.passwordRule', passwordLimits())}</span> };
}

export function AddUserDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const roleOptions = useRoleOptions();
  const password = usePasswordField();
  const add = async (v: { username: string; displayName: string; password: string; role: Role }) => {
    try {
      const created = await call('createUser', v);
      message.success(t('account.userAdded', { name: created.displayName, username: created.username }));
      onClose();
      form.resetFields();
      await onAdded();
    } catch (e) {
      if (!applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  };
  return (
    <Modal title={t('users.add')} open={open} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ role: 'member' }} onFinish={add}>
        <Form.Item name="username" label={t('users.username')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="displayName" label={t('users.displayName')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={password.rules} extra={password.hint}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label={t('users.role')}>
          <Select options={roleOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ResetPasswordDialog({ user, onClose }: { user: UserInfo | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const password = usePasswordField();
  const reset = async (v: { password: string }) => {
    try {
      await call('resetPassword', { id: user!.id, password: v.password });
      message.success(t('account.passwordReset', { name: user!.displayName, username: user!.username }));
      onClose();
    } catch (e) {
      if (!applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  };
  return (
    <Modal title={`${t('users.resetPassword')} — ${user?.displayName ?? ''}`} open={!!user} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={reset}>
        <Form.Item name="password" label={t('users.newPassword')} rules={password.rules} extra={password.hint}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
