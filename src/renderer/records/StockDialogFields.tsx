// The stock dialog's fields for one action: the amount in a unit the item's unit converts to (split
// may count containers instead; dispose may take all), what the action needs besides (due date,
// purpose, reason, note, location), and for a return how much would count as used. A borrowing's
// purpose (用途) is required for a controlled item, as the service requires it.
import { useMemo } from 'react';
import { Alert, DatePicker, Input, InputNumber, Radio, Select, Space, Typography, type FormInstance } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaRules } from '../app/schema-rules';
import type { InventoryItem } from '../../shared/records';
import { LocationPicker } from '../locations/LocationPicker';
import { amountText } from './item-display';
import { adjustInput, borrowInput, consumeInput, disposeInput, returnInput, splitInput, useInput } from '../../shared/contract/stock';
import { convert, MEASURE_UNITS, toDecimal, unitDimension, canonicalUnit } from '../../shared/amounts';
import type { StockDialogAction } from './StockDialog';
import type { StockValues } from './stock-dialog-send';

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

/** What a return would leave borrowed (counted as used): null while there is no amount to tell. */
function notReturnedText(amount: unknown, amountUnit: string | undefined, borrowed: number, unit: string): string | null {
  if (amount === undefined || amount === null || amount === '') return null;
  try {
    const back = convert(toDecimal(String(amount)), amountUnit || unit, unit);
    if (!back) return null;
    const rest = toDecimal(borrowed).minus(back);
    return rest.gt(0) ? amountText(rest.toFixed(), unit) : '';
  } catch {
    return null;
  }
}

/** `controlled`: the item counts as controlled here (flagged, or the server said so since the row loaded). */
type Props = { action: StockDialogAction; item: InventoryItem; form: FormInstance<StockValues>; controlled: boolean };

export function StockDialogFields({ action, item, form, controlled }: Props) {
  const { t, i18n } = useTranslation();
  const unit = item.unit;
  const units = useMemo(() => convertibleUnits(unit), [unit]);
  const scope = Form.useWatch('scope', form);
  const by = Form.useWatch('by', form);
  const amount = Form.useWatch('amount', form);
  const amountUnit = Form.useWatch('unit', form);
  const rules = (f: string) => schemaRules(SCHEMAS[action], f, i18n.language);
  const balance = amountText(item.quantity, unit);
  const notReturned = action === 'return' ? notReturnedText(amount, amountUnit, item.borrowed_amount ?? item.quantity, unit) : null;

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
    <>
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
      {action === 'borrow' && (
        <Form.Item
          name="purpose"
          label={t('stock.field.purpose')}
          rules={[...rules('purpose'), ...(controlled ? [{ required: true, whitespace: true, message: t('stock.purposeRequired') }] : [])]}
        >
          <Input maxLength={200} placeholder={t('stock.purposePlaceholder')} data-testid="stock-purpose" />
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
    </>
  );
}
