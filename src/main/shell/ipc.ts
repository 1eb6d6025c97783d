// Registers the IPC transport with Electron: the sender frame must be our own renderer's main frame.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { EVENT_CHANNEL } from '../../shared/events';
import type { AppServices } from '../app-services';
import { createIpcHandlers, createWindowSessions } from '../api/ipc-handlers';
import { isAppUrl } from './window';

export function registerIpc(s: Pick<AppServices, 'dispatcher' | 'log' | 'events'>, windows: () => Electron.BrowserWindow[]): void {
  const sessionFor = createWindowSessions();
  const handlers = createIpcHandlers(s.dispatcher, (op) => s.log.warn({ op }, 'ipc call from a foreign frame refused'));
  for (const [channel, handler] of handlers) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, input: unknown) => {
      const frame = event.senderFrame;
      const trusted = !!frame && frame === event.sender.mainFrame && isAppUrl(frame.url);
      return handler({ trusted, session: sessionFor(event.sender.id) }, input);
    });
  }
  s.events.subscribe((event) => {
    for (const w of windows()) if (!w.isDestroyed()) w.webContents.send(EVENT_CHANNEL, event);
  });
}
