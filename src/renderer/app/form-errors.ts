// A form's errors: checking its fields before a submit, and the API's per-field messages put next
// to the matching fields after one.
import type { FormInstance, FormProps } from 'antd';
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

/** What antd gives a failed check: its field errors, and whether a newer check overtook it. */
type Rejection = { outOfDate?: boolean; errorFields?: unknown[] };

/** A check a newer one overtook (a value changed while it ran), with no errors of its own. */
const overtaken = (r: Rejection) => !!r.outOfDate && !r.errorFields?.length;

/**
 * The form's values, checked (null when a field has an error). A check that a newer one overtook (a
 * value changed while it ran: the form rejects it as `outOfDate`, with no errors) runs again on the
 * current values instead of dropping the click; real errors show under their fields.
 */
export async function validated<T>(form: FormInstance<T>): Promise<T | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await form.validateFields();
    } catch (e) {
      if (!overtaken(e as Rejection)) return null;
    }
  }
  return null;
}

/**
 * The `onFinishFailed` the renderer's Form (app/Form.tsx) gives every form: a submit whose check a
 * newer one overtook (a value changed while it ran, say a click on Save while the last keystroke's
 * check runs: rejected `outOfDate`, with no errors) is submitted again on the current values instead
 * of dropping the click. Real errors show under their fields as usual.
 */
export function resubmitWhenOvertaken<T>(form: FormInstance<T>) {
  return (info: Parameters<NonNullable<FormProps<T>['onFinishFailed']>>[0]): void => {
    if (overtaken(info)) form.submit();
  };
}
