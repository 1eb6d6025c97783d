// The stock actions that take an amount (use, borrow, return, dispose, stocktake, split) as one
// small dialog each: the amount in a unit the item's unit converts to, what the action needs besides
// (due date, reason, note), and the balance it acts on. The server checks everything again; its
// per-field refusals (over the balance, unit, date) appear on the fields. The fields are in
// StockDialogFields, the requests in stock-dialog-send.
import { useState } from 'react';
import { App, Modal, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../app/form-errors';
import { useBusyAction } from '../app/use-busy-action';
import type { InventoryItem } from '../../shared/records';
import { amountText, containerCount } from './item-display';
import { asksSecondPerson, SecondPersonFields, secondPersonOptional, showSecondPersonErrors, wantsSecondPerson } from '../controlled/SecondPersonFields';
import { formatAmount } from '../../shared/amounts';
import { StockDialogFields } from './StockDialogFields';
import { sendStockAction, type StockValues } from './stock-dialog-send';

/** `consume` opens here only for a controlled item (it needs the second person); else it is a confirmation. */
export type StockDialogAction = 'use' | 'borrow' | 'return' | 'dispose' | 'adjust' | 'split' | 'consume';

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

function initialValues(action: StockDialogAction, item: InventoryItem): StockValues {
  const borrowed = item.borrowed_amount ?? item.quantity;
  return {
    unit: item.unit,
    amount: action === 'borrow' || action === 'adjust' ? formatAmount(item.quantity) : action === 'return' ? formatAmount(borrowed) : undefined,
    scope: 'all',
    by: item.container_size ? 'containers' : 'amount',
    containers: item.container_size ? 1 : undefined,
    // in the form's values from the start, so the server's refusal naming it lands on the field
    ...(action === 'borrow' ? { purpose: '' } : {}),
  };
}

/** The balance the action acts on (with its containers, and for a return what is borrowed). */
function Balance({ action, item }: { action: StockDialogAction; item: InventoryItem }) {
  const { t } = useTranslation();
  const unit = item.unit;
  return (
    <Typography.Paragraph type="secondary" data-testid="stock-balance">
      {t('stock.balance', { amount: amountText(item.quantity, unit) })}
      {item.container_size ? ` · ${t('stock.containerSize', { count: containerCount(item.quantity, item.container_size), size: amountText(item.container_size, unit) })}` : ''}
      {action === 'return' ? ` · ${t('stock.borrowedAmount', { amount: amountText(item.borrowed_amount ?? item.quantity, unit) })}` : ''}
    </Typography.Paragraph>
  );
}

function StockDialogBody({ action, item, onClose, onDone }: Props & { action: StockDialogAction; item: InventoryItem }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<StockValues>();
  // The server asked for a second person the row did not announce (listed after it loaded): from then on the item is controlled here.
  const [listedLate, setListedLate] = useState(false);
  const second = wantsSecondPerson(item, action) || listedLate;

  const [busy, submit] = useBusyAction(async (v: StockValues) => {
    try {
      await sendStockAction(action, item, v, second);
      message.success(t('records.done'));
      onDone();
      onClose();
    } catch (e) {
      if (!second && asksSecondPerson(e)) {
        // the fields are not mounted yet: show them, and say why they appeared (a borrowing's purpose is asked for on its field)
        setListedLate(true);
        applyFieldErrors(form, e);
        message.error(t('controlled.second.nowControlled'));
      } else {
        // both kinds at once: a borrowing may be refused for its second person and its purpose together
        const onSecond = showSecondPersonErrors(form, e);
        if (!applyFieldErrors(form, e) && !onSecond) message.error((e as Error).message);
      }
    }
  });

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
      <Balance action={action} item={item} />
      <Form form={form} layout="vertical" initialValues={initialValues(action, item)} onFinish={(v) => void submit(v)} data-testid={`stock-form-${action}`}>
        <StockDialogFields action={action} item={item} form={form} controlled={!!item.controlled || listedLate} />
        {second && <SecondPersonFields item={item} optional={secondPersonOptional(action)} />}
      </Form>
    </Modal>
  );
}
