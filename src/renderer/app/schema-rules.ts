// Form rules taken from the contract's zod schemas, so a form refuses exactly what the service
// refuses (required, length limits, number ranges) and says it with the service's message keys,
// translated like any server message (i18n/translate.ts).
import type { Rule } from 'antd/es/form';
import { z } from 'zod';
import { issueMessage, type FieldError } from '../../shared/errors';
import { msg } from '../../shared/messages';
import { translateMessage, translatorFor } from '../i18n/translate';

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** The contract's own message for a value that must be given (contract/common.ts `requiredText`). */
export const REQUIRED_MESSAGE = msg('field.required');

/** Forms leave a cleared field out of what they send. */
const isAbsent = (v: unknown) => v === undefined || v === null;

/** True when the schema refuses the field left empty. */
export function isRequiredField(schema: ObjectSchema, field: string): boolean {
  const s = schema.shape[field];
  return !!s && !z.safeParse(s, undefined).success;
}

/** The service's message for one field's value, or null when the schema accepts it. A cleared
 * field is sent as absent, so a field the schema needs is "required". */
export function fieldIssue(schema: ObjectSchema, field: string, value: unknown): FieldError | null {
  const s = schema.shape[field];
  if (!s) return null;
  const r = z.safeParse(s, isAbsent(value) ? undefined : value);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return isAbsent(value) || !issue ? REQUIRED_MESSAGE : issueMessage(issue);
}

/** A field message as the form shows it: translated, first letter upper-case. */
export function formMessage(message: FieldError, language: string): string {
  const text = translateMessage(message, translatorFor(language));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** antd rules for one field of a contract schema (`required` only marks the label). */
export function schemaRules(schema: ObjectSchema, field: string, language: string): Rule[] {
  return [
    {
      required: isRequiredField(schema, field),
      validator: async (_rule, value: unknown) => {
        const issue = fieldIssue(schema, field, value);
        if (issue) throw new Error(formMessage(issue, language));
      },
    },
  ];
}
