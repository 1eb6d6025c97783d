// Create/edit form of an inventory item, reagent order or consumable order. Before a new
// reagent order or inventory item is saved it shows what already exists with the same CAS (or
// product number + brand); a CAS whose check digit fails can be kept after confirming. Below the CAS
// it shows what the reference lists say of it (reference/FormReferenceHints.tsx).
import { useEffect } from 'react';
import { App, AutoComplete, Col, DatePicker, Input, InputNumber, Modal, Row, Select, Space, Switch } from 'antd';
import { Form } from '../app/Form';
import dayjs from 'dayjs';
import Big from 'big.js';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { date } from '../app/format';
import { ApiError, call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { schemaRules } from '../app/schema-rules';
import { FIELDS, FORM_SCHEMAS, type FieldDef, type RecordKind } from './record-fields';
import { COUNT_UNITS, MEASURE_UNITS, formatAmount } from '../../shared/amounts';
import { GHS_PICTOGRAMS } from '../../shared/stock';
import { GhsIcon } from './GhsIcon';
import { containerCount } from './item-display';
import type { DuplicateReport } from '../../shared/records';
import { formatYuan, orderTotal } from './money';
import { LocationPicker } from '../locations/LocationPicker';
import { FormReferenceHints } from '../reference/FormReferenceHints';

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
  const { t } = useTranslation();
  const quantity = Form.useWatch('quantity', form) as number | null | undefined;
  const price = Form.useWatch('unit_price', form) as number | null | undefined;
  const total = typeof quantity === 'number' ? formatYuan(orderTotal(quantity, price)) : '';
  return (
    <Form.Item label={t('table.total')}>
      <span data-testid="order-total">{total || '—'}</span>
    </Form.Item>
  );
}

/** Fields whose cleared value is sent as null in an edit (so the stored value is cleared too). */
// a location cleared in an edit: the item is then nowhere in the tree
const NULLABLE = new Set(['unit_price', 'container_size', 'min_stock', 'expiry_date', 'received_date', 'opened_date', 'location_id']);
/** The container count of the amount block: not a record field, it only fills in the quantity. */
const COUNT = 'container_count';

const UNIT_OPTIONS = [...Object.keys(MEASURE_UNITS), ...COUNT_UNITS].map((u) => ({ value: u }));
const LABEL_OPTIONS = COUNT_UNITS.map((u) => ({ value: u }));
/** What a field of each kind takes on a line of the form (24 = all of it). */
const SPAN: Record<string, number> = { quantity: 12, unit: 12, container_size: 8, container_label: 8 };

/** The input of one field. Form.Item hands its control props (id, value, onChange…) to its child:
 *  they are passed on to the input as they come. */
function Widget({ f, form, ...control }: { f: FieldDef; form: FormInstance } & Record<string, unknown>) {
  const { t } = useTranslation();
  const unit = Form.useWatch('unit', form) as string | undefined;
  const ghs = Form.useWatch('ghs', form) as string[] | undefined;
  // the flag follows the pictograms (shared/stock.ts hazardousWith): with any, it is on and fixed
  if (f.name === 'hazardous' && ghs?.length) return <Switch {...control} checked disabled data-testid="hazardous-from-ghs" />;
  if (f.name === 'unit_price') return <InputNumber {...control} style={{ width: '100%' }} prefix="¥" precision={2} min={0} />;
  if (f.name === 'container_size') return <InputNumber {...control} style={{ width: '100%' }} min={0} suffix={unit || undefined} />;
  switch (f.type) {
    case 'number':
      return <InputNumber {...control} style={{ width: '100%' }} />;
    case 'bool':
      return <Switch {...control} />;
    case 'textarea':
      return <Input.TextArea {...control} rows={2} />;
    case 'location':
      return <LocationPicker {...control} />;
    case 'unit':
      return <AutoComplete {...control} options={UNIT_OPTIONS} placeholder={t('itemFields.unitPlaceholder')} filterOption={false} />;
    case 'container':
      return <AutoComplete {...control} options={LABEL_OPTIONS} placeholder={t('itemFields.labelPlaceholder')} filterOption={false} />;
    case 'date':
      return <DatePicker {...control} style={{ width: '100%' }} format="YYYY-MM-DD" placeholder={t('itemFields.pickDate')} />;
    case 'ghs':
      return (
        <Select
          {...control}
          mode="multiple"
          allowClear
          placeholder={t('itemFields.ghsPlaceholder')}
          optionLabelProp="label"
          options={GHS_PICTOGRAMS.map((g) => ({
            value: g,
            label: (
              <Space size={4}>
                <GhsIcon code={g} size={18} />
                {g}
              </Space>
            ),
            title: `${g} ${t(`itemFields.ghs.${g}`)}`,
          }))}
          optionRender={(o) => (
            <Space>
              <GhsIcon code={o.value as (typeof GHS_PICTOGRAMS)[number]} size={22} />
              {`${String(o.value)} ${t(`itemFields.ghs.${String(o.value)}`)}`}
            </Space>
          )}
        />
      );
    default:
      return <Input {...control} />;
  }
}

