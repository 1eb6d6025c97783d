// A small modal form for the one or two values an action needs (reject reason, stock-in location).
import { useEffect } from 'react';
import { Input, Modal } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyFieldErrors } from '../app/form-errors';
import { schemaRules } from '../app/schema-rules';

export interface PromptSpec {
  title: string;
  /** The button's words: what it does (驳回, 重命名…), never a bare "save". */
  okText: string;
  /** The action's contract input: the fields' rules come from it. */
  schema: z.ZodObject<z.ZodRawShape>;
  fields: Array<{ name: string; label: string; initial?: string }>;
  /** Throws to keep the modal open (field errors are shown next to the fields). */
  onOk: (values: Record<string, string>) => Promise<void>;
}

export function PromptModal({ spec, onClose }: { spec: PromptSpec | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  useEffect(() => {
    if (spec) form.setFieldsValue(Object.fromEntries(spec.fields.map((f) => [f.name, f.initial ?? ''])));
  }, [spec, form]);
  return (
    <Modal open={!!spec} title={spec?.title} onCancel={onClose} onOk={() => form.submit()} okText={spec?.okText} cancelText={t('records.action.cancel')} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        data-testid="prompt-form"
        onFinish={async (v: Record<string, string>) => {
          try {
            await spec!.onOk(v);
            onClose();
          } catch (e) {
            applyFieldErrors(form, e);
          }
        }}
      >
        {spec?.fields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label} rules={schemaRules(spec.schema, f.name, i18n.language)}>
            <Input autoFocus />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
