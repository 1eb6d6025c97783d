// Moves an inventory item to another node of the location tree, with an optional note: the item's
// ledger gets a `moved` movement (from → to).
import { useEffect } from 'react';
import { App, Input, Modal } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { applyFieldErrors } from '../app/form-errors';
import { schemaRules } from '../app/schema-rules';
import { locationOps } from '../../shared/contract/locations';
import type { InventoryItem } from '../../shared/records';
import { LocationPicker } from './LocationPicker';

export function MoveItemDialog({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const schema = locationOps.moveInventoryItem.input;
  useEffect(() => {
    if (item) form.resetFields();
  }, [item, form]);
  const save = async (v: { location_id?: number | null; note?: string }) => {
    try {
      const moved = await call('moveInventoryItem', { id: item!.id, location_id: v.location_id as number, ...(v.note ? { note: v.note } : {}) });
      message.success(t('locations.moved', { path: moved.storage_location }));
      onClose();
    } catch (e) {
      if (!applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  };
  return (
    <Modal open={!!item} title={item ? t('locations.moveTitle', { name: item.name }) : ''} onCancel={onClose} onOk={() => form.submit()} okText={t('locations.move')} cancelText={t('records.action.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={save} data-testid="move-form">
        <Form.Item label={t('locations.moveFrom')}>
          <span data-testid="move-from">{item?.storage_location || '—'}</span>
        </Form.Item>
        <Form.Item name="location_id" label={t('locations.moveTo_')} rules={schemaRules(schema, 'location_id', i18n.language)}>
          <LocationPicker data-testid="move-picker" />
        </Form.Item>
        <Form.Item name="note" label={t('locations.note')} rules={schemaRules(schema, 'note', i18n.language)}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
