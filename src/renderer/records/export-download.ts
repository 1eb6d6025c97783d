// Downloads the current list view (or an item's ledger) as CSV or XLSX: the main process writes the file from the same
// query the list uses. Browser mode: the API answers the file itself, fetched as a blob and handed
// to the browser as a download. Desktop: the shell saves it in the downloads folder and says where.
// Always in the UI's language (the API's `lang=machine`, field names and raw codes, is for scripts).
import { ApiError, buildHttpRequest, call, transport } from '../api/client';
import { CLIENT_HEADER } from '../../shared/app-info';
import { isApiErrorBody } from '../../shared/errors';
import { msg } from '../../shared/messages';
import type { ListEndpoint } from '../../shared/records';
import type { ListView } from './use-record-list';
import type { OperationName, OpInput, OpOutput } from '../../shared/contract';
import type { ExportDownload } from '../../shared/records';

/** The contract's download operations (those answering with a file). */
type DownloadOperation = { [K in OperationName]: [OpOutput<K>] extends [never] ? never : OpOutput<K> extends ExportDownload ? K : never }[OperationName];

export type CsvEncoding = 'utf-8' | 'gb18030';

/** A big export takes seconds to write; the usual call time-out would cut it off. */
const EXPORT_TIMEOUT_MS = 300_000;

/** The export language for an i18next language code (Chinese variants → zh-CN, else en). */
export function exportLanguage(uiLanguage: string): 'zh-CN' | 'en' {
  return uiLanguage.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** The file name from `content-disposition` (the UTF-8 `filename*` form first). */
function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

export async function downloadExport(endpoint: ListEndpoint, as: { format: 'csv' | 'xlsx'; encoding: CsvEncoding; lang: 'zh-CN' | 'en' }, view: ListView): Promise<{ rows: number; savedTo?: string }> {
  const input = { endpoint, ...as, search: view.search, field: view.field, status: view.status, sort: view.sort };
  return downloadFile('exportList', input, `${endpoint.replace(/\//g, '')}.${as.format}`);
}

/**
 * Runs a download operation (the contract's `download: true`): over IPC the shell saves the file and
 * says where; over HTTP the answer is the file, handed to the browser as a download.
 */
export async function downloadFile<N extends DownloadOperation>(name: N, input: OpInput<N>, fallbackName: string): Promise<{ rows: number; savedTo?: string }> {
  if (transport === 'ipc') {
    const res = await call(name, input, { timeoutMs: EXPORT_TIMEOUT_MS });
    return { rows: res.rows, savedTo: res.savedTo };
  }
  const req = buildHttpRequest(name, input);
  let res: Response;
  try {
    res = await fetch(req.url, { headers: { [CLIENT_HEADER]: '1' }, credentials: 'same-origin', signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
  } catch (e) {
    throw new ApiError('network', msg('client.unreachable', { detail: (e as Error).message }));
  }
  if (!res.ok) {
    const err = ((await res.json().catch(() => null)) as { error?: unknown } | null)?.error;
    if (isApiErrorBody(err)) throw new ApiError(err.code, err, err.fields, err.details);
    throw new ApiError(res.status >= 500 ? 'unavailable' : 'validation', msg('client.httpStatus', { status: res.status }));
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = dispositionFileName(res.headers.get('content-disposition')) ?? fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { rows: Number(res.headers.get('x-export-rows') ?? 0) };
}
