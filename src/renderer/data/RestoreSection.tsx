// The backups in the data directory and restore: from one of them or from another file or folder,
// always through a preview that must be confirmed.
import { useState } from 'react';
import { App, Button, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime as when } from '../app/format';
import type { BackupListEntry, DataStatus, RestorePreview } from '../../shared/contract/data';
import { call } from '../api/client';
import { formatBytes } from './format-bytes';
import { localBackupName } from './backup-name';
import { RestorePreviewModal } from './RestorePreviewModal';
import { Stack } from './Stack';
import type { DataBusy } from './DataPanel';

type Props = { status: DataStatus; busy: DataBusy; setBusy: (busy: DataBusy) => void };

function BackupList({ status, busy, onRestore }: { status: DataStatus; busy: DataBusy; onRestore: (path: string) => void }) {
  const { t } = useTranslation();
  return (
    <Table<BackupListEntry>
      size="small"
      rowKey="name"
      data-testid="backup-list"
      dataSource={status.backups}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        { title: t('data.colName'), dataIndex: 'name', render: (n: string, b) => <span title={n}>{b.complete ? localBackupName(n) : t('data.incompleteName', { name: localBackupName(n) })}</span> },
        { title: t('data.colKind'), dataIndex: 'kind', render: (k: string) => t(`data.kind.${k}`) },
        { title: t('data.colSize'), dataIndex: 'bytes', render: (n: number) => formatBytes(n) },
        { title: t('data.colDate'), dataIndex: 'modifiedAt', render: (d: string) => when(d) },
        {
          title: '',
          key: 'restore',
          render: (_: unknown, b) => (
            <Button size="small" disabled={!b.complete || !!busy} onClick={() => onRestore(`${status.dataDir}/backups/${b.name}`)}>
              {t('data.restore')}
            </Button>
          ),
        },
      ]}
    />
  );
}

export function RestoreSection({ status, busy, setBusy }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [source, setSource] = useState('');
  const [preview, setPreview] = useState<RestorePreview | null>(null);
  const [accept, setAccept] = useState(false);

  const check = async (src: string) => {
    setBusy('check');
    setAccept(false);
    try {
      setPreview(await call('previewRestore', { source: src }, { timeoutMs: 10 * 60_000 }));
    } catch (e) {
      message.error(t('data.restoreFailed', { message: (e as Error).message }));
    } finally {
      setBusy(null);
    }
  };

  const restore = async () => {
    if (!preview) return;
    setBusy('restore');
    try {
      await call('restoreData', { source: preview.source, acceptWarnings: accept }, { timeoutMs: 10 * 60_000 });
      setPreview(null);
      message.success(t('data.restored'));
      setTimeout(() => window.location.reload(), 800);
    } catch (e) {
      message.error(t('data.restoreFailed', { message: (e as Error).message }));
    } finally {
      setBusy(null);
    }
  };

  // The modal sits outside the column: it renders into the page body, and an empty column item would add a gap.
  return (
    <>
      <Stack>
        <Typography.Title level={5}>{t('data.backups')}</Typography.Title>
        <BackupList status={status} busy={busy} onRestore={(path) => void check(path)} />
        <Space wrap>
          <Input style={{ width: 420 }} placeholder={t('data.restoreFrom')} aria-label={t('data.restoreFrom')} value={source} onChange={(e) => setSource(e.target.value)} />
          <Button onClick={() => void check(source.trim())} disabled={!source.trim()} loading={busy === 'check'}>
            {t('data.check')}
          </Button>
        </Space>
      </Stack>
      <RestorePreviewModal preview={preview} restoring={busy === 'restore'} accept={accept} onAccept={setAccept} onCancel={() => setPreview(null)} onRestore={() => void restore()} />
    </>
  );
}
