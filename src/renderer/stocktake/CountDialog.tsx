// Recording the amount counted for one stocktake line; the service's field errors go next to the fields.
import { App, Input, InputNumber, Modal } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../api/client';
import type { StocktakeLine } from '../../shared/stocktake';

export function CountDialog({ stocktakeId, line, onClose }: { stocktakeId: number; line: StocktakeLine | null; onClose: () => void }) {
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
