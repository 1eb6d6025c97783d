// The IPC transport as the shell registers it and the preload exposes it, against the recording
// stand-in: the sender-frame check, per-window sessions, push events, and a bridge that offers
// exactly the contract's IPC operations (no generic invoke).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recorded, resetStandIn, BrowserWindow, FakeFrame } from './electron-stand-in';
import { registerIpc } from '../../src/main/shell/ipc';
import { EventBus } from '../../src/main/events';
import type { Dispatcher } from '../../src/main/api/dispatch';
import type { SessionHolder } from '../../src/main/api/context';
import type { Logger } from '../../src/main/logging';
import type { UserInfo } from '../../src/shared/contract';
import { contract, operationNames } from '../../src/shared/contract';
import { IPC_PREFIX, type LabBridge } from '../../src/shared/bridge';
import { EVENT_CHANNEL, type LabEvent } from '../../src/shared/events';

vi.mock('electron', () => import('./electron-stand-in'));

const appUrl = pathToFileURL(path.resolve(__dirname, '../../src/main/renderer')).href + '/index.html#/inventory';
const ipcOps = operationNames.filter((n) => !contract[n].httpOnly);

interface Call {
  name: string;
  input: unknown;
  session: SessionHolder;
  transport: string;
}

function wire() {
  const calls: Call[] = [];
  const refused: unknown[] = [];
  const dispatcher = {
    call: (name: string, input: unknown, session: SessionHolder, transport: string) => {
      calls.push({ name, input, session, transport });
      return Promise.resolve({ ok: true, value: { echoed: name } });
    },
  } as unknown as Dispatcher;
  const log = { warn: (data: unknown) => void refused.push(data) } as unknown as Logger;
  const events = new EventBus();
  const win = new BrowserWindow({});
  const second = new BrowserWindow({});
  // Tokens as the per-window sessions hold them, and who each one is.
  const people: Record<string, UserInfo> = {
    'token-alice': { id: 2, username: 'alice', displayName: 'Alice', role: 'member', active: true },
    'token-bob': { id: 3, username: 'bob', displayName: 'Bob', role: 'member', active: true },
  };
  registerIpc(dispatcher, events, log, () => [win, second] as unknown as Electron.BrowserWindow[], async (t) => (t ? (people[t] ?? null) : null));
  return { calls, refused, events, win, second };
}

/** A person's event waits for the (asynchronous) session lookup before it is sent. */
const lookedUp = () => new Promise<void>((resolve) => setImmediate(resolve));

function senderEvent(opts: { id?: number; url?: string; subframe?: boolean; noFrame?: boolean }) {
  const mainFrame = new FakeFrame(opts.url ?? appUrl);
  const senderFrame = opts.noFrame ? null : opts.subframe ? new FakeFrame(opts.url ?? appUrl) : mainFrame;
  return { sender: { id: opts.id ?? 1, mainFrame }, senderFrame };
}

function invoke(channel: string, event: unknown, input: unknown): Promise<unknown> {
  const h = recorded.ipcHandlers.get(channel);
  if (!h) throw new Error(`no handler for ${channel}`);
  return (h as (e: unknown, i: unknown) => Promise<unknown>)(event, input);
}

beforeEach(() => resetStandIn());

