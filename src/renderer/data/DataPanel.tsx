// Settings → Data: the directory and its sizes, the last backup's time and result, Back up now
// with progress (the app keeps working), the retention of automatic backups, restore with a
// preview and an explicit confirmation, and moving the data directory. One section per task;
// the panel holds only what they share: the status and which long operation is running.
import { useState } from 'react';
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackupSection } from './BackupSection';
import { DataSummary } from './DataSummary';
import { MoveSection } from './MoveSection';
import { RestoreSection } from './RestoreSection';
import { Stack } from './Stack';
import { useDataStatus } from './use-data-status';

/** The long operation running from the panel; while one runs, the backups' restore buttons wait. */
export type DataBusy = 'check' | 'restore' | 'move' | null;

export function DataPanel({ dataDir }: { dataDir: string | undefined }) {
  const { t } = useTranslation();
  const { isAdmin, status, setStatus, refresh, jobRunning } = useDataStatus();
  const [busy, setBusy] = useState<DataBusy>(null);

  return (
    <Card title={t('data.title')} data-testid="data-panel">
      <DataSummary status={status} dataDir={dataDir} />
      {!isAdmin && <Typography.Paragraph type="secondary">{t('data.adminOnly')}</Typography.Paragraph>}
      {isAdmin && status && (
        <Stack>
          {status.movedTo && <Alert type="warning" showIcon message={t('data.moved', { to: status.movedTo, from: status.dataDir })} />}
          <BackupSection status={status} jobRunning={jobRunning} refresh={refresh} onJob={(job) => setStatus((s) => (s ? { ...s, job } : s))} />
          <RestoreSection status={status} busy={busy} setBusy={setBusy} />
          <MoveSection status={status} busy={busy} setBusy={setBusy} refresh={refresh} />
        </Stack>
      )}
    </Card>
  );
}
