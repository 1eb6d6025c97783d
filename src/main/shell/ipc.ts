// Registers the IPC transport with Electron: the sender frame must be our own renderer's main frame.
import { app, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { EVENT_CHANNEL, eventRecipient } from '../../shared/events';
import type { UserInfo } from '../../shared/contract';
import type { Dispatcher } from '../api/dispatch';
import type { EventBus } from '../events';
import type { Logger } from '../logging';
import { createIpcHandlers, createWindowSessions } from '../api/ipc-handlers';
import { saveToFolder } from '../api/save-download';
import { isAppUrl } from './window';

export function registerIpc(dispatcher: Dispatcher, events: EventBus, log: Logger, windows: () => Electron.BrowserWindow[], userForToken: (token: string | null) => UserInfo | null): void {
  const sessionFor = createWindowSessions();
  // Exports land in the user's downloads folder, as a browser download would.
  const handlers = createIpcHandlers(dispatcher, (op) => log.warn({ op }, 'ipc call from a foreign frame refused'), saveToFolder(() => app.getPath('downloads')));
  for (const [channel, handler] of handlers) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, input: unknown) => {
      const frame = event.senderFrame;
      const trusted = !!frame && frame === event.sender.mainFrame && isAppUrl(frame.url);
      return handler({ trusted, session: sessionFor(event.sender.id) }, input);
    });
  }
  events.subscribe((event) => {
    // An event for one person reaches only the windows signed in as that person.
    const to = eventRecipient(event);
    for (const w of windows()) {
      if (w.isDestroyed()) continue;
      if (to !== null && userForToken(sessionFor(w.webContents.id).token)?.id !== to) continue;
      w.webContents.send(EVENT_CHANNEL, event);
    }
  });
}
