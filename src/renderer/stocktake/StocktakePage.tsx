// One stocktake: a big scan input (focused; a keyboard-wedge scanner types `LAB1:<id>` + Enter),
// the progress "seen / expected" (live: other people's scans arrive as events), the lines with tick
// boxes and counted amounts (paged, filtered), the report download, and for administrators the
// close review and cancel.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Checkbox, Input, InputNumber, Modal, Progress, Segmented, Space, Table, Tag, Typography, type InputRef } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError, call } from '../api/client';
import { dateTime, EMPTY } from '../app/format';
import { useSession } from '../session/session-store';
import { downloadFile, exportLanguage } from '../records/export-download';
import { amountText } from '../records/item-display';
import type { ScanResult, StocktakeDetail, StocktakeLine } from '../../shared/stocktake';
import { useStocktake } from './use-stocktake';
import { StocktakeStatusTag, progressPercent } from './stocktake-kit';
import { CloseDialog } from './CloseDialog';
import { takeScanShortcut } from '../labels/scan-shortcut';

type Filter = 'all' | 'unseen' | 'seen' | 'found' | 'moved';
const FILTERS: Record<Filter, (l: StocktakeLine) => boolean> = {
  all: () => true,
  unseen: (l) => !l.seen_at,
  seen: (l) => !!l.seen_at,
  found: (l) => l.expected === 0,
  moved: (l) => l.moved,
};

interface ScanNote {
  type: 'success' | 'info' | 'warning' | 'error';
  text: string;
}

export function StocktakePage() {
  const id = Number(useParams().id);
  const { t } = useTranslation();
  const { detail, error } = useStocktake(id);
  if (error) return <Alert type="error" showIcon message={error} action={<Link to="/stocktakes">{t('stocktake.back')}</Link>} />;
  if (!detail) return <Typography.Text type="secondary">…</Typography.Text>;
  return <Stocktake detail={detail} />;
}

