// Error codes of the API contract (DESIGN §3). One table maps code → HTTP status so both
// transports report the same thing; the IPC envelope carries the code, HTTP carries the status too.
import type { ZodError } from 'zod';
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

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** Per-field messages, keyed by the field's path (e.g. `quantity`, `items.0.name`). */
  fields?: Record<string, string>;
  /** Extra machine-readable detail (e.g. the existing records behind a duplicate warning). */
  details?: unknown;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ApiErrorBody };

/** Thrown by services; transports turn it into the envelope / HTTP error body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { code: this.code, message: this.message };
    if (this.fields) body.fields = this.fields;
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export function isApiErrorBody(v: unknown): v is ApiErrorBody {
  return typeof v === 'object' && v !== null && typeof (v as ApiErrorBody).code === 'string' && typeof (v as ApiErrorBody).message === 'string';
}

/** A schema refusal as a `validation` error naming each field (the first message per field). */
export function zodToAppError(e: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of e.issues) {
    const key = issue.path.length ? issue.path.join('.') : (issue.code === 'unrecognized_keys' ? (issue.keys as string[]).join(',') : '_');
    fields[key] ??= issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
  }
  const names = Object.keys(fields).join(', ');
  return new AppError('validation', `Invalid input: ${names} — ${Object.values(fields)[0]}`, fields);
}
