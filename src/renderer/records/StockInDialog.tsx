// Stock-in of an arrived reagent order: the item's amount (prefilled from the order: quantity ×
// the specification's size, "2 × 500 g" → 1000 g in containers of 500 g), lot number, expiry and
// received date (today), supplier (the order's, else its brand) and where it goes (a node of the
// location tree). Rules come from the contract's stockInInput, as the service checks them. Above
// the fields, what the reference lists say of the order's CAS.
import { useEffect } from 'react';
import { App, AutoComplete, Col, DatePicker, Input, InputNumber, Modal, Row } from 'antd';
import { Form } from '../app/Form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { LocationPicker } from '../locations/LocationPicker';
import { formMessage, REQUIRED_MESSAGE, schemaRules } from '../app/schema-rules';
import { stockInInput } from '../../shared/contract/records';
import { COUNT_UNITS, MEASURE_UNITS, containersOf, toNumber } from '../../shared/amounts';
import type { ReagentOrder } from '../../shared/records';
import { labToday } from '../app/format';
import { ReferenceHints } from '../reference/ReferenceHints';

const UNIT_OPTIONS = [...Object.keys(MEASURE_UNITS), ...COUNT_UNITS].map((u) => ({ value: u }));

const dateProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null }),
  normalize: (v: unknown) => (v && dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : null),
};

/** The dialog's first values for an order. */
export function stockInDefaults(order: ReagentOrder, today = labToday()): Record<string, unknown> {
  const c = containersOf(order.quantity, order.specification);
  const amount = c ? { quantity: toNumber(c.amount), unit: c.unit, container_size: toNumber(c.size) } : { quantity: order.quantity, unit: '', container_size: null };
  return { ...amount, lot_number: '', expiry_date: null, received_date: today, supplier: order.supplier || order.brand };
}

export function StockInDialog({ order, onClose, onDone }: { order: ReagentOrder | null; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  useEffect(() => {
    if (order) {
      form.resetFields();
      form.setFieldsValue(stockInDefaults(order));
    }
  }, [order, form]);
  const unit = Form.useWatch('unit', form) as string | undefined;
  const rules = (f: string) => schemaRules(stockInInput, f, i18n.language);
  const label = (f: string) => t(`records.field.${f}`);

  const save = async (v: Record<string, unknown>) => {
    const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== ''));
    try {
      const res = await call('stockInReagentOrder', { ...body, id: order!.id } as never);
      message.success(t('records.stockInDone', { id: (res as { item: { id: number } }).item.id }));
      onDone();
      onClose();
    } catch (e) {
      if (!applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  };

  const size = order ? containersOf(order.quantity, order.specification) : null;
  return (
    <Modal open={!!order} title={order ? t('records.stockInTitle', { name: order.name }) : ''} onCancel={onClose} onOk={() => form.submit()} okText={t('records.action.save')} cancelText={t('records.action.cancel')} destroyOnHidden width={620}>
      {/* The bottle arrives: what the lists say of the order's CAS (information; the item's pictograms are set in its form). */}
      {order?.cas_number && <ReferenceHints cas={order.cas_number} />}
      <Form form={form} layout="vertical" onFinish={save} data-testid="stock-in-form">
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="quantity" label={t('itemFields.stockIn.amount')} rules={rules('quantity')} extra={size && order ? t('itemFields.stockIn.amountHint', { count: order.quantity, spec: order.specification }) : undefined}>
              <InputNumber style={{ width: '100%' }} min={0} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="unit" label={label('unit')} rules={rules('unit')}>
              <AutoComplete options={UNIT_OPTIONS} filterOption={false} placeholder={t('itemFields.unitPlaceholder')} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="container_size" label={label('container_size')} rules={rules('container_size')}>
              <InputNumber style={{ width: '100%' }} min={0} suffix={unit || undefined} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="lot_number" label={label('lot_number')} rules={rules('lot_number')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="supplier" label={label('supplier')} rules={rules('supplier')}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="expiry_date" label={label('expiry_date')} rules={rules('expiry_date')} {...dateProps}>
              <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" placeholder={t('itemFields.pickDate')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="received_date" label={label('received_date')} rules={rules('received_date')} {...dateProps}>
              <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" placeholder={t('itemFields.pickDate')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            {/* A node of the tree (search by any segment of its path); a typed fragment never becomes a new location. */}
            <Form.Item name="location_id" label={t('itemFields.stockIn.location')} rules={[{ required: true, message: formMessage(REQUIRED_MESSAGE, i18n.language) }]}>
              <LocationPicker data-testid="stock-in-location" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
