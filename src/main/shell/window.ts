// The main window and the Electron window rules (docs/design.md#electron-window): isolation, sandbox, CSP, navigation
// and window-open guards, permission requests denied, external links only to an https allow-list.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session, shell, app } from 'electron';
import { RENDERER_CSP } from '../http/csp';

const EXTERNAL_ALLOW = [/^https:\/\/(www\.)?(macklin\.cn|aladdin-e\.com|tcichemicals\.com|energy-chemical\.com|bidepharm\.com|sigmaaldrich\.com)\//];

export function isAppUrl(url: string): boolean {
  return url.startsWith('file://') ? url.startsWith(rendererFileUrl()) : Boolean(process.env.ELECTRON_RENDERER_URL && url.startsWith(process.env.ELECTRON_RENDERER_URL));
}

function rendererFileUrl(): string {
  // pathToFileURL gives file:///C:/… on Windows and file:///… elsewhere.
  return pathToFileURL(path.join(__dirname, '../renderer')).href + '/';
}

export function hardenSessions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } });
  });
  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (EXTERNAL_ALLOW.some((re) => re.test(url))) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Lab Desktop',
    webPreferences: {
      preload: path.join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void win.loadFile(path.join(__dirname, '../renderer/index.html'));
  return win;
}

export function focusWindow(win: BrowserWindow | null, route?: string): void {
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  if (route) void win.webContents.executeJavaScript(`location.hash = ${JSON.stringify(route)}`);
}
