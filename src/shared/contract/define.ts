// The shape of one API operation. Request schemas are zod validators checked at the
// main-process boundary; response types are declared once with `returns<T>()` (never written twice).
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * Who may call: `none` (anyone, e.g. login), `user` (any logged-in account, including public),
 * `member` (member or admin: anything that writes business data), `admin`.
 */
export type Access = 'none' | 'user' | 'member' | 'admin';

export interface OperationDef<I extends z.ZodType = z.ZodType, O = unknown> {
  method: HttpMethod;
  /** Path under `/api`; `:name` segments become input fields. */
  path: string;
  input: I;
  access: Access;
  /** Phantom: the response type. */
  output: O;
  /** Browser mode only (e.g. the SSE stream); desktop IPC has its own push channel. */
  httpOnly?: boolean;
  /**
   * The handler writes a file and answers `{fileName, mime, rows, path}`: HTTP sends the file as the
   * response body and removes it; IPC lets the desktop shell save it and answers `savedTo`.
   */
  download?: boolean;
}

export function returns<T>(): T {
  return undefined as unknown as T;
}

export function op<I extends z.ZodType, O>(def: OperationDef<I, O>): OperationDef<I, O> {
  return def;
}
