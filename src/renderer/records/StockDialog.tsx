// The stock actions that take an amount (use, borrow, return, dispose, stocktake, split) as one
// small dialog each: the amount in a unit the item's unit converts to, what the action needs besides
// (due date, reason, note), and the balance it acts on. The server checks everything again; its
// per-field refusals (over the balance, unit, date) appear on the fields.
import { useMemo, useState } from 'react';
import { Alert, App, DatePicker, Input, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { useBusyAction } from '../app/use-busy-action';
import { schemaRules } from '../app/schema-rules';
import type { InventoryItem } from '../../shared/records';
import { LocationPicker } from '../locations/LocationPicker';
import { amountText, containerCount } from './item-display';
import { adjustInput, borrowInput, consumeInput, disposeInput, returnInput, splitInput, useInput } from '../../shared/contract/stock';
import { asksSecondPerson, SecondPersonFields, secondPersonOf, secondPersonOptional, showSecondPersonErrors, wantsSecondPerson } from '../controlled/SecondPersonFields';
import { convert, formatAmount, MEASURE_UNITS, toDecimal, unitDimension, canonicalUnit } from '../../shared/amounts';

/** `consume` opens here only for a controlled item (it needs the second person); else it is a confirmation. */
export type StockDialogAction = 'use' | 'borrow' | 'return' | 'dispose' | 'adjust' | 'split' | 'consume';

const SCHEMAS: Record<StockDialogAction, z.ZodObject<z.ZodRawShape>> = {
  use: useInput, borrow: borrowInput, return: returnInput, dispose: disposeInput, adjust: adjustInput, split: splitInput, consume: consumeInput,
};

/** The units an amount of `unit` may be given in: its dimension's units, or only itself. */
export function convertibleUnits(unit: string): string[] {
  const u = canonicalUnit(unit);
  const dim = unitDimension(u);
  if (dim === 'count') return [u];
  return Object.keys(MEASURE_UNITS).filter((k) => MEASURE_UNITS[k]!.dimension === dim);
}

interface Values {
  amount?: string;
  unit?: string;
  note?: string;
  reason?: string;
  due_date?: Dayjs;
  containers?: number;
  scope?: 'all' | 'part';
  by?: 'containers' | 'amount';
  location_id?: number | null;
  second_username?: string;
  second_password?: string;
}

interface Props {
  action: StockDialogAction | null;
  item: InventoryItem | null;
  onClose: () => void;
  /** After the action went through (the list reloads). */
  onDone: () => void;
}

/** A fresh form for every opening (its initial values are the item's balance at that moment). */
export function StockDialog(p: Props) {
  if (!p.action || !p.item) return null;
  return <StockDialogBody key={`${p.action}-${p.item.id}`} {...p} action={p.action} item={p.item} />;
}

function StockDialogBody({ action, item, onClose, onDone }: Props & { action: StockDialogAction; item: InventoryItem }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // The server asked for a second person the row did not announce (listed after it loaded): from then on the item is controlled here.
  const [listedLate, setListedLate] = useState(false);
  const second = wantsSecondPerson(item, action) || listedLate;
  const unit = item.unit;
  const units = useMemo(() => convertibleUnits(unit), [unit]);
  const scope = Form.useWatch('scope', form);
  const by = Form.useWatch('by', form);
  const amount = Form.useWatch('amount', form);
  const amountUnit = Form.useWatch('unit', form);
  const schema = SCHEMAS[action];
  const rules = (f: string) => schemaRules(schema, f, i18n.language);
  const balance = amountText(item.quantity, unit);
  const borrowed = item.borrowed_amount ?? item.quantity;
  const initial: Values = {
    unit,
    amount: action === 'borrow' || action === 'adjust' ? formatAmount(item.quantity) : action === 'return' ? formatAmount(borrowed) : undefined,
    scope: 'all',
    by: item.container_size ? 'containers' : 'amount',
    containers: item.container_size ? 1 : undefined,
  };

  const notReturned = (() => {
    if (action !== 'return' || amount === undefined || amount === null || amount === '') return null;
    try {
      const back = convert(toDecimal(String(amount)), amountUnit || unit, unit);
      if (!back) return null;
      const rest = toDecimal(borrowed).minus(back);
      return rest.gt(0) ? amountText(rest.toFixed(), unit) : '';
    } catch {
      return null;
    }
  })();

  const [busy, submit] = useBusyAction(async (v: Values) => {
    const base = { id: item.id, ...(second ? secondPersonOf(v) : {}) };
    const amt = v.amount === undefined || v.amount === null || v.amount === '' ? undefined : String(v.amount);
    const withAmt = amt === undefined ? {} : { amount: amt, unit: v.unit || unit };
    try {
      if (action === 'use') await call('useInventoryItem', { ...base, amount: amt as never, unit: v.unit || unit, ...(v.note ? { note: v.note } : {}) });
      else if (action === 'borrow') await call('borrowInventoryItem', { id: item.id, ...(withAmt as object), due_date: v.due_date ? v.due_date.format('YYYY-MM-DD') : null });
      else if (action === 'consume') await call('consumeInventoryItem', base);
      else if (action === 'return') await call('returnInventoryItem', { ...base, ...(withAmt as object) });
      else if (action === 'dispose') await call('disposeInventoryItem', { ...base, reason: v.reason ?? '', ...(v.scope === 'part' ? (withAmt as object) : {}) });
      else if (action === 'adjust') await call('adjustInventoryItem', { ...base, amount: amt as never, unit: v.unit || unit, reason: v.reason ?? '' });
      else await call('splitInventoryItem', { id: item.id, ...(v.by === 'containers' ? { containers: v.containers } : (withAmt as object)), ...(v.location_id ? { location_id: v.location_id } : {}), ...(v.note ? { note: v.note } : {}) });
      message.success(t('records.done'));
      onDone();
      onClose();
    } catch (e) {
      if (!second && asksSecondPerson(e)) {
        // the fields are not mounted yet: show them, and say why they appeared
        setListedLate(true);
        message.error(t('controlled.second.nowControlled'));
      } else if (!showSecondPersonErrors(form, e) && !applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  });

  const amountLabel = action === 'return' ? t('stock.field.back') : action === 'adjust' ? t('stock.field.counted') : t('stock.field.amount');
  const amountRow = (
    <Space.Compact block>
      <Form.Item name="amount" label={amountLabel} rules={rules('amount')} style={{ flex: 1 }}>
        <InputNumber stringMode min="0" style={{ width: '100%' }} data-testid="stock-amount" autoFocus />
      </Form.Item>
      <Form.Item name="unit" label={t('stock.field.unit')} style={{ width: 110 }}>
        <Select options={units.map((u) => ({ value: u, label: u || '—' }))} data-testid="stock-unit" />
      </Form.Item>
    </Space.Compact>
  );

  return (
    <Modal
      open
      title={action === 'consume' ? t('controlled.consumeTitle', { name: item.name }) : t(`stock.dialog.${action}`, { name: item.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={action === 'consume' ? t('records.action.consume') : t(`stock.action.${action}`)}
      cancelText={t('records.action.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="stock-dialog"
    >
      <Typography.Paragraph type="secondary" data-testid="stock-balance">
        {t('stock.balance', { amount: balance })}
        {item.container_size ? ` · ${t('stock.containerSize', { count: containerCount(item.quantity, item.container_size), size: amountText(item.container_size, unit) })}` : ''}
        {action === 'return' ? ` · ${t('stock.borrowedAmount', { amount: amountText(borrowed, unit) })}` : ''}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} data-testid={`stock-form-${action}`}>
        {action === 'dispose' && (
          <Form.Item name="scope">
            <Radio.Group options={[{ value: 'all', label: t('stock.all', { amount: balance }) }, { value: 'part', label: t('stock.part') }]} />
          </Form.Item>
        )}
        {action === 'split' && item.container_size !== null && (
          <Form.Item name="by">
            <Radio.Group options={[{ value: 'containers', label: t('stock.byContainers') }, { value: 'amount', label: t('stock.byAmount') }]} />
          </Form.Item>
        )}
        {action === 'split' && by === 'containers' && item.container_size !== null ? (
          <Form.Item name="containers" label={t('stock.field.containers')} rules={rules('containers')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          action !== 'consume' && (action !== 'dispose' || scope === 'part') && amountRow
        )}
        {action === 'return' && notReturned !== null && (
          <Alert type={notReturned ? 'warning' : 'info'} showIcon style={{ marginBottom: 16 }} message={notReturned ? t('stock.willCountAsUsed', { amount: notReturned }) : t('stock.allReturned')} data-testid="stock-not-returned" />
        )}
        {action === 'borrow' && (
          <Form.Item name="due_date" label={t('stock.field.due_date')} rules={[{ required: true, message: t('stock.dueRequired') }]}>
            <DatePicker style={{ width: '100%' }} data-testid="stock-due" />
          </Form.Item>
        )}
        {(action === 'dispose' || action === 'adjust') && (
          <Form.Item name="reason" label={t('stock.field.reason')} rules={rules('reason')}>
            <Input maxLength={500} data-testid="stock-reason" />
          </Form.Item>
        )}
        {(action === 'use' || action === 'split') && (
          <Form.Item name="note" label={t('stock.field.note')} rules={rules('note')}>
            <Input maxLength={500} />
          </Form.Item>
        )}
        {action === 'split' && (
          <Form.Item name="location_id" label={t('stock.field.location')}>
            <LocationPicker data-testid="split-location" />
          </Form.Item>
        )}
        {action === 'split' && <Typography.Paragraph type="secondary">{t('stock.splitHint')}</Typography.Paragraph>}
        {second && <SecondPersonFields item={item} optional={secondPersonOptional(action)} />}
      </Form>
    </Modal>
  );
}
