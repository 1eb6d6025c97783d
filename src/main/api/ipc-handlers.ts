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

/** A file a download operation wrote (contract `download`), for the shell to save. */
export interface DownloadFile {
  fileName: string;
  mime: string;
  rows: number;
  path: string;
}

/**
 * Saves a download operation's file where the user keeps files and answers where it went. Without
 * a shell (tests) the file stays where the service wrote it.
 */
export type SaveDownload = (file: DownloadFile) => Promise<string>;

export function createIpcHandlers(dispatcher: Dispatcher, onRefused: (op: string) => void, saveDownload: SaveDownload = async (f) => f.path): Map<string, IpcHandler> {
  const table = new Map<string, IpcHandler>();
  for (const name of operationNames) {
    if (contract[name].httpOnly) continue;
    table.set(IPC_PREFIX + name, async (sender, input) => {
      if (!sender.trusted) {
        onRefused(name);
        return { ok: false, error: new AppError('forbidden', 'api.windowOnly').toBody() };
      }
      const result = await dispatcher.call(name, input, sender.session, 'ipc');
      if (!result.ok || !contract[name].download) return result;
      // The renderer gets where the file was saved, never the service's working path.
      const { path: _path, ...file } = result.value as DownloadFile;
      return { ok: true, value: { ...file, savedTo: await saveDownload(result.value as DownloadFile) } };
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
