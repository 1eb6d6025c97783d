// The desktop entry's start-up order and single-instance hand-over, against the recording
// stand-in. The services are a stand-in too (they are tested for real elsewhere); what is checked
// here is what the shell does with Electron around them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recorded, resetStandIn, resolveReady, emitApp } from './electron-stand-in';
import { EventBus } from '../../src/main/events';
import { LabDatabaseDamagedError } from '../../src/main/db/damage';

vi.mock('electron', () => import('./electron-stand-in'));

const started = vi.hoisted(() => ({ opts: [] as Array<Record<string, unknown>>, fail: null as Error | null, closed: 0, events: null as unknown }));

vi.mock('../../src/main/app-services', () => ({
  startServices: (opts: Record<string, unknown>) => {
    started.opts.push(opts);
    if (started.fail) return Promise.reject(started.fail);
    return Promise.resolve({
      events: started.events,
      dispatcher: { call: () => Promise.resolve({ ok: true, value: null }) },
      log: { warn: () => {}, info: () => {} },
      close: () => {
        started.closed++;
        return Promise.resolve();
      },
    });
  },
}));

let dataDir = '';
const argvBefore = process.argv;

beforeEach(() => {
  resetStandIn();
  vi.resetModules();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-shell-'));
  process.argv = [argvBefore[0]!, 'main.js', `--data-dir=${dataDir}`];
  started.opts = [];
  started.fail = null;
  started.closed = 0;
  started.events = new EventBus();
});

afterEach(() => {
  process.argv = argvBefore;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function boot(): Promise<void> {
  await import('../../src/main/shell/electron-main');
}

async function bootReady() {
  await boot();
  resolveReady();
  await vi.waitFor(() => expect(recorded.windows).toHaveLength(1));
  return recorded.windows[0]!;
}

describe('desktop start-up', () => {
  it('points Electron at the data directory before taking the single-instance lock', async () => {
    await boot();
    expect(recorded.paths.get('userData')).toBe(dataDir);
    expect(recorded.paths.get('sessionData')).toBe(path.join(dataDir, 'electron'));
    expect(recorded.paths.get('logs')).toBe(path.join(dataDir, 'logs'));
    expect(recorded.calls.slice(0, 4)).toEqual(['setPath:userData', 'setPath:sessionData', 'setAppLogsPath', 'requestSingleInstanceLock']);
    expect(recorded.lockData).toEqual({ argv: process.argv });
  });

  it('a second launch that does not get the lock quits without starting anything', async () => {
    recorded.lockGranted = false;
    await boot();
    resolveReady();
    await new Promise((r) => setTimeout(r, 20));
    expect(recorded.calls).toContain('quit');
    expect(recorded.appHandlers.has('second-instance')).toBe(false);
    expect(started.opts).toHaveLength(0);
    expect(recorded.windows).toHaveLength(0);
  });

  it('after ready: hardens the session, drops the menu, starts the services in desktop mode, opens the window', async () => {
    await boot();
    expect(started.opts).toHaveLength(0); // nothing before ready
    await bootReady();
    expect(recorded.permissionRequestHandler).not.toBeNull();
    expect(recorded.menu).toBeNull();
    expect(started.opts[0]).toMatchObject({ dataDir, mode: 'desktop' });
    expect([...recorded.ipcHandlers.keys()].length).toBeGreaterThan(0);
  });

  it('the services spawn their worker as a utility process on the data directory', async () => {
    await bootReady();
    const spawnWorker = started.opts[0]!.spawnWorker as (out: () => void) => unknown;
    spawnWorker(() => {});
    expect(recorded.forks.map((f) => f.args)).toEqual([['--data-dir', dataDir]]);
  });

  it('says why and exits when the services cannot start', async () => {
    started.fail = new Error('lab.db is locked by another process');
    await boot();
    resolveReady();
    await vi.waitFor(() => expect(recorded.calls).toContain('exit:1'));
    expect(recorded.errorBoxes).toEqual([{ title: 'Lab Desktop cannot start', content: 'Lab Desktop could not start: lab.db is locked by another process' }]);
    expect(recorded.windows).toHaveLength(0);
  });

  it('on a Chinese system the reason is said in Chinese (a damaged lab.db, with the way back)', async () => {
    recorded.languages = ['zh-CN', 'en-US'];
    started.fail = new LabDatabaseDamagedError(path.join(dataDir, 'lab.db'), 'database disk image is malformed');
    await boot();
    resolveReady();
    await vi.waitFor(() => expect(recorded.calls).toContain('exit:1'));
    const [box] = recorded.errorBoxes;
    expect(box!.title).toBe('Lab Desktop 无法启动');
    expect(box!.content).toContain(`${dataDir} 中的 lab.db 已损坏（database disk image is malformed）`);
    expect(box!.content).toContain('设置 → 数据 → 恢复');
  });
});

describe('single-instance hand-over', () => {
  it('a second launch focuses the first window and follows its app route', async () => {
    const win = await bootReady();
    win.minimized = true;
    emitApp('second-instance', {}, ['other'], '/cwd', { argv: ['lab', '--route=#/cart-import?batch_id=b7'] });
    expect(win.restored && win.visible && win.focused).toBe(true);
    expect(win.webContents.executed).toEqual(['location.hash = "#/cart-import?batch_id=b7"']);
  });

  it('uses the command line Electron passes when no extra data came along, and ignores non-app routes', async () => {
    const win = await bootReady();
    emitApp('second-instance', {}, ['lab', '--route=javascript:alert(1)'], '/cwd', undefined);
    expect(win.focused).toBe(true);
    expect(win.webContents.executed).toEqual([]);
  });

  it('a handed-over cart batch brings the review screen forward', async () => {
    const win = await bootReady();
    (started.events as EventBus).emit({ type: 'import-batch-ready', batchId: 'b 1' });
    expect(win.focused).toBe(true);
    expect(win.webContents.executed).toEqual(['location.hash = "#/cart-import?batch_id=b%201"']);
  });
});

describe('quitting', () => {
  it('closes the services before the process exits, once', async () => {
    await bootReady();
    let prevented = 0;
    const quitEvent = { preventDefault: () => prevented++ };
    emitApp('before-quit', quitEvent);
    emitApp('before-quit', quitEvent);
    await vi.waitFor(() => expect(recorded.calls).toContain('exit:0'));
    expect(prevented).toBe(1);
    expect(started.closed).toBe(1);
  });

  it('quits when the last window closes', async () => {
    await bootReady();
    emitApp('window-all-closed');
    expect(recorded.calls).toContain('quit');
  });
});
