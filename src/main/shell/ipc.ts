// Registers the IPC transport with Electron: the sender frame must be our own renderer's main frame.
import { app, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { EVENT_CHANNEL, eventRecipient, type LabEvent } from '../../shared/events';
import type { Dispatcher } from '../api/dispatch';
import type { SessionLookup } from '../api/context';
import { inEmitOrder } from '../api/event-order';
import type { EventBus } from '../events';
import type { Logger } from '../logging';
import { createIpcHandlers, createWindowSessions } from '../api/ipc-handlers';
import { saveToFolder } from '../api/save-download';
import { isAppUrl } from './window';

export function registerIpc(dispatcher: Dispatcher, events: EventBus, log: Logger, windows: () => Electron.BrowserWindow[], userForToken: SessionLookup): void {
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
  const open = () => windows().filter((w) => !w.isDestroyed());
  const send = (ws: Electron.BrowserWindow[], event: LabEvent) => {
    for (const w of ws) if (!w.isDestroyed()) w.webContents.send(EVENT_CHANNEL, event);
  };
  const deliver = (event: LabEvent): void | Promise<void> => {
    const to = eventRecipient(event);
    if (to === null) return send(open(), event);
    // An event for one person reaches only the windows signed in as that person.
    const ws = open();
    return Promise.all(ws.map((w) => userForToken(sessionFor(w.webContents.id).token))).then((users) => send(ws.filter((_w, i) => users[i]?.id === to), event));
  };
  events.subscribe(inEmitOrder(deliver, (err) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'event not pushed: the session lookup failed')));
}
