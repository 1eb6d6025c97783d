// One batch item under review: suggestion and reason, what the lab already has, the type switch,
// the reagent or consumable form (none while pending), and its own submit with its own errors.
import { useEffect } from 'react';
import { Alert, Button, Card, Radio, Space } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import type { BatchItem } from '../../shared/cart-batch';
import { parseCas } from '../../shared/cas';
import type { CartSyncResult, SubmittedItem } from '../../shared/contract';
import { ApiError } from '../api/client';
import { validated } from '../app/form-errors';
import type { ItemDraft, OrderType } from './drafts';
import { ItemMatches, ItemReason, ItemTitle } from './ItemCardParts';
import { ItemOrderForm } from './ItemOrderForm';

export interface ItemCardProps {
  item: BatchItem;
  draft: ItemDraft;
  sync: CartSyncResult | undefined;
  submitted: SubmittedItem | undefined;
  canSubmit: boolean;
  busy: boolean;
  error: unknown;
  englishFilled: boolean;
  onDraft: (d: ItemDraft) => void;
  onCasChanged: (cas: string, productNumber: string, brand: string) => void;
  onSubmit: () => void;
}

export function ItemCard(p: ItemCardProps) {
  const { t } = useTranslation();
  const { item, draft } = p;
  const type = draft.order_type;
  const [form] = Form.useForm();

  // Server field errors (validation) go next to the fields; the card shows the message too.
  useEffect(() => {
    if (p.error instanceof ApiError && p.error.fields) {
      const known = new Set(Object.keys(form.getFieldsValue(true) as object));
      form.setFields(Object.entries(p.error.fields).filter(([n]) => known.has(n)).map(([name, msg]) => ({ name, errors: [msg] })));
    }
  }, [p.error, form]);

  // Keep the form in step when the draft changes from outside (English name completion).
  useEffect(() => {
    if (type) form.setFieldsValue(draft[type]);
  }, [draft, type, form]);

  // The override only makes sense for a CAS whose check digit fails (published numbers sometimes do).
  const casValue = Form.useWatch('cas_number', form) as string | undefined;
  const casFailsCheck = type === 'reagent' && parseCas(casValue ?? draft.reagent.cas_number).kind === 'bad_check_digit';

  const done = p.submitted;

  return (
    <Card
      size="small"
      data-testid={`cart-item-${item.item_id}`}
      data-item-name={item.name}
      title={<ItemTitle item={item} cas={casValue ?? draft.reagent.cas_number} done={done} />}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <ItemReason item={item} />
        {p.sync && (p.sync.orders.length > 0 || p.sync.inventory.length > 0) && <ItemMatches sync={p.sync} />}
        {!done && (
          <>
            <Space>
              <span>{t('cart.typeLabel')}</span>
              <Radio.Group
                optionType="button"
                aria-label={t('cart.typeLabel')}
                value={type ?? undefined}
                disabled={p.busy}
                onChange={(e) => p.onDraft({ ...draft, order_type: e.target.value as OrderType })}
                options={[
                  { value: 'reagent', label: t('cart.reagent') },
                  { value: 'consumable', label: t('cart.consumable') },
                ]}
              />
            </Space>
            {!type && <Alert type="info" showIcon title={t('cart.chooseType')} data-testid="choose-type" />}
            {type && (
              <ItemOrderForm itemId={item.item_id} type={type} form={form} draft={draft} busy={p.busy} englishFilled={p.englishFilled} casFailsCheck={casFailsCheck} onDraft={p.onDraft} onCasChanged={p.onCasChanged} />
            )}
            {p.error != null && <Alert type="error" showIcon data-testid="item-error" title={t('cart.submitFailed', { message: (p.error as Error).message })} />}
            <Button
              type="primary"
              disabled={!type || !p.canSubmit}
              loading={p.busy}
              onClick={() => {
                if (!type) return;
                void validated(form).then((values) => values && p.onSubmit());
              }}
            >
              {p.busy ? t('cart.submitting') : t('cart.submit')}
            </Button>
          </>
        )}
      </Space>
    </Card>
  );
}
