// Login form; in the `degraded` state it explains the problem and offers a retry.
import { useState } from 'react';
import { Alert, Button, Card, Input, Typography } from 'antd';
import { Form } from '../app/Form';
import { useBusyAction } from '../app/use-busy-action';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { lastUserSnapshot, login, useSession, verifySession } from '../session/session-store';

export function LoginScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  const last = lastUserSnapshot();

  const [busy, submit] = useBusyAction(async (v: { username: string; password: string }) => {
    setError(null);
    try {
      await login(v.username, v.password);
      navigate('/home', { replace: true });
    } catch (e) {
      setError((e as Error).message);
    }
  });

  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', background: '#f5f7fa' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3}>{t('login.title')}</Typography.Title>
        {session.status === 'degraded' && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="degraded"
            style={{ marginBottom: 16 }}
            title={t('login.degradedTitle')}
            description={t('login.degradedHint', { problem: session.problem ?? '' })}
            action={
              <Button size="small" onClick={() => void verifySession()}>
                {t('login.retry')}
              </Button>
            }
          />
        )}
        {last && <Typography.Paragraph type="secondary">{t('login.lastUser', { name: last.displayName })}</Typography.Paragraph>}
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ username: last?.username ?? '' }} requiredMark={false}>
          <Form.Item name="username" label={t('login.username')} rules={[{ required: true, message: t('common.required') }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('common.required') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
