// Desktop entry. Order matters (docs/design.md#electron-window): resolve the data directory, point Electron's paths at it,
// take the single-instance lock, then start the plain-Node services and the window.
import path from 'node:path';
import { app, BrowserWindow, dialog, Menu } from 'electron';
import { platformUserDataDir, resolveDataDir } from '../data-dir/resolve';
import { startServices, type RunningApp } from '../app-services';
import { appVersion } from '../version';
import { createMainWindow, focusWindow, hardenSessions } from './window';
import { registerIpc } from './ipc';
import { registerPrint } from './print';
import { forkUtilityWorker } from './utility-worker';
import { bringReviewForwardOnBatch } from '../cart-import/desktop-handoff';
import { startFailureText } from '../../shared/start-failure';

/** Before any window exists, the reason is said in an error box in the system's language. */
function showStartFailure(e: unknown): void {
  const { title, content } = startFailureText(e, app.getPreferredSystemLanguages()[0] ?? app.getLocale());
  dialog.showErrorBox(title, content);
}

function resolveOrExit(): string {
  try {
    return resolveDataDir({
      argv: process.argv,
      env: process.env,
      exeDir: app.isPackaged ? path.dirname(app.getPath('exe')) : null,
      userDataDir: app.isPackaged ? app.getPath('userData') : platformUserDataDir(),
    }).dir;
  } catch (e) {
    showStartFailure(e); // allowed before ready
    app.exit(1);
    throw e;
  }
}
const dataDir = resolveOrExit();
app.setPath('userData', dataDir);
app.setPath('sessionData', path.join(dataDir, 'electron'));
app.setAppLogsPath(path.join(dataDir, 'logs'));

let mainWindow: BrowserWindow | null = null;
let services: RunningApp | null = null;

if (!app.requestSingleInstanceLock({ argv: process.argv })) {
  // Another window already owns this data directory; it receives our arguments.
  app.quit();
} else {
  // A second launch on the same data directory hands over: focus, and follow a `--route=` argument.
  app.on('second-instance', (_e, _argv, _cwd, extra) => {
    const argv = (extra as { argv?: string[] } | undefined)?.argv ?? _argv;
    const route = argv.find((a) => a.startsWith('--route='))?.slice('--route='.length);
    focusWindow(mainWindow, route && route.startsWith('#/') ? route : undefined);
  });
  app.on('window-all-closed', () => app.quit());
  // Close the databases and stop the worker before the process ends.
  let closing = false;
  app.on('before-quit', (e) => {
    if (closing || !services) return;
    e.preventDefault();
    closing = true;
    void services.close().finally(() => app.exit(0));
  });
  void app.whenReady().then(async () => {
    hardenSessions();
    Menu.setApplicationMenu(null);
    try {
      services = await startServices({ dataDir, mode: 'desktop', version: appVersion(), spawnWorker: (onOutput) => forkUtilityWorker(dataDir, onOutput) });
    } catch (e) {
      showStartFailure(e);
      app.exit(1);
      return;
    }
    registerIpc(services.dispatcher, services.events, services.log, () => BrowserWindow.getAllWindows(), (t) => services!.data.auth.userForToken(t));
    registerPrint(services.log);
    bringReviewForwardOnBatch(services.events, (route) => focusWindow(mainWindow, route));
    mainWindow = createMainWindow();
    mainWindow.on('closed', () => (mainWindow = null));
  });
}
