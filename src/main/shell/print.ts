// Printing in the desktop app: the renderer's label print page asks (bridge `print`, PRINT_CHANNEL)
// and the shell prints that page with Electron's own print dialog, page size set to the label's
// (or A4), no margins. Like the API channels it answers only our renderer's main frame.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { PRINT_CHANNEL } from '../../shared/bridge';
import { LABEL_GEOMETRY, printRequest, type PrintResult } from '../../shared/labels';
import type { Logger } from '../logging';
import { isAppUrl } from './window';

const MICRONS_PER_MM = 1000;

export function registerPrint(log: Logger): void {
  ipcMain.handle(PRINT_CHANNEL, (event: IpcMainInvokeEvent, input: unknown): Promise<PrintResult> => {
    const frame = event.senderFrame;
    if (!frame || frame !== event.sender.mainFrame || !isAppUrl(frame.url)) {
      log.warn({ channel: PRINT_CHANNEL }, 'print request from a foreign frame refused');
      return Promise.resolve({ ok: false, reason: 'forbidden' });
    }
    const parsed = printRequest.safeParse(input);
    if (!parsed.success) return Promise.resolve({ ok: false, reason: 'invalid request' });
    const g = LABEL_GEOMETRY[parsed.data.size];
    return new Promise<PrintResult>((resolve) => {
      event.sender.print(
        {
          silent: false,
          printBackground: true,
          margins: { marginType: 'none' },
          pageSize: { width: g.pageWidth * MICRONS_PER_MM, height: g.pageHeight * MICRONS_PER_MM },
        },
        (success, failureReason) => resolve(success ? { ok: true } : { ok: false, reason: failureReason || 'cancelled' }),
      );
    });
  });
}
