// The order form of one batch item for its chosen type: each field's rules are the order service's
// own, and the CAS check-digit override appears only for a CAS whose check digit fails.
import { Checkbox, Input, InputNumber, Space, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../app/Form';
import { schemaRules } from '../app/schema-rules';
import { consumableCreateInput, reagentCreateInput } from '../../shared/contract/records';
import type { ItemDraft, OrderType } from './drafts';

/** The order each type creates: its fields' rules are the service's own. */
const ORDER_SCHEMAS = { reagent: reagentCreateInput, consumable: consumableCreateInput } as const;

/** Each type's fields in order with their input width in pixels (`switch` for a yes/no field). */
const CART_FIELDS: Record<OrderType, Array<[string, number | 'switch']>> = {
  reagent: [['name', 240], ['english_name', 220], ['cas_number', 140], ['specification', 180], ['quantity', 90], ['unit_price', 110], ['brand', 120], ['product_number', 130], ['category', 120], ['supplier', 140], ['hazardous', 'switch'], ['notes', 240]],
  consumable: [['name', 260], ['specification', 180], ['quantity', 90], ['unit_price', 110], ['communication', 200], ['notes', 240]],
};
const NUMBER_FIELDS = new Set(['quantity', 'unit_price']);

type Props = {
  itemId: string;
  type: OrderType;
  form: FormInstance;
  draft: ItemDraft;
  busy: boolean;
  englishFilled: boolean;
  casFailsCheck: boolean;
  onDraft: (d: ItemDraft) => void;
  onCasChanged: (cas: string, productNumber: string, brand: string) => void;
};

export function ItemOrderForm({ itemId, type, form, draft, busy, englishFilled, casFailsCheck, onDraft, onCasChanged }: Props) {
  const { t, i18n } = useTranslation();
  const onValues = (_c: unknown, all: Record<string, unknown>) => onDraft({ ...draft, [type]: { ...draft[type], ...all } });
  const casBlur = () => onCasChanged(form.getFieldValue('cas_number') as string, form.getFieldValue('product_number') as string, form.getFieldValue('brand') as string);

  return (
    <Form key={type} name={`cart-${itemId}-${type}`} form={form} layout="vertical" initialValues={type === 'reagent' ? draft.reagent : draft.consumable} onValuesChange={onValues} disabled={busy} size="small">
      <Space wrap align="start">
        {CART_FIELDS[type].map(([name, width]) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`cart.field.${name}`)}
            rules={schemaRules(ORDER_SCHEMAS[type], name, i18n.language)}
            extra={name === 'english_name' && englishFilled ? t('cart.englishFilled') : undefined}
            valuePropName={width === 'switch' ? 'checked' : undefined}
          >
            {width === 'switch' ? <Switch /> : NUMBER_FIELDS.has(name) ? <InputNumber style={{ width }} /> : <Input style={{ width }} onBlur={name === 'cas_number' ? casBlur : undefined} />}
          </Form.Item>
        ))}
        {type === 'reagent' && casFailsCheck && (
          <Form.Item name="cas_override" label=" " valuePropName="checked">
            <Checkbox>{t('cart.field.cas_override')}</Checkbox>
          </Form.Item>
        )}
      </Space>
    </Form>
  );
}
