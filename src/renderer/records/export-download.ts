// Downloads the current list view as CSV or XLSX: the main process builds the file from the same
// query the list uses; the renderer only turns it into a download. Always in the UI's language
// (the API's `lang=machine`, field names and raw codes, is for scripts).
import { call } from '../api/client';
import type { ListEndpoint } from '../../shared/records';
import type { ListView } from './use-record-list';

export type CsvEncoding = 'utf-8' | 'gb18030';

/** The export language for an i18next language code (Chinese variants → zh-CN, else en). */
export function exportLanguage(uiLanguage: string): 'zh-CN' | 'en' {
  return uiLanguage.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export async function downloadExport(endpoint: ListEndpoint, as: { format: 'csv' | 'xlsx'; encoding: CsvEncoding; lang: 'zh-CN' | 'en' }, view: ListView): Promise<number> {
  const res = await call('exportList', { endpoint, ...as, search: view.search, field: view.field, status: view.status, sort: view.sort });
  const bytes = Uint8Array.from(atob(res.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: res.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = res.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return res.rows;
}
