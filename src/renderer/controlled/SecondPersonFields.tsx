// The second person of a controlled item's stock action (双人双锁), inside the stock dialog: the
// item's categories, then another member's or admin's username and password. The server checks
// them (stock/second-person.ts); its refusals appear on these two fields.
import { Alert, Input, Space, type FormInstance } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import type { InventoryItem } from '../../shared/records';
import { ApiError } from '../api/client';
import { ControlledTags } from './ControlledTags';
import { secondPersonRule, type StockAction } from '../../shared/stock-actions';

/** Whether the dialog shows the fields: the shared rule (a split never carries one). */
export function wantsSecondPerson(item: Pick<InventoryItem, 'controlled'>, action: StockAction): boolean {
  return !!item.controlled && secondPersonRule(action) !== 'never';
}

/** A return asks only when part is not given back; the server decides once it knows the amounts. */
export function secondPersonOptional(action: StockAction): boolean {
  return secondPersonRule(action) === 'whenUsed';
}

export function secondPersonOf(v: { second_username?: string; second_password?: string }): { second_person?: { username: string; password: string } } {
  const username = (v.second_username ?? '').trim();
  const password = v.second_password ?? '';
  return username || password ? { second_person: { username, password } } : {};
}

const FIELD: Record<string, string> = { 'second_person.username': 'second_username', 'second_person.password': 'second_password', second_person: 'second_username' };

/** Whether the server asked for a second person (also when the dialog did not expect one: the CAS was listed after the row loaded). */
export function asksSecondPerson(e: unknown): boolean {
  return e instanceof ApiError && !!e.fields && Object.keys(e.fields).some((k) => FIELD[k]);
}

/** Puts the server's second-person refusals on the two fields; true when there were any. */
export function showSecondPersonErrors(form: FormInstance, e: unknown): boolean {
  if (!(e instanceof ApiError) || !e.fields) return false;
  const mine = Object.entries(e.fields).filter(([k]) => FIELD[k]);
  form.setFields(mine.map(([k, m]) => ({ name: FIELD[k]!, errors: [m] })));
  return mine.length > 0;
}

export function SecondPersonFields({ item, optional }: { item: InventoryItem; optional?: boolean }) {
  const { t } = useTranslation();
  const required = optional ? [] : [{ required: true, message: t('controlled.second.required') }];
  return (
    <div data-testid="second-person">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        message={
          <Space size={4} wrap>
            <ControlledTags flag={item.controlled} />
            <span>{optional ? t('controlled.second.hintReturn') : t('controlled.second.hint')}</span>
          </Space>
        }
      />
      <Space.Compact block>
        <Form.Item name="second_username" label={t('controlled.second.username')} rules={required} style={{ flex: 1 }}>
          <Input autoComplete="off" data-testid="second-username" />
        </Form.Item>
        <Form.Item name="second_password" label={t('controlled.second.password')} rules={required} style={{ flex: 1 }}>
          <Input.Password autoComplete="new-password" data-testid="second-password" />
        </Form.Item>
      </Space.Compact>
    </div>
  );
}
