// Settings → Alerts: how many days ahead the home screen warns about expiry (1–365; admins change it).
import { useEffect, useState } from 'react';
import { App, Button, Card, InputNumber, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { MAX_EXPIRING_DAYS, MIN_EXPIRING_DAYS } from '../../shared/contract/dashboard';

export function AlertSettingsCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ expiringDays: number }>();
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    call('getAlertSettings', {}).then((s) => {
      form.setFieldsValue(s);
      setLoaded(true);
    }, () => undefined);
  }, [form]);

  const save = async (v: { expiringDays: number }) => {
    try {
      const r = await call('updateAlertSettings', { expiringDays: v.expiringDays });
      message.success(t('dashboard.settings.saved', { days: r.expiringDays }));
    } catch (e) {
      if (!applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  };

  return (
    <Card title={t('dashboard.settings.title')} data-testid="alert-settings">
      <Form form={form} layout="inline" onFinish={save} disabled={!isAdmin || !loaded}>
        <Form.Item name="expiringDays" label={t('dashboard.settings.expiringDays')} rules={[{ required: true }]}>
          <InputNumber min={MIN_EXPIRING_DAYS} max={MAX_EXPIRING_DAYS} precision={0} addonAfter={t('dashboard.settings.days')} />
        </Form.Item>
        <Button htmlType="submit" type="primary">
          {t('dashboard.settings.save')}
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('dashboard.settings.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
