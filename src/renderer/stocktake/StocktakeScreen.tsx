// Stocktakes (盘点): the list (status, location, progress, who and when; live) with "start
// stocktake" for administrators, and one stocktake's page at /stocktakes/<id>.
import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Progress, Space, Table, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { useBusyAction } from '../app/use-busy-action';
import { schemaRules } from '../app/schema-rules';
import { dateTime } from '../app/format';
import { useSession } from '../session/session-store';
import { stocktakeOps } from '../../shared/contract/stocktake';
import type { Stocktake } from '../../shared/stocktake';
import { StocktakeStatusTag, progressPercent } from './stocktake-kit';
import { LocationPicker } from '../locations/LocationPicker';
import { useStocktakes } from './use-stocktake';
import { StocktakePage } from './StocktakePage';

export function StocktakeScreen() {
  return (
    <Routes>
      <Route index element={<StocktakeList />} />
      <Route path=":id" element={<StocktakePage />} />
    </Routes>
  );
}

function StocktakeList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { list, error } = useStocktakes();
  const [starting, setStarting] = useState(false);
  const isAdmin = user?.role === 'admin';
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={3} style={{ margin: 0 }}>{t('stocktake.title')}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t('stocktake.intro')}</Typography.Paragraph>
      {isAdmin && (
        <Button type="primary" onClick={() => setStarting(true)} data-testid="stocktake-start">
          {t('stocktake.start')}
        </Button>
      )}
      {error && <Alert type="error" showIcon message={error} />}
      <Table<Stocktake>
        data-testid="stocktake-list"
        rowKey="id"
        loading={list === null && !error}
        dataSource={list ?? []}
        locale={{ emptyText: t('stocktake.none') }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={(s) => ({ onClick: () => navigate(`/stocktakes/${s.id}`), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'id', title: t('stocktake.col.id'), dataIndex: 'id', width: 70, render: (id: number) => `#${id}` },
          { key: 'status', title: t('stocktake.col.status'), width: 100, render: (_, s) => <StocktakeStatusTag status={s.status} /> },
          { key: 'location', title: t('stocktake.col.location'), render: (_, s) => <Typography.Link onClick={() => navigate(`/stocktakes/${s.id}`)}>{s.location_path}</Typography.Link> },
          {
            key: 'progress',
            title: t('stocktake.col.progress'),
            width: 220,
            render: (_, s) => <Progress percent={progressPercent(s)} size="small" format={() => `${s.seen} / ${s.expected}`} status={s.status === 'open' ? 'active' : 'normal'} />,
          },
          { key: 'found', title: t('stocktake.col.found'), dataIndex: 'found', width: 80 },
          { key: 'started', title: t('stocktake.col.started'), render: (_, s) => `${s.started_by_name ?? ''} · ${dateTime(s.started_at)}` },
          { key: 'closed', title: t('stocktake.col.closed'), render: (_, s) => (s.closed_at ? `${s.closed_by_name ?? ''} · ${dateTime(s.closed_at)}` : '') },
        ]}
      />
      <StartDialog open={starting} onClose={() => setStarting(false)} onStarted={(s) => navigate(`/stocktakes/${s.id}`)} />
    </Space>
  );
}

function StartDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (s: Stocktake) => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const schema = stocktakeOps.startStocktake.input;
  const [busy, save] = useBusyAction(async (v: { location_id?: number; note?: string }) => {
    try {
      const st = await call('startStocktake', { location_id: v.location_id as number, ...(v.note ? { note: v.note } : {}) });
      message.success(t('stocktake.started', { location: st.location_path }));
      onClose();
      onStarted(st);
    } catch (e) {
      if (!applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  });
  return (
    <Modal open={open} title={t('stocktake.startTitle')} onCancel={onClose} onOk={() => form.submit()} okText={t('stocktake.start')} confirmLoading={busy} cancelText={t('records.action.cancel')} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('stocktake.startHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={save} data-testid="stocktake-start-form">
        <Form.Item name="location_id" label={t('stocktake.location')} rules={schemaRules(schema, 'location_id', i18n.language)}>
          <LocationPicker data-testid="stocktake-location" />
        </Form.Item>
        <Form.Item name="note" label={t('stocktake.note')} rules={schemaRules(schema, 'note', i18n.language)}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
