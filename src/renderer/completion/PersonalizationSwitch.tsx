// Settings: the per-user personalization switch of search suggestions (spec 000 preferences).
import { App, Card, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { useSession } from '../session/session-store';
import { completionCache } from './completion-client';
import { useBusyAction } from '../app/use-busy-action';

export function PersonalizationSwitch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const [on, setOn] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    setOn(null);
    call('getCompletionPreferences', {})
      .then((p) => live && setOn(p.personalized))
      .catch((e: Error) => live && message.error(t('completion.loadFailed', { message: e.message })));
    return () => {
      live = false;
    };
  }, [session.epoch, message, t]);

  const [saving, change] = useBusyAction(async (next: boolean) => {
    try {
      const p = await call('setCompletionPreferences', { personalized: next });
      setOn(p.personalized);
      completionCache.clear();
      message.success(t('completion.saved'));
    } catch (e) {
      message.error(t('completion.saveFailed', { message: (e as Error).message }));
    }
  });

  return (
    <Card title={t('completion.settingsTitle')}>
      <Space direction="vertical">
        <Space>
          <Switch id="completion-personalized" checked={on ?? false} loading={on === null || saving} onChange={(v) => void change(v)} data-testid="completion-personalized" />
          <label htmlFor="completion-personalized">{t('completion.personalized')}</label>
        </Space>
        <Typography.Text type="secondary">{t('completion.personalizedHint')}</Typography.Text>
      </Space>
    </Card>
  );
}
