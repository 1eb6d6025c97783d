// The Electron window rules (docs/design.md#electron-window) as the shell applies them, checked against the recording
// stand-in: the options the window is created with, the session's permission and CSP handlers,
// and the navigation / window-open guards on every web contents.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recorded, resetStandIn, emitApp, BrowserWindow, FakeWebContents } from './electron-stand-in';
import { createMainWindow, focusWindow, hardenSessions, isAppUrl } from '../../src/main/shell/window';
import { RENDERER_CSP } from '../../src/main/http/csp';

vi.mock('electron', () => import('./electron-stand-in'));

const shellDir = path.resolve(__dirname, '../../src/main/shell');
const rendererUrl = pathToFileURL(path.join(shellDir, '../renderer')).href + '/';

beforeEach(() => {
  resetStandIn();
  delete process.env.ELECTRON_RENDERER_URL;
});

function hardenedContents(): FakeWebContents {
  hardenSessions();
  const contents = new FakeWebContents();
  emitApp('web-contents-created', {}, contents);
  return contents;
}

function navigate(contents: FakeWebContents, url: string): boolean {
  let prevented = false;
  contents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
  return prevented;
}

describe('main window', () => {
  it('is created isolated and sandboxed, without Node, with the bundled preload', () => {
    createMainWindow();
    expect(recorded.windows).toHaveLength(1);
    const prefs = recorded.windows[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).not.toBe(true);
    expect(prefs.webSecurity).not.toBe(false);
    expect(prefs.preload).toBe(path.join(shellDir, '../preload/index.js'));
  });

  it('loads the built renderer file, or the dev server URL when electron-vite gives one', () => {
    const fromFile = createMainWindow() as unknown as BrowserWindow;
    expect(fromFile.loaded).toEqual([path.join(shellDir, '../renderer/index.html')]);
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173/';
    const fromDev = createMainWindow() as unknown as BrowserWindow;
    expect(fromDev.loaded).toEqual(['http://localhost:5173/']);
  });

  it('shows itself only once ready to show', () => {
    const win = createMainWindow() as unknown as BrowserWindow;
    expect(win.visible).toBe(false);
    win.emit('ready-to-show');
    expect(win.visible).toBe(true);
  });

  it('focus restores a minimised window and follows a route', () => {
    const win = createMainWindow() as unknown as BrowserWindow;
    win.minimized = true;
    focusWindow(win as never, '#/cart-import?batch_id=b1');
    expect(win.restored && win.visible && win.focused).toBe(true);
    expect(win.webContents.executed).toEqual(['location.hash = "#/cart-import?batch_id=b1"']);
    focusWindow(null, '#/x'); // no window yet: nothing to do, no throw
  });
});

describe('session hardening', () => {
  it('denies every permission request and check', () => {
    hardenSessions();
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      (recorded.permissionRequestHandler as (wc: unknown, p: string, cb: (ok: boolean) => void) => void)({}, permission, (ok) => answers.push(ok));
    }
    expect(answers).toEqual([false, false, false, false]);
    expect((recorded.permissionCheckHandler as () => boolean)()).toBe(false);
  });

  it('sets the strict CSP header on every response, keeping the other headers', () => {
    hardenSessions();
    let out: { responseHeaders: Record<string, string[]> } | undefined;
    (recorded.headersReceived as (d: unknown, cb: (r: typeof out) => void) => void)({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (out = r));
    expect(out!.responseHeaders['Content-Security-Policy']).toEqual([RENDERER_CSP]);
    expect(out!.responseHeaders['X-Other']).toEqual(['1']);
    expect(RENDERER_CSP).toContain("script-src 'self'");
    expect(RENDERER_CSP).toContain("object-src 'none'");
    expect(RENDERER_CSP).not.toContain('unsafe-eval');
  });
});

describe('navigation and new windows', () => {
  it('blocks navigation away from the app, including other file:// pages', () => {
    const contents = hardenedContents();
    expect(navigate(contents, 'https://example.com/')).toBe(true);
    expect(navigate(contents, 'file:///etc/passwd')).toBe(true);
    expect(navigate(contents, pathToFileURL(path.join(shellDir, '../renderer-evil/index.html')).href)).toBe(true);
    expect(navigate(contents, `${rendererUrl}index.html#/inventory`)).toBe(false);
  });

  it('accepts the dev server only when electron-vite names it', () => {
    const contents = hardenedContents();
    expect(navigate(contents, 'http://localhost:5173/#/orders')).toBe(true);
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173/';
    expect(navigate(contents, 'http://localhost:5173/#/orders')).toBe(false);
    expect(isAppUrl('http://localhost:5174/')).toBe(false);
  });

  it('refuses webviews', () => {
    const contents = hardenedContents();
    let prevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
  });

  it('denies every window.open; allow-listed https supplier links open in the system browser only', () => {
    const contents = hardenedContents();
    const open = (url: string) => contents.windowOpenHandler!({ url });
    expect(open('https://www.aladdin-e.com/zh_cn/a1.html')).toEqual({ action: 'deny' });
    expect(open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(open('http://www.aladdin-e.com/plain-http')).toEqual({ action: 'deny' });
    expect(open('https://www.aladdin-e.com.evil.example/')).toEqual({ action: 'deny' });
    expect(open(`${rendererUrl}index.html`)).toEqual({ action: 'deny' });
    expect(recorded.openedExternally).toEqual(['https://www.aladdin-e.com/zh_cn/a1.html']);
  });
});
