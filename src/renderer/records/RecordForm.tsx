// Create/edit form of an inventory item, reagent order or consumable order. Before a new
// reagent order or inventory item is saved it shows what already exists with the same CAS (or
// product number + brand); a CAS whose check digit fails can be kept after confirming.
import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Modal, Switch } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { date } from '../app/format';
import { ApiError, call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { schemaRules } from '../app/schema-rules';
import { FIELDS, FORM_SCHEMAS, type RecordKind } from './record-fields';
import type { DuplicateReport } from '../../shared/records';
import { formatYuan, orderTotal } from './money';
import { LocationPicker } from '../locations/LocationPicker';

const OPS = {
  inventory: { create: 'createInventoryItem', update: 'updateInventoryItem' },
  reagent: { create: 'createReagentOrder', update: 'updateReagentOrder' },
  consumable: { create: 'createConsumableOrder', update: 'updateConsumableOrder' },
} as const;

type Modal = ReturnType<typeof App.useApp>['modal'];

function ask(modal: Modal, opts: { title: string; content: React.ReactNode; okText: string; cancelText: string }): Promise<boolean> {
  return new Promise((resolve) => {
    modal.confirm({ ...opts, onOk: () => resolve(true), onCancel: () => resolve(false) });
  });
}

/** Shows existing stock and open orders with the same CAS or product number + brand; true = go on. */
export async function confirmNoDuplicate(modal: Modal, t: TFunction, v: { cas_number?: string; product_number?: string; brand?: string }, exclude: { exclude_order_id?: number; exclude_item_id?: number } = {}): Promise<boolean> {
  if (!v.cas_number && !(v.product_number && v.brand)) return true;
  let dup: DuplicateReport;
  try {
    dup = await call('checkDuplicates', { cas_number: v.cas_number || undefined, product_number: v.product_number || undefined, brand: v.brand || undefined, ...exclude });
  } catch {
    return true; // the check is advice; saving must not depend on it
  }
  if (dup.inventory.length === 0 && dup.orders.length === 0) return true;
  return ask(modal, {
    title: t('records.duplicateTitle'),
    okText: t('records.duplicateContinue'),
    cancelText: t('records.action.cancel'),
    content: (
      <div data-testid="duplicate-warning">
        <p>{t('records.duplicateBody')}</p>
        <ul>
          {dup.inventory.map((i) => (
            <li key={`i${i.id}`}>{t('records.duplicateInventory', { name: i.name, cas: i.cas_number || i.product_number, location: i.storage_location || '—', status: t(`records.status.${i.status}`), quantity: i.quantity, unit: i.unit })}</li>
          ))}
          {dup.orders.map((o) => (
            <li key={`o${o.id}`}>{t('records.duplicateOrder', { id: o.id, name: o.name, cas: o.cas_number || o.product_number, status: t(`records.status.${o.status}`), applicant: o.applicant, date: date(o.created_at) })}</li>
          ))}
        </ul>
      </div>
    ),
  });
}

/** The order's total as the user types quantity and unit price; empty while there is no price. */
function OrderTotal({ form }: { form: FormInstance }) {
  const { t, i18n } = useTranslation();
  const quantity = Form.useWatch('quantity', form) as number | null | undefined;
  const price = Form.useWatch('unit_price', form) as number | null | undefined;
  const total = typeof quantity === 'number' ? formatYuan(orderTotal(quantity, price), i18n.language) : '';
  return (
    <Form.Item label={t('table.total')}>
      <span data-testid="order-total">{total || '—'}</span>
    </Form.Item>
  );
}

export function RecordForm({ kind, open, initial, onClose, onSaved }: { kind: RecordKind; open: boolean; initial: (Record<string, unknown> & { id: number }) | null; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm();
  useEffect(() => {
    if (open) {
      form.resetFields();
      if (initial) form.setFieldsValue(Object.fromEntries(FIELDS[kind].map((f) => [f.name, initial[f.name]])));
    }
  }, [open, initial, kind, form]);

  const save = async (raw: Record<string, unknown>) => {
    const values = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== null));
    // A price cleared in an edit is sent as null, so the order goes back to "no price".
    if (initial && 'unit_price' in raw && (raw.unit_price === null || raw.unit_price === undefined) && initial.unit_price !== null) values.unit_price = null;
    // Likewise a location cleared in an edit: the item is then nowhere in the tree.
    if (initial && 'location_id' in raw && raw.location_id == null && initial.location_id != null) values.location_id = null;
    if (!initial && kind !== 'consumable') {
      if (!(await confirmNoDuplicate(modal, t, values as Record<string, string>))) return;
    }
    const send = async (override: boolean): Promise<void> => {
      const input = { ...values, ...(initial ? { id: initial.id } : {}), ...(override ? { cas_override: true } : {}) };
      try {
        await call(initial ? OPS[kind].update : OPS[kind].create, input as never);
        message.success(t('records.saved'));
        onSaved();
        onClose();
      } catch (e) {
        const cas = e instanceof ApiError ? (e.details as { cas?: { kind: string; canonical: string } } | undefined)?.cas : undefined;
        if (cas?.kind === 'bad_check_digit' && !override) {
          const keep = await ask(modal, { title: t('records.casBadTitle'), content: t('records.casBadBody', { message: (e as Error).message, canonical: cas.canonical }), okText: t('records.casKeep'), cancelText: t('records.action.cancel') });
          if (keep) return send(true);
          applyFieldErrors(form, e);
          return;
        }
        if (!applyFieldErrors(form, e)) message.error((e as Error).message);
      }
    };
    await send(false);
  };

  return (
    <Modal
      open={open}
      title={initial ? t('records.action.edit') : kind === 'inventory' ? t('records.action.newItem') : t('records.action.newOrder')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('records.action.save')}
      cancelText={t('records.action.cancel')}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" onFinish={save} data-testid="record-form" initialValues={{ hazardous: false }}>
        {FIELDS[kind].map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={t(f.type === 'location' ? 'records.field.storage_location' : `records.field.${f.name}`)}
            valuePropName={f.type === 'bool' ? 'checked' : 'value'}
            rules={schemaRules(FORM_SCHEMAS[kind], f.name, i18n.language)}
          >
            {f.type === 'location' ? <LocationPicker /> : f.name === 'unit_price' ? <InputNumber style={{ width: '100%' }} prefix="¥" precision={2} min={0} /> : f.type === 'number' ? <InputNumber style={{ width: '100%' }} /> : f.type === 'bool' ? <Switch /> : f.type === 'textarea' ? <Input.TextArea rows={2} /> : <Input />}
          </Form.Item>
        ))}
        {FIELDS[kind].some((f) => f.name === 'unit_price') && <OrderTotal form={form} />}
      </Form>
    </Modal>
  );
}
