// Moving the data directory: the target is checked on the server first (the move's own checks),
// its refusal shown under the field, and the move itself asks for confirmation.
import { useState } from 'react';
import { App, Button, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../app/Form';
import type { DataStatus } from '../../shared/contract/data';
import { ApiError, call } from '../api/client';
import { Stack } from './Stack';
import type { DataBusy } from './DataPanel';

type Props = { status: DataStatus; busy: DataBusy; setBusy: (busy: DataBusy) => void; refresh: () => Promise<unknown> };

export function MoveSection({ status, busy, setBusy, refresh }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string | null>(null);

  const startMove = (to: string) => async () => {
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
  };

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
    Modal.confirm({ title: t('data.move'), content: t('data.moveConfirm', { target: to }), okText: t('data.moveStart'), cancelText: t('data.cancel'), onOk: startMove(to) });
  };

  return (
    <Stack>
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
    </Stack>
  );
}
