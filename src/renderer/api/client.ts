// The renderer's API client: the same typed calls over IPC (desktop, via window.labApi) or HTTP
// (browser mode, under /api). Errors arrive as ApiError with the contract's code, key and params;
// its `message` and `fields` are in the UI's language (i18n/translate.ts).
import { contract, type OperationName, type OpInput, type OpOutput } from '../../shared/contract';
import { CLIENT_HEADER } from '../../shared/app-info';
import { isApiErrorBody, type ApiErrorBody, type Envelope, type FieldError } from '../../shared/errors';
import { msg, type Message, type MessageKey, type MessageParams } from '../../shared/messages';
import type { LabBridge } from '../../shared/bridge';
import type { LabEvent } from '../../shared/events';
import { translateFields, translateMessage } from '../i18n/translate';

declare global {
  interface Window {
    labApi?: LabBridge;
  }
}

export type ClientErrorCode = ApiErrorBody['code'] | 'network' | 'timeout' | 'aborted';

/** `message` and `fields` in the UI's language; `serverMessage` is the English text. */
export class ApiError extends Error {
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly serverMessage: string;
  readonly fields?: Record<string, string>;
  readonly fieldErrors?: Record<string, FieldError>;
  constructor(readonly code: ClientErrorCode, m: Message, fields?: Record<string, FieldError>, readonly details?: unknown) {
    super(translateMessage(m));
    this.name = 'ApiError';
    this.key = m.key;
    this.params = m.params;
    this.serverMessage = m.message;
    this.fieldErrors = fields;
    this.fields = translateFields(fields);
  }
}

const fromBody = (e: ApiErrorBody) => new ApiError(e.code, e, e.fields, e.details);

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
let unauthorizedListener: (() => void) | null = null;
let unreachableListener: (() => void) | null = null;

/** The session store registers here: a 401 on a protected call clears the authentication state. */
export function onUnauthorized(listener: () => void): void {
  unauthorizedListener = listener;
}

/** A protected call that could not reach the service (network error, time-out): re-verify the session. */
export function onUnreachable(listener: () => void): void {
  unreachableListener = listener;
}

export const transport: 'ipc' | 'http' = typeof window !== 'undefined' && window.labApi ? 'ipc' : 'http';

export async function call<N extends OperationName>(name: N, input: OpInput<N>, opts: CallOptions = {}): Promise<OpOutput<N>> {
  try {
    return transport === 'ipc' ? await callIpc(name, input, opts) : await callHttp(name, input, opts);
  } catch (e) {
    if (e instanceof ApiError && contract[name].access !== 'none') {
      if (e.code === 'unauthorized') unauthorizedListener?.();
      else if (e.code === 'network' || e.code === 'timeout') unreachableListener?.();
    }
    throw e;
  }
}

async function callIpc<N extends OperationName>(name: N, input: OpInput<N>, opts: CallOptions): Promise<OpOutput<N>> {
  const fn = window.labApi!.ops[name] as (i: unknown) => Promise<Envelope<OpOutput<N>>>;
  const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const result = await new Promise<Envelope<OpOutput<N>>>((resolve, reject) => {
    const t = setTimeout(() => reject(new ApiError('timeout', msg('client.ipcTimeout'))), timeout);
    opts.signal?.addEventListener('abort', () => reject(new ApiError('aborted', msg('client.aborted'))), { once: true });
    fn(input).then(resolve, reject).finally(() => clearTimeout(t));
  });
  if (result.ok) return result.value;
  throw fromBody(result.error);
}

export function buildHttpRequest(name: OperationName, input: Record<string, unknown>): { method: string; url: string; body?: string } {
  const def = contract[name];
  const rest: Record<string, unknown> = { ...input };
  const url = def.path.replace(/:([A-Za-z]+)/g, (_m, key: string) => {
    const v = rest[key];
    delete rest[key];
    return encodeURIComponent(String(v));
  });
  if (def.method === 'GET' || def.method === 'DELETE') {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) qs.set(k, String(v));
    const q = qs.toString();
    return { method: def.method, url: `/api${url}${q ? `?${q}` : ''}` };
  }
  return { method: def.method, url: `/api${url}`, body: JSON.stringify(rest) };
}

async function callHttp<N extends OperationName>(name: N, input: OpInput<N>, opts: CallOptions): Promise<OpOutput<N>> {
  const req = buildHttpRequest(name, (input ?? {}) as Record<string, unknown>);
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method,
      headers: { [CLIENT_HEADER]: '1', ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: req.body,
      credentials: 'same-origin',
      signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw new ApiError('aborted', msg('client.aborted'));
    if (timeout.aborted) throw new ApiError('timeout', msg('client.httpTimeout'));
    throw new ApiError('network', msg('client.unreachable', { detail: (e as Error).message }));
  }
  const text = await res.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (res.ok) return json as OpOutput<N>;
  const err = (json as { error?: unknown } | null)?.error;
  if (isApiErrorBody(err)) throw fromBody(err);
  throw new ApiError(res.status >= 500 ? 'unavailable' : 'validation', msg('client.httpStatus', { status: res.status }));
}

const EVENT_TYPES: LabEvent['type'][] = ['records-changed', 'import-batch-ready', 'controlled-changed', 'reference-changed', 'stocktake-changed', 'app-info-changed', 'notifications-changed'];
const eventListeners = new Set<(e: LabEvent) => void>();
let eventSource: EventSource | null = null;

/**
 * Push events: the IPC channel in the desktop app, SSE in browser mode. One EventSource per window,
 * shared by every subscriber: each holds an HTTP/1.1 connection, a browser allows six per host,
 * and a window with one per list, tree and header had no connection left for its own requests.
 */
export function subscribeEvents(listener: (e: LabEvent) => void): () => void {
  if (transport === 'ipc') return window.labApi!.onEvent(listener);
  eventListeners.add(listener);
  if (!eventSource) {
    eventSource = new EventSource('/api/events');
    const handler = (msg: MessageEvent<string>) => {
      const e = JSON.parse(msg.data) as LabEvent;
      for (const l of [...eventListeners]) l(e);
    };
    for (const t of EVENT_TYPES) eventSource.addEventListener(t, handler as EventListener);
  }
  return () => {
    eventListeners.delete(listener);
    if (eventListeners.size === 0 && eventSource) {
      eventSource.close();
      eventSource = null;
    }
  };
}
