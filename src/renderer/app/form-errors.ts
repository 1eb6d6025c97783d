// Puts the API's per-field messages next to the matching form fields.
import type { FormInstance } from 'antd';
import { ApiError } from '../api/client';

export function applyFieldErrors(form: FormInstance, e: unknown): boolean {
  if (!(e instanceof ApiError) || !e.fields) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fields = Object.entries(e.fields)
    .filter(([name]) => known.has(name))
    .map(([name, msg]) => ({ name, errors: [msg] }));
  form.setFields(fields);
  return fields.length > 0;
}
