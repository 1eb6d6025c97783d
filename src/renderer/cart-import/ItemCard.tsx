// One batch item under review: suggestion and reason, what the lab already has, the type switch,
// the reagent or consumable form (none while pending), and its own submit with its own errors.
import { useEffect } from 'react';
import { Alert, Button, Card, Checkbox, Input, InputNumber, Radio, Space, Switch, Tag, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import type { BatchItem } from '../../shared/cart-batch';
import { parseCas } from '../../shared/cas';
import { ControlledTags } from '../controlled/ControlledTags';
import type { CartSyncResult, SubmittedItem } from '../../shared/contract';
import { consumableCreateInput, reagentCreateInput } from '../../shared/contract/records';
import { ApiError } from '../api/client';
import { schemaRules } from '../app/schema-rules';
import { validated } from '../app/form-errors';
import { date } from '../app/format';
import type { ItemDraft, OrderType } from './drafts';

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

/** The order each type creates: its fields' rules are the service's own. */
const ORDER_SCHEMAS = { reagent: reagentCreateInput, consumable: consumableCreateInput } as const;

/** Each type's fields in order with their input width in pixels (`switch` for a yes/no field). */
const CART_FIELDS: Record<OrderType, Array<[string, number | 'switch']>> = {
  reagent: [['name', 240], ['english_name', 220], ['cas_number', 140], ['specification', 180], ['quantity', 90], ['unit_price', 110], ['brand', 120], ['product_number', 130], ['category', 120], ['supplier', 140], ['hazardous', 'switch'], ['notes', 240]],
  consumable: [['name', 260], ['specification', 180], ['quantity', 90], ['unit_price', 110], ['communication', 200], ['notes', 240]],
};
const NUMBER_FIELDS = new Set(['quantity', 'unit_price']);

export function ItemCard(p: ItemCardProps) {
  const { t, i18n } = useTranslation();
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

  const typeName = (tp: string) => t(`cart.${tp}`);
  const sync = p.sync;
  const done = p.submitted;

  const matches = sync && (sync.orders.length > 0 || sync.inventory.length > 0) && (
    <Alert
      type="warning"
      showIcon
      data-testid="matches"
      title={t('cart.matches.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {sync.orders.map((o) => (
            <li key={`o${o.id}`}>
              {t('cart.matches.ordered', { date: date(o.created_at), applicant: o.applicant, status: t(`cart.status.${o.status}`), name: o.name })} · {t(o.matched_by === 'cas_number' ? 'cart.matches.byCas' : 'cart.matches.byProduct')}
            </li>
          ))}
          {sync.inventory.map((i) => (
            <li key={`i${i.id}`}>
              {t('cart.matches.inStock', { location: i.storage_location || '—', quantity: i.quantity, unit: i.unit, status: t(`cart.status.${i.status}`), name: i.name })} · {t(i.matched_by === 'cas_number' ? 'cart.matches.byCas' : 'cart.matches.byProduct')}
            </li>
          ))}
        </ul>
      }
    />
  );

  const rules = (field: string) => (type ? schemaRules(ORDER_SCHEMAS[type], field, i18n.language) : []);
  const onValues = (_c: unknown, all: Record<string, unknown>) => {
    if (!type) return;
    p.onDraft({ ...draft, [type]: { ...draft[type], ...all } });
  };

  return (
    <Card
      size="small"
      data-testid={`cart-item-${item.item_id}`}
      data-item-name={item.name}
      title={
        <Space wrap>
          <Typography.Text strong>{item.name}</Typography.Text>
          {item.hazardous && <Tag color="red">{t('cart.hazardous')}</Tag>}
          {/* Not in the database yet: the category comes from the lists by the CAS as edited. */}
          <ControlledTags cas={casValue ?? draft.reagent.cas_number} />
          <Tag color={item.suggested_order_type === 'reagent' ? 'blue' : 'gold'} data-testid="suggested">
            {t('cart.suggested', { type: typeName(item.suggested_order_type) })}
          </Tag>
          {done && (
            <Tag color="green" data-testid="submitted">
              {t('cart.submitted', { type: typeName(done.order_type), id: done.order_id, by: done.by })}
            </Tag>
          )}
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary" data-testid="reason">
          {t(`cart.reason.${item.classification_reason}`, { cas: item.cas_number })} · {t(`cart.fetch.${item.detail_fetch_status}`)}
          {item.detail_url && (
            <>
              {' · '}
              <Typography.Link href={item.detail_url} target="_blank" rel="noreferrer noopener">
                {t('cart.detailUrl')}
              </Typography.Link>
            </>
          )}
        </Typography.Text>
        {matches}
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
              <Form key={type} name={`cart-${item.item_id}-${type}`} form={form} layout="vertical" initialValues={type === 'reagent' ? draft.reagent : draft.consumable} onValuesChange={onValues} disabled={p.busy} size="small">
                <Space wrap align="start">
                  {CART_FIELDS[type].map(([name, width]) => (
                    <Form.Item
                      key={name}
                      name={name}
                      label={t(`cart.field.${name}`)}
                      rules={rules(name)}
                      extra={name === 'english_name' && p.englishFilled ? t('cart.englishFilled') : undefined}
                      valuePropName={width === 'switch' ? 'checked' : undefined}
                    >
                      {width === 'switch' ? (
                        <Switch />
                      ) : NUMBER_FIELDS.has(name) ? (
                        <InputNumber style={{ width }} />
                      ) : (
                        <Input
                          style={{ width }}
                          onBlur={name === 'cas_number' ? () => p.onCasChanged(form.getFieldValue('cas_number') as string, form.getFieldValue('product_number') as string, form.getFieldValue('brand') as string) : undefined}
                        />
                      )}
                    </Form.Item>
                  ))}
                  {type === 'reagent' && casFailsCheck && (
                    <Form.Item name="cas_override" label=" " valuePropName="checked">
                      <Checkbox>{t('cart.field.cas_override')}</Checkbox>
                    </Form.Item>
                  )}
                </Space>
              </Form>
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
