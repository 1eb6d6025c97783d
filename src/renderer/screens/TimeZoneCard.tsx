// The lab's time zone (admin): '' follows the computer that runs the app. Saving it redraws the
// screens in the new zone (AppLayout takes the new app info).
import { useMemo, useState } from 'react';
import { App, Card, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '../../shared/contract';
import { call } from '../api/client';
import { dateTime } from '../app/format';

/** A zone's name in the UI's language ("中国标准时间", "China Standard Time"), else its code. */
function zoneName(zone: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'long' }).formatToParts(0).find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/** Every zone the browser knows, UTC first. */
function zones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((z) => z !== 'UTC')];
}

export function TimeZoneCard({ info, isAdmin, onInfo }: { info: AppInfo; isAdmin: boolean; onInfo: (i: AppInfo) => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const options = useMemo(
    () => [
      { value: '', label: t('settings.timeZoneComputer', { zone: zoneName(info.timeZone.computer, i18n.language) }) },
      ...zones().map((z) => ({ value: z, label: t('settings.timeZoneOption', { name: zoneName(z, i18n.language), zone: z }) })),
    ],
    [t, i18n.language, info.timeZone.computer],
  );

  const save = async (timeZone: string) => {
    setBusy(true);
    try {
      await call('updateSettings', { timeZone });
      const next = await call('appInfo', {});
      onInfo(next);
      message.success(t('settings.timeZoneSaved', { zone: zoneName(next.timeZone.setting || next.timeZone.computer, i18n.language) }));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('settings.timeZone')} data-testid="time-zone-card">
      <Select
        showSearch
        optionFilterProp="label"
        value={info.timeZone.setting}
        onChange={(z) => void save(z)}
        options={options}
        disabled={!isAdmin || busy}
        loading={busy}
        style={{ width: 320 }}
        aria-label={t('settings.timeZone')}
        data-testid="time-zone"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('settings.timeZoneHint')}
      </Typography.Paragraph>
      <Typography.Text data-testid="lab-time-now">{t('settings.timeZoneNow', { time: dateTime(new Date().toISOString()) })}</Typography.Text>
    </Card>
  );
}
