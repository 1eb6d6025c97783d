// Settings → Data: the directory and its sizes, the last backup's time and result, Back up now
// with progress (the app keeps working), the retention of automatic backups, restore with a
// preview and an explicit confirmation, and moving the data directory.
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Descriptions, Input, InputNumber, Modal, Progress, Space, Table, Tag, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../app/format';
import type { BackupListEntry, DataStatus, RestorePreview } from '../../shared/contract/data';
import { ApiError, call } from '../api/client';
import { useSession } from '../session/session-store';
import { translateMessage } from '../i18n/translate';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

const when = dateTime;

export function DataPanel({ dataDir }: { dataDir: string | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const isAdmin = session.user?.role === 'admin';
  const [status, setStatus] = useState<DataStatus | null>(null);
  const [outDir, setOutDir] = useState('');
  const [keep, setKeep] = useState<number | null>(null);
  const [source, setSource] = useState('');
  const [preview, setPreview] = useState<RestorePreview | null>(null);
  const [accept, setAccept] = useState(false);
  const [busy, setBusy] = useState<'check' | 'restore' | 'move' | null>(null);
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string | null>(null);
  // The backup started from this panel: its bar stays after it ends (with the result); a job that
  // finished before the panel opened (a daily backup at start) shows no bar.
  const [startedHere, setStartedHere] = useState(false);

  const refresh = useCallback(async () => {
    if (!isAdmin) return null;
    const s = await call('dataStatus', {});
    setStatus(s);
    setKeep((k) => k ?? s.keep);
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

  const backupNow = async () => {
    try {
      const job = await call('backupNow', outDir.trim() ? { outDir: outDir.trim() } : {});
      setStartedHere(true);
      setStatus((s) => (s ? { ...s, job } : s));
      await refresh();
    } catch (e) {
      message.error(t('data.backupFailed', { message: (e as Error).message }));
    }
  };

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

  /** Checks the target on the server first (the move's own checks), then asks to confirm. */
  const move = async () => {
    const to = target.trim();
    if (!to) return;
    setTargetError(null);
    setBusy('move');
    try {
      await call('checkMoveTarget', { target: to });
    } catch (e) {
      const fields = e instanceof ApiError ? (e.fields as Record<string, string> | undefined) : undefined;
      setTargetError(fields?.target ?? (e as Error).message);
      return;
    } finally {
      setBusy(null);
    }
    Modal.confirm({
      title: t('data.move'),
      content: t('data.moveConfirm', { target: to }),
      okText: t('data.moveStart'),
      cancelText: t('data.cancel'),
      onOk: async () => {
        setBusy('move');
        try {
          const r = await call('moveDataDir', { target: to }, { timeoutMs: 30 * 60_000 });
          Modal.success({ title: t('data.move'), content: t('data.moved', { to: r.to, from: r.from }) });
          await refresh();
        } catch (e) {
          message.error(t('data.moveFailed', { message: (e as Error).message }));
        } finally {
          setBusy(null);
        }
      },
    });
  };

  const backupPath = (b: BackupListEntry) => `${status!.dataDir}/backups/${b.name}`;
  const last = status?.lastBackup;
  const job = status?.job;

  return (
    <Card title={t('data.title')} data-testid="data-panel">
      <Descriptions
        column={1}
        items={[
          { key: 'dir', label: t('data.dir'), children: <Typography.Text copyable data-testid="data-dir">{status?.dataDir ?? dataDir}</Typography.Text> },
          ...(status
            ? [
                {
                  key: 'sizes',
                  label: t('data.sizes'),
                  children: (
                    <Space wrap size="large" data-testid="data-sizes">
                      <span>{t('data.sizeLab')}: {formatBytes(status.sizes.lab)}</span>
                      <span>{t('data.sizeCompletion')}: {formatBytes(status.sizes.completion)}</span>
                      <span>{t('data.sizeLogs')}: {formatBytes(status.sizes.logs)}</span>
                      <span>{t('data.sizeBackups')}: {formatBytes(status.sizes.backups)}</span>
                    </Space>
                  ),
                },
                {
                  key: 'last',
                  label: t('data.lastBackup'),
                  children: (
                    <span data-testid="last-backup">
                      {last ? (
                        <Space wrap>
                          <span>{when(last.at)}</span>
                          <Tag>{t(`data.kind.${last.kind}`)}</Tag>
                          {last.ok ? <Tag color="success">{t('data.ok')}</Tag> : <Tag color="error">{t('data.failed')}</Tag>}
                          {last.ok ? <Typography.Text type="secondary">{last.file} ({formatBytes(last.bytes)})</Typography.Text> : <Typography.Text type="danger">{last.reason ? translateMessage(last.reason) : last.error}</Typography.Text>}
                        </Space>
                      ) : (
                        t('data.never')
                      )}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {!isAdmin && <Typography.Paragraph type="secondary">{t('data.adminOnly')}</Typography.Paragraph>}
      {isAdmin && status && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {status.movedTo && <Alert type="warning" showIcon message={t('data.moved', { to: status.movedTo, from: status.dataDir })} />}
          <Space wrap>
            <Input style={{ width: 420 }} placeholder={t('data.outDir')} aria-label={t('data.outDir')} value={outDir} onChange={(e) => setOutDir(e.target.value)} />
            <Button type="primary" onClick={backupNow} loading={jobRunning} disabled={!!status.movedTo}>
              {t('data.backupNow')}
            </Button>
          </Space>
          {job && (job.ok === null || (startedHere && job.kind === 'backup')) && (
            <div data-testid="backup-progress">
              <Progress percent={job.percent} status={job.ok === false ? 'exception' : job.ok ? 'success' : 'active'} />
              <Typography.Text type="secondary">{job.ok === null ? `${t(`data.phase.${job.phase}`, { defaultValue: job.phase })} — ${t('data.backupRunning')}` : job.ok ? t('data.backupDone', { file: job.file }) : t('data.backupFailed', { message: job.error ? translateMessage(job.error) : '' })}</Typography.Text>
            </div>
          )}
          <Space wrap align="center">
            <span>{t('data.keep')}</span>
            <InputNumber min={1} max={365} value={keep} onChange={(v) => setKeep(v)} aria-label={t('data.keep')} />
            <Button onClick={saveKeep}>{t('data.save')}</Button>
          </Space>
          <Typography.Text type="secondary">{t('data.keepHint')}</Typography.Text>
          <Typography.Title level={5}>{t('data.backups')}</Typography.Title>
          <Table<BackupListEntry>
            size="small"
            rowKey="name"
            data-testid="backup-list"
            dataSource={status.backups}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { title: t('data.colName'), dataIndex: 'name', render: (n: string, b) => (b.complete ? n : `${n} (${t('data.incomplete')})`) },
              { title: t('data.colKind'), dataIndex: 'kind', render: (k: string) => t(`data.kind.${k}`) },
              { title: t('data.colSize'), dataIndex: 'bytes', render: (n: number) => formatBytes(n) },
              { title: t('data.colDate'), dataIndex: 'modifiedAt', render: (d: string) => when(d) },
              {
                title: '',
                key: 'restore',
                render: (_: unknown, b) => (
                  <Button size="small" disabled={!b.complete || !!busy} onClick={() => void check(backupPath(b))}>
                    {t('data.restore')}
                  </Button>
                ),
              },
            ]}
          />
          <Space wrap>
            <Input style={{ width: 420 }} placeholder={t('data.restoreFrom')} aria-label={t('data.restoreFrom')} value={source} onChange={(e) => setSource(e.target.value)} />
            <Button onClick={() => void check(source.trim())} disabled={!source.trim()} loading={busy === 'check'}>
              {t('data.check')}
            </Button>
          </Space>
          <Typography.Title level={5}>{t('data.move')}</Typography.Title>
          <Space wrap align="start">
            <Form.Item validateStatus={targetError ? 'error' : undefined} help={targetError && <span data-testid="move-target-error">{t('data.moveRefusedTarget', { message: targetError })}</span>} style={{ marginBottom: 0 }}>
              <Input
                style={{ width: 420 }}
                placeholder={t('data.moveTarget')}
                aria-label={t('data.moveTarget')}
                value={target}
                onChange={(e) => {
                  setTarget(e.target.value);
                  setTargetError(null);
                }}
              />
            </Form.Item>
            <Button danger onClick={() => void move()} disabled={!target.trim() || !!status.movedTo} loading={busy === 'move'}>
              {t('data.moveStart')}
            </Button>
          </Space>
        </Space>
      )}
      <Modal
        open={!!preview}
        title={t('data.previewTitle')}
        onCancel={() => setPreview(null)}
        width={640}
        footer={[
          <Button key="cancel" onClick={() => setPreview(null)} disabled={busy === 'restore'}>
            {t('data.cancel')}
          </Button>,
          <Button key="ok" danger type="primary" loading={busy === 'restore'} disabled={!!preview?.warnings.length && !accept} onClick={() => void restore()}>
            {t('data.confirmRestore')}
          </Button>,
        ]}
      >
        {preview && (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="restore-preview">
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'src', label: t('data.source'), children: `${preview.source} (${t(`data.sourceKind.${preview.sourceKind}`)})` },
                ...(preview.createdAt ? [{ key: 'at', label: t('data.createdAt'), children: when(preview.createdAt) }] : []),
                ...(preview.appVersion ? [{ key: 'v', label: t('data.appVersion'), children: preview.appVersion }] : []),
                { key: 'schema', label: t('data.schema'), children: `lab ${preview.schema.lab} · completion ${preview.schema.completion}` },
                ...['users', 'inventory_items', 'reagent_orders', 'consumable_orders', 'audit_log']
                  .filter((k) => k in preview.counts)
                  .map((k) => ({ key: k, label: t(`data.table.${k}`), children: <span data-testid={`count-${k}`}>{preview.counts[k]}</span> })),
              ]}
            />
            {preview.needsUpgrade && <Alert type="info" showIcon message={t('data.upgrade')} />}
            {preview.warnings.map((w) => (
              <Alert key={w.message} type="warning" showIcon message={translateMessage(w)} />
            ))}
            {preview.warnings.length > 0 && (
              <Checkbox checked={accept} onChange={(e) => setAccept(e.target.checked)}>
                {t('data.acceptWarnings')}
              </Checkbox>
            )}
            <Alert type="error" showIcon message={t('data.replaceNote')} />
          </Space>
        )}
      </Modal>
    </Card>
  );
}