describe('IPC registration', () => {
  it('registers one handler per IPC operation of the contract, nothing else', () => {
    wire();
    expect([...recorded.ipcHandlers.keys()].sort()).toEqual(ipcOps.map((n) => IPC_PREFIX + n).sort());
  });

  it('passes calls from our renderer main frame to the dispatcher as ipc', async () => {
    const { calls } = wire();
    const out = await invoke(`${IPC_PREFIX}${ipcOps[0]}`, senderEvent({}), { q: 1 });
    expect(out).toEqual({ ok: true, value: { echoed: ipcOps[0] } });
    expect(calls.map((c) => [c.name, c.input, c.transport])).toEqual([[ipcOps[0], { q: 1 }, 'ipc']]);
  });

  it.each([
    ['a subframe of our page', { subframe: true }],
    ['a main frame showing another site', { url: 'https://evil.example/' }],
    ['a main frame showing another local file', { url: 'file:///tmp/evil.html' }],
    ['a frame already gone', { noFrame: true }],
  ])('refuses a call from %s without reaching the dispatcher', async (_label, opts) => {
    const { calls, refused } = wire();
    const out = (await invoke(`${IPC_PREFIX}${ipcOps[0]}`, senderEvent(opts), {})) as { ok: boolean; error?: { code: string } };
    expect(out.ok).toBe(false);
    expect(out.error?.code).toBe('forbidden');
    expect(calls).toHaveLength(0);
    expect(refused).toEqual([{ op: ipcOps[0] }]);
  });

  it('keeps one session per window', async () => {
    const { calls } = wire();
    const op = `${IPC_PREFIX}${ipcOps[0]}`;
    await invoke(op, senderEvent({ id: 7 }), {});
    calls[0]!.session.set('token-of-window-7');
    await invoke(op, senderEvent({ id: 7 }), {});
    await invoke(op, senderEvent({ id: 8 }), {});
    expect(calls[1]!.session.token).toBe('token-of-window-7');
    expect(calls[2]!.session.token).toBeNull();
  });

  it('pushes every event to the open windows on the event channel', () => {
    const { events, win, second } = wire();
    const event: LabEvent = { type: 'records-changed', endpoint: '/inventory/', ids: [3] };
    events.emit(event);
    expect(win.webContents.sent).toEqual([{ channel: EVENT_CHANNEL, payload: event }]);
    expect(second.webContents.sent).toEqual([{ channel: EVENT_CHANNEL, payload: event }]);
  });

  it("pushes a person's notification event only to the windows signed in as that person", async () => {
    const { calls, events, win, second } = wire();
    const op = `${IPC_PREFIX}${ipcOps[0]}`;
    await invoke(op, senderEvent({ id: win.webContents.id }), {});
    await invoke(op, senderEvent({ id: second.webContents.id }), {});
    calls[0]!.session.set('token-alice');
    calls[1]!.session.set('token-bob');
    const forBob: LabEvent = { type: 'notifications-changed', userId: 3, unread: 1 };
    events.emit(forBob);
    await lookedUp();
    expect(win.webContents.sent).toEqual([]);
    expect(second.webContents.sent).toEqual([{ channel: EVENT_CHANNEL, payload: forBob }]);
    // Bob logs out in his window: nothing more of his reaches it.
    calls[1]!.session.clear();
    events.emit({ type: 'notifications-changed', userId: 3, unread: 2 });
    await lookedUp();
    expect(second.webContents.sent).toHaveLength(1);
    expect(win.webContents.sent).toEqual([]);
  });
});

describe('preload bridge', () => {
  async function loadPreload(): Promise<LabBridge> {
    vi.resetModules();
    await import('../../src/preload/index');
    expect([...recorded.exposed.keys()]).toEqual(['labApi']);
    return recorded.exposed.get('labApi') as LabBridge;
  }

  it('exposes exactly the contract operations the IPC side registers', async () => {
    wire();
    const bridge = await loadPreload();
    expect(Object.keys(bridge).sort()).toEqual(['onEvent', 'ops', 'print']);
    expect(Object.keys(bridge.ops).sort()).toEqual([...ipcOps].sort());
    expect(Object.keys(bridge.ops).map((n) => IPC_PREFIX + n).sort()).toEqual([...recorded.ipcHandlers.keys()].sort());
    for (const name of operationNames.filter((n) => contract[n].httpOnly)) expect(bridge.ops).not.toHaveProperty(name);
  });

  it('each operation invokes its own channel with the input unchanged', async () => {
    const bridge = await loadPreload();
    const name = ipcOps[0]!;
    await (bridge.ops[name] as (i: unknown) => Promise<unknown>)({ a: 1 });
    expect(recorded.rendererInvokes).toEqual([{ channel: IPC_PREFIX + name, input: { a: 1 } }]);
  });

  it('onEvent listens on the event channel and unsubscribes', async () => {
    const bridge = await loadPreload();
    const seen: LabEvent[] = [];
    const off = bridge.onEvent((e) => seen.push(e));
    const listeners = recorded.rendererListeners.get(EVENT_CHANNEL)!;
    expect(listeners.size).toBe(1);
    const event: LabEvent = { type: 'import-batch-ready', batchId: 'b1' };
    for (const l of listeners) (l as (e: unknown, ev: LabEvent) => void)({}, event);
    expect(seen).toEqual([event]);
    off();
    expect(listeners.size).toBe(0);
  });
});
