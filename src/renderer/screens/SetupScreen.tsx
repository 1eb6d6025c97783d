// First start: create the administrator.
import { useState } from 'react';
import { Alert, Button, Card, Input, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { completeSetup } from '../session/session-store';
import { applyFieldErrors } from '../app/form-errors';
import { useBusyAction } from '../app/use-busy-action';
import { schemaRules } from '../app/schema-rules';
import { passwordLimits, passwordSchema } from './password-rule';

export function SetupScreen() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);

  const [busy, submit] = useBusyAction(async (v: { username: string; displayName: string; password: string }) => {
    setError(null);
    try {
      await completeSetup({ username: v.username, displayName: v.displayName, password: v.password });
    } catch (e) {
      if (!applyFieldErrors(form, e)) setError((e as Error).message);
    }
  });

  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', background: '#f5f7fa' }}>
      <Card style={{ width: 440 }}>
        <Typography.Title level={3}>{t('setup.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('setup.intro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('common.required') }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="displayName" label={t('setup.displayName')} rules={[{ required: true, message: t('common.required') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={schemaRules(passwordSchema, 'password', i18n.language)} extra={<span data-testid="password-rule">{t('account.passwordRule', passwordLimits())}</span>}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('setup.confirm')}
            dependencies={['password']}
            rules={[{ required: true, message: t('common.required') }, ({ getFieldValue }) => ({ validator: (_r, v) => (v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('setup.mismatch')))) })]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('setup.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
