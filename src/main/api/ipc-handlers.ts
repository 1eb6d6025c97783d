// The IPC transport's handler table, free of Electron so it is testable: one entry per contract
// operation (channel `api:<name>`). The shell registers each with ipcMain.handle and supplies the
// sender check and the per-window session.
import { contract, operationNames } from '../../shared/contract';
import { IPC_PREFIX } from '../../shared/bridge';
import { AppError, type Envelope } from '../../shared/errors';
import type { Dispatcher } from './dispatch';
import type { SessionHolder } from './context';

export interface IpcSender {
  /** True when the call comes from the main frame of our own renderer. */
  trusted: boolean;
  session: SessionHolder;
}

export type IpcHandler = (sender: IpcSender, input: unknown) => Promise<Envelope<unknown>>;

export function createIpcHandlers(dispatcher: Dispatcher, onRefused: (op: string) => void): Map<string, IpcHandler> {
  const table = new Map<string, IpcHandler>();
  for (const name of operationNames) {
    if (contract[name].httpOnly) continue;
    table.set(IPC_PREFIX + name, async (sender, input) => {
      if (!sender.trusted) {
        onRefused(name);
        return { ok: false, error: new AppError('forbidden', 'api.windowOnly').toBody() };
      }
      return dispatcher.call(name, input, sender.session, 'ipc');
    });
  }
  return table;
}

/** Per-window sessions for IPC: the token never reaches the renderer. */
export function createWindowSessions(): (windowId: number) => SessionHolder {
  const tokens = new Map<number, string>();
  return (windowId) => ({
    get token() {
      return tokens.get(windowId) ?? null;
    },
    set: (t) => void tokens.set(windowId, t),
    clear: () => void tokens.delete(windowId),
  });
}
