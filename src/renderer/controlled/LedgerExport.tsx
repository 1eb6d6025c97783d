// The controlled ledger (台账) download on the controlled screen: a category and a date range
// (local days, both included); the main process writes the XLSX in the UI's language — per item
// the opening balance, every movement with both people, the closing balance, totals per chemical.
import { App, Button, Card, DatePicker, Select, Typography } from 'antd';
import { Form } from '../app/Form';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ControlledCategory } from '../../shared/controlled';
import { downloadFile, exportLanguage } from '../records/export-download';
import { applyFieldErrors } from '../app/form-errors';
import { useBusyAction } from '../app/use-busy-action';
import { labToday } from '../app/format';

interface Values {
  id?: number;
  range?: [Dayjs, Dayjs];
}

export function LedgerExport({ categories, nameOf }: { categories: ControlledCategory[]; nameOf: (c: ControlledCategory) => string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, submit] = useBusyAction(async (v: Values) => {
    try {
      const [from, to] = v.range!;
      const r = await downloadFile('exportControlledLedger', { id: v.id!, from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD'), lang: exportLanguage(i18n.language) }, `ledger-${v.id}.xlsx`);
      message.success(r.savedTo ? t('stock.savedTo', { path: r.savedTo }) : t('stock.exported', { rows: r.rows }));
    } catch (e) {
      if (!applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  });
  return (
    <Card size="small" title={t('controlled.ledger.title')} data-testid="controlled-ledger">
      <Typography.Paragraph type="secondary">{t('controlled.ledger.hint')}</Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={(v) => void submit(v)} initialValues={{ range: [dayjs(labToday()).startOf('month'), dayjs(labToday())] }}>
        <Form.Item name="id" label={t('controlled.category')} rules={[{ required: true, message: t('controlled.ledger.pickCategory') }]}>
          <Select style={{ width: 180 }} options={categories.map((c) => ({ value: c.id, label: nameOf(c) }))} data-testid="ledger-category" />
        </Form.Item>
        <Form.Item name="range" label={t('controlled.ledger.range')} rules={[{ required: true, message: t('controlled.ledger.pickRange') }]}>
          <DatePicker.RangePicker allowClear={false} data-testid="ledger-range" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="ledger-download">{t('controlled.ledger.download')}</Button>
      </Form>
    </Card>
  );
}
