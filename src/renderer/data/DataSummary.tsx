// The Data panel's facts: the directory (shown to everyone), and for admins the sizes and the last
// backup's time and result.
import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime as when } from '../app/format';
import type { DataStatus } from '../../shared/contract/data';
import { translateMessage } from '../i18n/translate';
import { formatBytes } from './format-bytes';
import { localBackupName } from './backup-name';

function Sizes({ sizes }: { sizes: DataStatus['sizes'] }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0} data-testid="data-sizes">
      {(['Lab', 'Completion', 'Logs', 'Backups'] as const).map((k) => (
        <span key={k}>{t('common.labelled', { label: t(`data.size${k}`), value: formatBytes(sizes[k.toLowerCase() as Lowercase<typeof k>]) })}</span>
      ))}
    </Space>
  );
}

function LastBackup({ last }: { last: DataStatus['lastBackup'] }) {
  const { t } = useTranslation();
  return (
    <span data-testid="last-backup">
      {last ? (
        <Space wrap>
          <span>{when(last.at)}</span>
          <Tag>{t(`data.kind.${last.kind}`)}</Tag>
          {last.ok ? <Tag color="success">{t('data.ok')}</Tag> : <Tag color="error">{t('data.failed')}</Tag>}
          {last.ok ? <Typography.Text type="secondary" title={last.file ?? undefined}>{t('data.fileAndSize', { file: localBackupName(last.file ?? ''), size: formatBytes(last.bytes) })}</Typography.Text> : <Typography.Text type="danger">{last.reason ? translateMessage(last.reason) : last.error}</Typography.Text>}
        </Space>
      ) : (
        t('data.never')
      )}
    </span>
  );
}

export function DataSummary({ status, dataDir }: { status: DataStatus | null; dataDir: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      items={[
        { key: 'dir', label: t('data.dir'), children: <Typography.Text copyable data-testid="data-dir">{status?.dataDir ?? dataDir}</Typography.Text> },
        ...(status
          ? [
              { key: 'sizes', label: t('data.sizes'), children: <Sizes sizes={status.sizes} /> },
              { key: 'last', label: t('data.lastBackup'), children: <LastBackup last={status.lastBackup} /> },
            ]
          : []),
      ]}
    />
  );
}
