// The Data panel's status (directory, sizes, backups, the running job): loaded for admins, reloaded
// when the session changes, and polled while a backup runs so its end is announced once.
import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataStatus } from '../../shared/contract/data';
import { call } from '../api/client';
import { useSession } from '../session/session-store';
import { translateMessage } from '../i18n/translate';

export function useDataStatus() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const isAdmin = session.user?.role === 'admin';
  const [status, setStatus] = useState<DataStatus | null>(null);

  const refresh = useCallback(async () => {
    if (!isAdmin) return null;
    const s = await call('dataStatus', {});
    setStatus(s);
    return s;
  }, [isAdmin]);

  useEffect(() => {
    refresh().catch(() => undefined);
  }, [refresh, session.epoch]);

  // Follow a running backup until it finishes.
  const jobRunning = status?.job?.kind === 'backup' && status.job.ok === null;
  useEffect(() => {
    if (!jobRunning) return;
    const timer = setInterval(() => {
      refresh()
        .then((s) => {
          const job = s?.job;
          if (job && job.kind === 'backup' && job.ok !== null) {
            if (job.ok) message.success(t('data.backupDone', { file: job.file }));
            else message.error(t('data.backupFailed', { message: job.error ? translateMessage(job.error) : '' }));
          }
        })
        .catch(() => undefined);
    }, 400);
    return () => clearInterval(timer);
  }, [jobRunning, refresh, message, t]);

  return { isAdmin, status, setStatus, refresh, jobRunning };
}