/** Where the reference hints go: below the CAS and its neighbour, so they appear where the CAS is typed. */
const HINTS_AFTER: Partial<Record<RecordKind, string>> = { inventory: 'specification', reagent: 'cas_number' };

/** The fields on their lines; the amount block gets its container count, the CAS its reference hints. */
function FieldCols({ kind, form, item }: { kind: RecordKind; form: FormInstance; item: (f: FieldDef) => React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Row gutter={12}>
      {FIELDS[kind].flatMap((f) => {
        const col = (
          <Col key={f.name} span={SPAN[f.name] ?? (f.half ? 12 : 24)}>
            {item(f)}
          </Col>
        );
        if (f.name === HINTS_AFTER[kind])
          return [
            col,
            <Col key="reference-hints" span={24}>
              <FormReferenceHints form={form} pictograms={kind === 'inventory'} />
            </Col>,
          ];
        if (f.name !== 'container_label') return [col];
        // Before the container's word and size: how many, so "3 瓶 × 500 g" fills in 1500 g.
        return [
          <Col key={COUNT} span={8}>
            <Form.Item name={COUNT} label={t('itemFields.containerCount')} tooltip={t('itemFields.containerCountHint')}>
              <InputNumber style={{ width: '100%' }} min={1} precision={0} />
            </Form.Item>
          </Col>,
          col,
        ];
      })}
    </Row>
  );
}

/** A date field's form value is its YYYY-MM-DD text (what the contract checks); the picker shows it as a day. */
const dateProps = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null }),
  normalize: (v: unknown) => (v && dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : null),
};

export function RecordForm({ kind, open, initial, onClose, onSaved }: { kind: RecordKind; open: boolean; initial: (Record<string, unknown> & { id: number }) | null; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm();
  const ghsNow = Form.useWatch('ghs', form) as string[] | undefined;
  useEffect(() => {
    if (open) {
      form.resetFields();
      if (initial) {
        form.setFieldsValue(Object.fromEntries(FIELDS[kind].map((f) => [f.name, initial[f.name]])));
        const size = initial.container_size;
        if (typeof size === 'number' && typeof initial.quantity === 'number') form.setFieldValue(COUNT, containerCount(initial.quantity, size));
      }
    }
  }, [open, initial, kind, form]);

  /** Containers × size is the amount ("3 瓶 × 500 g" = 1500 g), computed in decimal. */
  const onValuesChange = (changed: Record<string, unknown>, all: Record<string, unknown>) => {
    if (Array.isArray(changed.ghs) && changed.ghs.length > 0) form.setFieldValue('hazardous', true);
    if (!(COUNT in changed) && !('container_size' in changed)) return;
    const n = all[COUNT];
    const size = all.container_size;
    if (typeof n === 'number' && typeof size === 'number' && n > 0 && size > 0) form.setFieldValue('quantity', Number(formatAmount(new Big(n).times(size))));
  };

  const save = async (raw: Record<string, unknown>) => {
    const { [COUNT]: _count, ...fields } = raw;
    const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
    // A value cleared in an edit is sent as null, so the record goes back to "none".
    if (initial) for (const f of NULLABLE) if (f in fields && (fields[f] === null || fields[f] === undefined) && initial[f] !== null && initial[f] !== undefined) values[f] = null;
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

  const item = (f: FieldDef) => (
    <Form.Item
      name={f.name}
      label={t(f.type === 'location' ? 'records.field.storage_location' : `records.field.${f.name}`)}
      extra={f.name === 'hazardous' && ghsNow?.length ? t('itemFields.hazardousFromGhs') : undefined}
      valuePropName={f.type === 'bool' ? 'checked' : 'value'}
      rules={schemaRules(FORM_SCHEMAS[kind], f.name, i18n.language)}
      {...(f.type === 'date' ? dateProps : {})}
    >
      <Widget f={f} form={form} />
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={initial ? t('records.action.edit') : kind === 'inventory' ? t('records.action.newItem') : t('records.action.newOrder')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('records.action.save')}
      cancelText={t('records.action.cancel')}
      destroyOnHidden
      width={kind === 'inventory' ? 760 : 640}
    >
      <Form form={form} layout="vertical" onFinish={save} onValuesChange={onValuesChange} data-testid="record-form" initialValues={{ hazardous: false }}>
        <FieldCols kind={kind} form={form} item={item} />
        {FIELDS[kind].some((f) => f.name === 'unit_price') && <OrderTotal form={form} />}
      </Form>
    </Modal>
  );
}
