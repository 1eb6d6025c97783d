// The admin's audit log: every change of every record (deleted ones too), newest first, filtered
// by who, when, record kind, action and record id. Changes read as in the history drawer.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, DatePicker, InputNumber, Select, Space, Table, Typography } from 'antd';
import { Form } from '../app/Form';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { dateTime, EMPTY, labDayStart } from '../app/format';
import { actionLabel, auditEntryUnits, changeLine, recordLabel, shownChanges } from '../records/change-format';
import { AUDIT_ACTIONS, AUDIT_KINDS, type AuditListEntry, type AuditPage } from '../../shared/audit';
import type { OpInput } from '../../shared/contract';
import type { UserInfo } from '../../shared/contract';

interface Filters {
  user?: number;
  period?: [Dayjs | null, Dayjs | null] | null;
  kind?: string;
  action?: string;
  record?: number | null;
}

/** The picked days as the lab's day bounds: from the start of the first day to the start of the day after the last. */
function toQuery(f: Filters): OpInput<'listAudit'> {
  const [from, to] = f.period ?? [null, null];
  return {
    ...(f.user ? { user: f.user } : {}),
    ...(from ? { from: labDayStart(from.format('YYYY-MM-DD')) } : {}),
    ...(to ? { to: labDayStart(to.add(1, 'day').format('YYYY-MM-DD')) } : {}),
    ...(f.kind ? { kind: f.kind as OpInput<'listAudit'>['kind'] } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(f.record ? { record: f.record } : {}),
  };
}

export function AuditScreen() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [users, setUsers] = useState<UserInfo[]>([]);
  const [query, setQuery] = useState<{ filters: Filters; page: number; pageSize: number }>({ filters: {}, page: 1, pageSize: 50 });
  const [data, setData] = useState<AuditPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    call('listUsers', {}).then(setUsers, () => undefined);
  }, []);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await call('listAudit', { ...toQuery(query.filters), page: query.page, pageSize: query.pageSize }));
    } catch (e) {
      if (!applyFieldErrors(form, e)) setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [query, form]);
  useEffect(() => void load(), [load]);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="audit-screen">
      <Typography.Title level={3}>{t('audit.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('audit.intro')}</Typography.Text>
      <Form<Filters> form={form} name="audit" layout="inline" onFinish={(filters) => setQuery((q) => ({ ...q, filters, page: 1 }))} data-testid="audit-filters">
        <Form.Item name="user" label={t('audit.user')}>
          <Select allowClear placeholder={t('audit.anyUser')} style={{ width: 140 }} options={users.map((u) => ({ value: u.id, label: u.displayName }))} data-testid="audit-user" />
        </Form.Item>
        <Form.Item name="period" label={t('audit.period')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="audit-period" />
        </Form.Item>
        <Form.Item name="kind" label={t('audit.kind')}>
          <Select allowClear placeholder={t('audit.anyKind')} style={{ width: 130 }} options={AUDIT_KINDS.map((k) => ({ value: k, label: t(`audit.kinds.${k}`) }))} data-testid="audit-kind" />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Select allowClear placeholder={t('audit.anyAction')} style={{ width: 120 }} options={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a, t) }))} data-testid="audit-action" />
        </Form.Item>
        <Form.Item name="record" label={t('audit.record')}>
          <InputNumber min={1} precision={0} style={{ width: 100 }} data-testid="audit-record" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('audit.search')}
          </Button>
          <Button onClick={() => (form.resetFields(), setQuery((q) => ({ ...q, filters: {}, page: 1 })))}>{t('audit.reset')}</Button>
        </Space>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
      <Table<AuditListEntry>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={data?.entries ?? []}
        data-testid="audit-table"
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          showTotal: (count) => t('audit.total', { count }),
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page: pageSize === q.pageSize ? page : 1, pageSize })),
        }}
        columns={[
          { key: 'at', title: t('audit.at'), width: 140, render: (_v, e) => dateTime(e.at) },
          { key: 'user', title: t('audit.user'), width: 100, render: (_v, e) => e.userName ?? EMPTY },
          { key: 'kind', title: t('audit.kind'), width: 100, render: (_v, e) => t(`audit.kinds.${e.kind}`) },
          { key: 'record', title: t('audit.recordColumn'), width: 180, render: (_v, e) => recordLabel(e, i18n.language) },
          { key: 'action', title: t('audit.action'), width: 90, render: (_v, e) => actionLabel(e.action, t) },
          {
            key: 'changes',
            title: t('audit.changes'),
            render: (_v, e) =>
              shownChanges(e.changes).length === 0 ? (
                <Typography.Text type="secondary">{t('audit.noChanges')}</Typography.Text>
              ) : (
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {shownChanges(e.changes).map(([field, change]) => (
                    <li key={field}>{changeLine(field, change, t, e.kind, auditEntryUnits(e))}</li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
    </Space>
  );
}
