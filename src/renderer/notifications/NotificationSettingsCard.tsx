// Settings: which kinds of notification the bell tells this person (kept on the server, so they
// follow the person to every computer). Administrators also see the kind only they are told.
import { useEffect, useState } from 'react';
import { App, Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { useSession } from '../session/session-store';
import { ADMIN_NOTIFICATION_KINDS, NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '../../shared/notifications';

export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const isAdmin = session.user?.role === 'admin';
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [saving, setSaving] = useState<NotificationKind | null>(null);

  useEffect(() => {
    let live = true;
    setSettings(null);
    call('getNotificationSettings', {}).then(
      (s) => live && setSettings(s),
      (e: Error) => live && message.error(e.message),
    );
    return () => {
      live = false;
    };
  }, [session.epoch, message]);

  const change = async (kind: NotificationKind, on: boolean) => {
    setSaving(kind);
    try {
      setSettings(await call('updateNotificationSettings', { kinds: { [kind]: on } }));
      message.success(t('notifications.settings.saved'));
    } catch (e) {
      message.error(t('notifications.settings.saveFailed', { message: (e as Error).message }));
    } finally {
      setSaving(null);
    }
  };

  const kinds = NOTIFICATION_KINDS.filter((k) => isAdmin || !ADMIN_NOTIFICATION_KINDS.includes(k));
  return (
    <Card title={t('notifications.settings.title')} data-testid="notification-settings">
      <Space direction="vertical">
        {kinds.map((k) => (
          <Space key={k}>
            <Switch id={`notify-${k}`} checked={settings?.[k] ?? false} loading={settings === null || saving === k} disabled={saving !== null} onChange={(v) => void change(k, v)} />
            <label htmlFor={`notify-${k}`}>{t(`notifications.settings.kind.${k}`)}</label>
          </Space>
        ))}
        <Typography.Text type="secondary">{t('notifications.settings.hint')}</Typography.Text>
      </Space>
    </Card>
  );
}
