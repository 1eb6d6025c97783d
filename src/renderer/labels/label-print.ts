// Printing labels and downloading their PDF, for the dialog and the print page. The desktop app
// prints through the shell (bridge `print`: Electron's print dialog with the label's page size);
// a browser prints the page itself (window.print, the print page's @page rules set the size).
import type { LabelSize, PrintResult } from '../../shared/labels';
import { downloadFile } from '../records/export-download';

export async function printLabelsPage(size: LabelSize): Promise<PrintResult> {
  if (window.labApi?.print) return window.labApi.print({ size });
  window.print();
  return { ok: true };
}

export function downloadLabelsPdf(ids: number[], size: LabelSize, lang: 'zh-CN' | 'en'): Promise<{ rows: number; savedTo?: string }> {
  if (ids.length === 1) return downloadFile('labelPdf', { id: ids[0]!, size, lang }, `label-${ids[0]}-${size}.pdf`);
  return downloadFile('labelsPdf', { ids: ids.join(','), size, lang }, `labels-${ids.length}-${size}.pdf`);
}

const SIZE_KEY = 'lab.labels.size';

/** The size chosen last time (this browser profile / desktop app), 70x40 at first. */
export function lastLabelSize(): LabelSize {
  const v = localStorage.getItem(SIZE_KEY);
  return v === '50x30' || v === '70x40' || v === 'a4' ? v : '70x40';
}

export function rememberLabelSize(size: LabelSize): void {
  localStorage.setItem(SIZE_KEY, size);
}

/** The print page's address for a selection. */
export function labelPrintPath(ids: number[], size: LabelSize, print: boolean): string {
  return `/labels?ids=${ids.join(',')}&size=${size}${print ? '&print=1' : ''}`;
}
