// Downloads the current list view as CSV or XLSX: the main process builds the file from the same
// query the list uses; the renderer only turns it into a download.
import { call } from '../api/client';
import type { ListEndpoint } from '../../shared/records';
import type { ListView } from './use-record-list';

export async function downloadExport(endpoint: ListEndpoint, format: 'csv' | 'xlsx', view: ListView): Promise<number> {
  const res = await call('exportList', { endpoint, format, search: view.search, field: view.field, status: view.status, sort: view.sort });
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
