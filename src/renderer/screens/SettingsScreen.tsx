// Settings: data directory, local server port, the lab's time zone, language, about/version.
import { useEffect, type ReactNode } from 'react';
import { App, Button, Card, Descriptions, InputNumber, Select, Space, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AppInfo } from '../../shared/contract';
import { call } from '../api/client';
import { setLanguage, type Language } from '../i18n';
import { useSession } from '../session/session-store';
import { applyFieldErrors } from '../app/form-errors';
import { DataPanel } from '../data/DataPanel';
import { PersonalizationSwitch } from '../completion/PersonalizationSwitch';
import { AlertSettingsCard } from '../dashboard/AlertSettingsCard';
import { NotificationSettingsCard } from '../notifications/NotificationSettingsCard';
import { codeWord } from '../i18n/translate';
import { TimeZoneCard } from './TimeZoneCard';

/** A value with what it means beneath it, in words a lab manager uses. */
function Explained({ hint, children }: { hint: string; children: ReactNode }) {
  return (
    <span>
      {children}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{hint}</Typography.Text>
    </span>
  );
}

export function SettingsScreen({ info, onInfo }: { info: AppInfo | null; onInfo: (i: AppInfo) => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ port: number }>();
  const isAdmin = session.user?.role === 'admin';

  // Fresh figures (worker state, server problems) every time the screen opens.
  useEffect(() => {
    call('appInfo', {}).then(onInfo, () => undefined);
  }, [onInfo]);

  const savePort = async (v: { port: number }) => {
    try {
      const r = await call('updateSettings', { port: v.port });
      message.success(t('settings.portSaved', { port: r.port }));
      onInfo(await call('appInfo', {}));
    } catch (e) {
      if (!applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('settings.title')}</Typography.Title>
      <DataPanel dataDir={info?.dataDir} />
      <Card title={t('settings.server')}>
        {info && (
          <Form form={form} layout="inline" initialValues={{ port: info.port }} onFinish={savePort} disabled={!isAdmin}>
            <Form.Item name="port" label={t('settings.port')} rules={[{ required: true }]}>
              <InputNumber min={1024} max={65535} />
            </Form.Item>
            <Button htmlType="submit" type="primary">
              {t('settings.save')}
            </Button>
          </Form>
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('settings.portHint')}
        </Typography.Paragraph>
      </Card>
      {info && <TimeZoneCard info={info} isAdmin={isAdmin} onInfo={onInfo} />}
      <AlertSettingsCard isAdmin={isAdmin} />
      <PersonalizationSwitch />
      {session.user?.role !== 'public' && <NotificationSettingsCard />}
      <Card title={t('settings.language')}>
        <Select<Language>
          value={i18n.language as Language}
          onChange={setLanguage}
          style={{ width: 200 }}
          options={[
            { value: 'zh-CN', label: '简体中文' },
            { value: 'en', label: 'English' },
          ]}
        />
      </Card>
      <Card title={t('settings.about')}>
        {info && (
          <Descriptions
            column={1}
            items={[
              { key: 'v', label: t('settings.version'), children: <span data-testid="app-version">{info.version}</span> },
              { key: 'api', label: t('settings.apiVersion'), children: <Explained hint={t('settings.apiVersionHint')}>{info.apiVersion}</Explained> },
              { key: 'mode', label: t('settings.mode'), children: info.mode === 'desktop' ? t('settings.modeDesktop') : t('settings.modeBrowser') },
              {
                key: 'w',
                label: t('settings.worker'),
                children: (
                  <Explained hint={t('settings.workerHint')}>
                    <span data-testid="worker-state">{`${codeWord('worker', info.worker.state)}${info.worker.restarts ? ` (${info.worker.restarts})` : ''}`}</span>
                  </Explained>
                ),
              },
            ]}
          />
        )}
        <Button onClick={() => navigate('/settings/data-sources')} data-testid="open-data-sources">
          {t('reference.open')}
        </Button>
      </Card>
    </Space>
  );
}
