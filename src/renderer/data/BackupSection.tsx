// Back up now (to the default folder or another one) with its progress, and the retention of
// automatic backups.
import { useEffect, useState } from 'react';
import { App, Button, Input, InputNumber, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataJob, DataStatus } from '../../shared/contract/data';
import { call } from '../api/client';
import { translateMessage } from '../i18n/translate';
import { Stack } from './Stack';
import { localBackupName } from './backup-name';

type Props = { status: DataStatus; jobRunning: boolean; refresh: () => Promise<unknown>; onJob: (job: DataJob) => void };

function BackupProgress({ job }: { job: DataJob }) {
  const { t } = useTranslation();
  return (
    <div data-testid="backup-progress">
      <Progress percent={job.percent} status={job.ok === false ? 'exception' : job.ok ? 'success' : 'active'} />
      <Typography.Text type="secondary">{job.ok === null ? `${t(`data.phase.${job.phase}`, { defaultValue: job.phase })} — ${t('data.backupRunning')}` : job.ok ? t('data.backupDone', { file: localBackupName(job.file ?? '') }) : t('data.backupFailed', { message: job.error ? translateMessage(job.error) : '' })}</Typography.Text>
    </div>
  );
}

function KeepSetting({ status, refresh }: Pick<Props, 'status' | 'refresh'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keep, setKeep] = useState<number | null>(null);
  // Filled from the server while the field is empty, so an edit in progress is not overwritten.
  useEffect(() => setKeep((k) => k ?? status.keep), [status]);

  const saveKeep = async () => {
    if (keep === null) return;
    try {
      await call('updateBackupSettings', { keep });
      message.success(t('data.saved'));
      await refresh();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <Stack>
      <Space wrap align="center">
        <span>{t('data.keep')}</span>
        <InputNumber min={1} max={365} value={keep} onChange={(v) => setKeep(v)} aria-label={t('data.keep')} />
        <Button onClick={saveKeep}>{t('data.save')}</Button>
      </Space>
      <Typography.Text type="secondary">{t('data.keepHint')}</Typography.Text>
    </Stack>
  );
}

export function BackupSection({ status, jobRunning, refresh, onJob }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [outDir, setOutDir] = useState('');
  // The backup started from this panel: its bar stays after it ends (with the result); a job that
  // finished before the panel opened (a daily backup at start) shows no bar.
  const [startedHere, setStartedHere] = useState(false);
  const job = status.job;

  const backupNow = async () => {
    try {
      const started = await call('backupNow', outDir.trim() ? { outDir: outDir.trim() } : {});
      setStartedHere(true);
      onJob(started);
      await refresh();
    } catch (e) {
      message.error(t('data.backupFailed', { message: (e as Error).message }));
    }
  };

  return (
    <Stack>
      <Space wrap>
        <Input style={{ width: 420 }} placeholder={t('data.outDir')} aria-label={t('data.outDir')} value={outDir} onChange={(e) => setOutDir(e.target.value)} />
        <Button type="primary" onClick={backupNow} loading={jobRunning} disabled={!!status.movedTo}>
          {t('data.backupNow')}
        </Button>
      </Space>
      {job && (job.ok === null || (startedHere && job.kind === 'backup')) && <BackupProgress job={job} />}
      <KeepSetting status={status} refresh={refresh} />
    </Stack>
  );
}