function Stocktake({ detail }: { detail: StocktakeDetail }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const canCount = detail.status === 'open' && user?.role !== 'public';
  const [filter, setFilter] = useState<Filter>('all');
  const [counting, setCounting] = useState<StocktakeLine | null>(null);
  const [closing, setClosing] = useState(false);
  const lines = useMemo(() => detail.lines.filter(FILTERS[filter]), [detail.lines, filter]);

  const tick = async (l: StocktakeLine, seen: boolean) => {
    try {
      if (seen) await call('tickStocktake', { id: detail.id, item_id: l.item_id });
      else await call('untickStocktake', { id: detail.id, item_id: l.item_id });
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  const report = async () => {
    const hide = message.loading(t('exportFile.working'), 0);
    try {
      const r = await downloadFile('stocktakeReport', { id: detail.id, lang: exportLanguage(i18n.language) }, `stocktake-${detail.id}.xlsx`);
      if (r.savedTo) message.success(t('stocktake.reportSaved', { path: r.savedTo }));
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      hide();
    }
  };
  const cancel = () =>
    modal.confirm({
      title: t('stocktake.cancel'),
      content: t('stocktake.cancelConfirm', { id: detail.id }),
      okButtonProps: { danger: true },
      okText: t('stocktake.cancel'),
      cancelText: t('records.action.cancel'),
      onOk: async () => {
        try {
          await call('cancelStocktake', { id: detail.id });
          message.success(t('stocktake.cancelled'));
        } catch (e) {
          message.error((e as Error).message);
        }
      },
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="stocktake-page">
      <Link to="/stocktakes">← {t('stocktake.back')}</Link>
      <Space wrap align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>{t('stocktake.heading', { id: detail.id, location: detail.location_path })}</Typography.Title>
        <StocktakeStatusTag status={detail.status} />
      </Space>
      <Typography.Text type="secondary">
        {t('stocktake.startedBy', { name: detail.started_by_name ?? EMPTY, at: dateTime(detail.started_at) })}
        {detail.closed_at && ` · ${t(detail.status === 'cancelled' ? 'stocktake.cancelledBy' : 'stocktake.closedBy', { name: detail.closed_by_name ?? EMPTY, at: dateTime(detail.closed_at) })}`}
        {detail.note && ` · ${detail.note}`}
      </Typography.Text>
      <div data-testid="stocktake-progress">
        <Progress percent={progressPercent(detail)} format={() => t('stocktake.progress', { seen: detail.seen, expected: detail.expected })} status={detail.status === 'open' ? 'active' : 'normal'} />
        {detail.found > 0 && <Typography.Text type="warning">{t('stocktake.foundCount', { count: detail.found })}</Typography.Text>}
      </div>
      {detail.status === 'open' && (canCount ? <ScanBox id={detail.id} /> : <Alert type="info" showIcon message={t('stocktake.scanPublic')} />)}
      <Space wrap>
        <Button onClick={() => void report()} data-testid="stocktake-report">{t('stocktake.report')}</Button>
        {isAdmin && detail.status === 'open' && (
          <>
            <Button type="primary" onClick={() => setClosing(true)} data-testid="stocktake-close">{t('stocktake.close')}</Button>
            <Button danger onClick={cancel} data-testid="stocktake-cancel">{t('stocktake.cancel')}</Button>
          </>
        )}
      </Space>
      <Segmented<Filter>
        value={filter}
        onChange={setFilter}
        options={(Object.keys(FILTERS) as Filter[]).map((f) => ({ value: f, label: t(`stocktake.filter.${f}`) }))}
      />
      <Table<StocktakeLine>
        data-testid="stocktake-lines"
        rowKey="item_id"
        size="small"
        dataSource={lines}
        pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [50, 100, 200], hideOnSinglePage: true }}
        columns={[
          {
            key: 'seen',
            title: t('stocktake.line.seen'),
            width: 60,
            render: (_, l) => <Checkbox checked={!!l.seen_at} disabled={!canCount} aria-label={`${t('stocktake.line.seen')} #${l.item_id}`} onChange={(e) => void tick(l, e.target.checked)} />,
          },
          {
            key: 'item',
            title: t('stocktake.line.item'),
            render: (_, l) => (
              <Space size={4} wrap>
                <span>
                  #{l.item_id} {l.name}
                  {l.status === null && ` ${t('stocktake.line.deleted')}`}
                </span>
                {l.english_name && <Typography.Text type="secondary">{l.english_name}</Typography.Text>}
                {l.expected === 0 && <Tag color="orange">{t('stocktake.line.found')}</Tag>}
                {l.moved && <Tag color="purple">{t('stocktake.line.moved')}</Tag>}
                {l.status === 'borrowed' && <Tag color="blue">{t('stocktake.line.borrowed')}</Tag>}
              </Space>
            ),
          },
          { key: 'cas', title: t('stocktake.line.cas'), width: 110, render: (_, l) => l.cas_number || EMPTY },
          { key: 'registered', title: t('stocktake.line.registered'), render: (_, l) => l.location_path || EMPTY },
          { key: 'expected', title: t('stocktake.line.expected'), width: 110, render: (_, l) => (l.expected ? amountText(l.expected_amount, l.expected_unit) : EMPTY) },
          {
            key: 'counted',
            title: t('stocktake.line.counted'),
            width: 150,
            render: (_, l) => (
              <Space size={4}>
                <span>{l.counted_amount !== null ? amountText(l.counted_amount, l.counted_unit ?? '') : l.seen_at ? t('stocktake.line.asExpected') : EMPTY}</span>
                {canCount && l.status !== null && (
                  <Button size="small" type="link" onClick={() => setCounting(l)} data-testid={`count-${l.item_id}`}>{t('stocktake.line.count')}</Button>
                )}
              </Space>
            ),
          },
          { key: 'seenBy', title: t('stocktake.line.seenBy'), render: (_, l) => (l.seen_at ? `${l.seen_by_name ?? ''} · ${dateTime(l.seen_at)}` : EMPTY) },
          ...(detail.status === 'closed' ? [{ key: 'outcome', title: t('stocktake.line.outcome'), render: (_: unknown, l: StocktakeLine) => (l.outcome ? t(`stocktake.outcome.${l.outcome}`) : EMPTY) }] : []),
        ]}
      />
      <CountDialog stocktakeId={detail.id} line={counting} onClose={() => setCounting(null)} />
      {isAdmin && closing && <CloseDialog stocktake={detail} onClose={() => setClosing(false)} />}
    </Space>
  );
}

/** The scan input: Enter sends what the scanner typed; the answer says plainly what happened. */
function ScanBox({ id }: { id: number }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [note, setNote] = useState<ScanNote | null>(null);
  const input = useRef<InputRef>(null);
  // F2 (the scan shortcut) here focuses this input: a scan then counts the container.
  useEffect(() => takeScanShortcut(() => input.current?.focus({ cursor: 'all' })), []);
  const describe = (r: ScanResult): ScanNote => {
    const p = { id: r.item_id, name: r.name ?? '', who: r.seen_by_name ?? '', path: r.location_path ?? '', status: r.status ? t(`records.status.${r.status}`) : '' };
    switch (r.result) {
      case 'seen': return { type: 'success', text: t('stocktake.scan.seen', p) };
      case 'already': return { type: 'info', text: t('stocktake.scan.already', p) };
      case 'found': return { type: 'warning', text: t(r.elsewhere ? 'stocktake.scan.foundElsewhere' : 'stocktake.scan.foundHere', p) };
      case 'unknown': return { type: 'error', text: t('stocktake.scan.unknown', p) };
      case 'not_present': return { type: 'error', text: t('stocktake.scan.notPresent', p) };
    }
  };
  const submit = async () => {
    const payload = value.trim();
    if (!payload) return;
    setValue('');
    try {
      setNote(describe(await call('scanStocktake', { id, payload })));
    } catch (e) {
      const text = e instanceof ApiError && e.fields?.payload ? `${payload}: ${e.fields.payload}` : (e as Error).message;
      setNote({ type: 'error', text });
    }
    input.current?.focus();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input
        ref={input}
        size="large"
        autoFocus
        allowClear
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={() => void submit()}
        placeholder={t('stocktake.scanPlaceholder')}
        aria-label={t('stocktake.scanLabel')}
        data-testid="stocktake-scan"
        autoComplete="off"
      />
      {note && <Alert type={note.type} showIcon message={note.text} data-testid="scan-result" />}
    </Space>
  );
}

function CountDialog({ stocktakeId, line, onClose }: { stocktakeId: number; line: StocktakeLine | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: number | null; unit: string }>();
  const save = async (v: { amount: number | null; unit: string }) => {
    try {
      await call('countStocktake', { id: stocktakeId, item_id: line!.item_id, amount: v.amount as number, unit: v.unit });
      onClose();
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : undefined;
      if (fields?.amount || fields?.unit) form.setFields((['amount', 'unit'] as const).filter((f) => fields[f]).map((f) => ({ name: f, errors: [fields[f]!] })));
      else message.error((e as Error).message);
    }
  };
  return (
    <Modal
      open={!!line}
      title={line ? t('stocktake.line.countTitle', { id: line.item_id, name: line.name ?? '' }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('stocktake.line.save')}
      cancelText={t('records.action.cancel')}
      destroyOnHidden
    >
      {line && (
        <Form form={form} layout="inline" onFinish={save} initialValues={{ amount: line.counted_amount ?? line.quantity, unit: line.counted_unit ?? line.unit ?? '' }} data-testid="count-form">
          <Form.Item name="amount" label={t('stocktake.line.amount')} rules={[{ required: true, message: t('stocktake.line.amount') }]}>
            <InputNumber min={0} autoFocus data-testid="count-amount" />
          </Form.Item>
          <Form.Item name="unit" label={t('stocktake.line.unit')}>
            <Input style={{ width: 90 }} data-testid="count-unit" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
