// A recording stand-in for the `electron` module: just enough surface for our shell and preload
// to run under Node. It records what they ask of Electron (window options, handlers, IPC
// registrations, forks) so tests can assert our choices; it does not imitate Electron's behaviour.
// Tests install it with `vi.mock('electron', () => import('./electron-stand-in'))`.
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';

type Handler = (...args: never[]) => unknown;

export class FakeFrame {
  constructor(public url: string) {}
}

export class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  mainFrame = new FakeFrame('');
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly executed: string[] = [];
  readonly sent: Array<{ channel: string; payload: unknown }> = [];
  setWindowOpenHandler(h: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = h;
  }
  executeJavaScript(js: string): Promise<unknown> {
    this.executed.push(js);
    return Promise.resolve(undefined);
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  /** print(): recorded; the test answers the callback through `printAnswer`. */
  readonly printed: Array<Record<string, unknown>> = [];
  printAnswer: [boolean, string] = [true, ''];
  print(options: Record<string, unknown>, callback: (success: boolean, failureReason: string) => void): void {
    this.printed.push(options);
    callback(...this.printAnswer);
  }
}

export class FakeUtilityProcess extends EventEmitter {
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly posted: unknown[] = [];
  killed = false;
  postMessage(msg: unknown): void {
    this.posted.push(msg);
  }
  kill(): boolean {
    this.killed = true;
    return true;
  }
}

function freshRecord() {
  const record = {
    windows: [] as BrowserWindow[],
    appHandlers: new Map<string, Handler[]>(),
    /** Order of the app-level calls that docs/design.md#electron-window sequences (paths, lock, quit, exit). */
    calls: [] as string[],
    paths: new Map<string, string>(),
    lockGranted: true,
    lockData: undefined as unknown,
    permissionRequestHandler: null as Handler | null,
    permissionCheckHandler: null as Handler | null,
    headersReceived: null as Handler | null,
    openedExternally: [] as string[],
    ipcHandlers: new Map<string, Handler>(),
    exposed: new Map<string, unknown>(),
    rendererInvokes: [] as Array<{ channel: string; input: unknown }>,
    rendererListeners: new Map<string, Set<Handler>>(),
    forks: [] as Array<{ modulePath: string; args: string[]; options: Record<string, unknown>; child: FakeUtilityProcess }>,
    errorBoxes: [] as Array<{ title: string; content: string }>,
    /** The system's preferred languages, as `app.getPreferredSystemLanguages()` answers. */
    languages: ['en-US'] as string[],
    menu: undefined as unknown,
    readyResolve: null as (() => void) | null,
    ready: Promise.resolve(),
  };
  record.ready = new Promise<void>((resolve) => (record.readyResolve = resolve));
  return record;
}

// Kept on globalThis: a test that re-imports the shell after vi.resetModules() gets a new copy of
// this module, and both copies must record into the same place.
const globalKey = Symbol.for('lab.electron-stand-in');
type Recorded = ReturnType<typeof freshRecord>;
export const recorded: Recorded = ((globalThis as Record<symbol, unknown>)[globalKey] ??= freshRecord()) as Recorded;

/** Clears every record; `whenReady()` then waits until the test calls `resolveReady()`. */
export function resetStandIn(): void {
  Object.assign(recorded, freshRecord());
}

export function resolveReady(): void {
  recorded.readyResolve?.();
}

/** Calls every handler the shell registered for an app event. */
export function emitApp(event: string, ...args: unknown[]): void {
  for (const h of recorded.appHandlers.get(event) ?? []) (h as (...a: unknown[]) => unknown)(...args);
}

export class BrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  minimized = false;
  visible = false;
  focused = false;
  restored = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    recorded.windows.push(this);
  }
  static getAllWindows(): BrowserWindow[] {
    return recorded.windows;
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    return Promise.resolve();
  }
  loadFile(file: string): Promise<void> {
    this.loaded.push(file);
    return Promise.resolve();
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isDestroyed(): boolean {
    return false;
  }
  restore(): void {
    this.restored = true;
    this.minimized = false;
  }
  show(): void {
    this.visible = true;
  }
  focus(): void {
    this.focused = true;
  }
}

export const app = {
  isPackaged: false,
  on(event: string, handler: Handler) {
    const list = recorded.appHandlers.get(event) ?? [];
    list.push(handler);
    recorded.appHandlers.set(event, list);
    return app;
  },
  getPath: (name: string) => recorded.paths.get(name) ?? `/stand-in/${name}`,
  getPreferredSystemLanguages: () => [...recorded.languages],
  getLocale: () => recorded.languages[0] ?? 'en-US',
  setPath(name: string, value: string) {
    recorded.calls.push(`setPath:${name}`);
    recorded.paths.set(name, value);
  },
  setAppLogsPath(value: string) {
    recorded.calls.push('setAppLogsPath');
    recorded.paths.set('logs', value);
  },
  requestSingleInstanceLock(data?: unknown) {
    recorded.calls.push('requestSingleInstanceLock');
    recorded.lockData = data;
    return recorded.lockGranted;
  },
  whenReady: () => recorded.ready,
  quit: () => void recorded.calls.push('quit'),
  exit: (code?: number) => void recorded.calls.push(`exit:${code ?? 0}`),
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: (h: Handler) => void (recorded.permissionRequestHandler = h),
    setPermissionCheckHandler: (h: Handler) => void (recorded.permissionCheckHandler = h),
    webRequest: { onHeadersReceived: (h: Handler) => void (recorded.headersReceived = h) },
  },
};

export const shell = {
  openExternal: (url: string) => {
    recorded.openedExternally.push(url);
    return Promise.resolve();
  },
};

export const dialog = {
  showErrorBox: (title: string, content: string) => void recorded.errorBoxes.push({ title, content }),
};

export const Menu = {
  setApplicationMenu: (menu: unknown) => void (recorded.menu = menu),
};

export const ipcMain = {
  handle: (channel: string, handler: Handler) => {
    if (recorded.ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
    recorded.ipcHandlers.set(channel, handler);
  },
};

export const ipcRenderer = {
  invoke: (channel: string, input: unknown) => {
    recorded.rendererInvokes.push({ channel, input });
    return Promise.resolve({ ok: true, value: null });
  },
  on: (channel: string, h: Handler) => {
    const set = recorded.rendererListeners.get(channel) ?? new Set();
    set.add(h);
    recorded.rendererListeners.set(channel, set);
  },
  off: (channel: string, h: Handler) => void recorded.rendererListeners.get(channel)?.delete(h),
};

export const contextBridge = {
  exposeInMainWorld: (key: string, api: unknown) => void recorded.exposed.set(key, api),
};

export const utilityProcess = {
  fork: (modulePath: string, args: string[] = [], options: Record<string, unknown> = {}) => {
    const child = new FakeUtilityProcess();
    recorded.forks.push({ modulePath, args, options, child });
    return child;
  },
};

export default { app, BrowserWindow, session, shell, dialog, Menu, ipcMain, ipcRenderer, contextBridge, utilityProcess };
