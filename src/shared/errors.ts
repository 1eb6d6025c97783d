// Error codes of the API contract (docs/design.md#api-contract). One table maps code → HTTP status so both
// transports report the same thing; the IPC envelope carries the code, HTTP carries the status too.
// Every error names its sentence by key and params (shared/messages.ts); `message` is its English text.
import type { ZodError } from 'zod';
import { isMessage, isMessageKey, msg, type Message, type MessageKey, type MessageParams } from './messages';

export const ERROR_STATUS = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unavailable: 503,
  /** The disk holding the data directory is full: nothing was saved; retry after freeing space. */
  disk_full: 507,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** A per-field (or per-row) error: what the UI translates and its English text. */
export type FieldError = Message;

export interface ApiErrorBody extends Message {
  code: ErrorCode;
  /** Per-field errors, keyed by the field's path (e.g. `quantity`, `items.0.name`). */
  fields?: Record<string, FieldError>;
  /** Extra machine-readable detail (e.g. the existing records behind a duplicate warning). */
  details?: unknown;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorBody };

export interface AppErrorExtra {
  fields?: Record<string, FieldError>;
  details?: unknown;
}

/** Thrown by services; transports turn it into the envelope / HTTP error body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly fields?: Record<string, FieldError>;
  readonly details?: unknown;
  constructor(code: ErrorCode, key: MessageKey, params: MessageParams = {}, extra: AppErrorExtra = {}) {
    const m = msg(key, params);
    super(m.message);
    this.name = 'AppError';
    this.code = code;
    this.key = key;
    this.params = params;
    this.fields = extra.fields;
    this.details = extra.details;
  }
  /** An error whose sentence is a message built elsewhere (e.g. a backup refusal). */
  static of(code: ErrorCode, m: Message, extra: AppErrorExtra = {}): AppError {
    return new AppError(code, m.key, m.params, extra);
  }
  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { code: this.code, key: this.key, params: this.params, message: this.message };
    if (this.fields) body.fields = this.fields;
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

/** One field's error: `{ [field]: message }`. */
export function fieldError(field: string, key: MessageKey, params: MessageParams = {}): Record<string, FieldError> {
  return { [field]: msg(key, params) };
}

export function isApiErrorBody(v: unknown): v is ApiErrorBody {
  return isMessage(v) && typeof (v as ApiErrorBody).code === 'string';
}

type Issue = ZodError['issues'][number];

/** Numbers zod reports as bigint in some issues; params stay JSON. */
const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number));

/** The params an issue carries, under the names the field templates use. */
function issueParams(issue: Issue): MessageParams {
  const p: MessageParams = {};
  const i = issue as unknown as Record<string, unknown>;
  if (i.minimum !== undefined) p.min = num(i.minimum);
  if (i.maximum !== undefined) p.max = num(i.maximum);
  if (Array.isArray(i.values)) p.values = (i.values as unknown[]).map(String);
  if (typeof i.expected === 'string') p.expected = i.expected;
  if (i.params && typeof i.params === 'object') Object.assign(p, i.params as MessageParams);
  return p;
}

/** The key zod's own wording stands for, when a schema gave no key of its own. */
function builtInKey(issue: Issue): MessageKey {
  const i = issue as unknown as Record<string, unknown>;
  switch (issue.code) {
    case 'invalid_type':
      return 'field.invalidType';
    case 'too_small':
      if (i.origin === 'string') return 'field.minChars';
      if (i.origin === 'array' || i.origin === 'set') return 'field.minItems';
      return i.inclusive === false ? 'field.moreThan' : 'field.min';
    case 'too_big':
      if (i.origin === 'string') return 'field.maxChars';
      if (i.origin === 'array' || i.origin === 'set') return 'field.maxItems';
      return i.inclusive === false ? 'field.lessThan' : 'field.max';
    case 'invalid_value':
      return 'field.oneOf';
    case 'unrecognized_keys':
      return 'field.unknown';
    default:
      return 'field.invalid';
  }
}

/** One zod issue as a field message: the schema's own key (its `error`/message) or zod's wording as a key. */
export function issueMessage(issue: Issue): FieldError {
  return msg(isMessageKey(issue.message) ? issue.message : builtInKey(issue), issueParams(issue));
}

/** Field errors of a zod refusal (the first message per field). */
export function zodFieldErrors(e: ZodError): Record<string, FieldError> {
  const fields: Record<string, FieldError> = {};
  for (const issue of e.issues) {
    const key = issue.path.length ? issue.path.join('.') : (issue.code === 'unrecognized_keys' ? (issue.keys as string[]).join(',') : '_');
    fields[key] ??= issueMessage(issue);
  }
  return fields;
}

/** A schema refusal as a `validation` error naming each field. */
export function zodToAppError(e: ZodError): AppError {
  const fields = zodFieldErrors(e);
  return new AppError('validation', 'input.invalid', { fields: Object.keys(fields), first: Object.values(fields)[0]! }, { fields });
}

/** A service's own refusal of one field, shaped like a schema refusal (400 `validation` naming it). */
export function fieldInvalid(field: string, key: MessageKey, params: MessageParams = {}): AppError {
  return fieldsInvalid(fieldError(field, key, params));
}

/** The same for several fields at once (each named with its own message). */
export function fieldsInvalid(fields: Record<string, FieldError>): AppError {
  const names = Object.keys(fields);
  return new AppError('validation', 'input.invalid', { fields: names, first: fields[names[0]!]! }, { fields });
}
