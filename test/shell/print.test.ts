// The desktop print path against the recording stand-in: the label print page's request reaches
// the sender's webContents.print with the label's page size and no margins; a request from a
// foreign frame or with a bad size prints nothing; the preload's `print` uses the print channel.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recorded, resetStandIn, FakeFrame, FakeWebContents } from './electron-stand-in';
import { registerPrint } from '../../src/main/shell/print';
import type { Logger } from '../../src/main/logging';
import { PRINT_CHANNEL, type LabBridge } from '../../src/shared/bridge';

vi.mock('electron', () => import('./electron-stand-in'));

const appUrl = pathToFileURL(path.resolve(__dirname, '../../src/main/renderer')).href + '/index.html#/labels?ids=3&size=50x30';

function setup() {
  const refused: unknown[] = [];
  registerPrint({ warn: (d: unknown) => void refused.push(d) } as unknown as Logger);
  const sender = new FakeWebContents();
  sender.mainFrame = new FakeFrame(appUrl);
  const print = (input: unknown, frame: FakeFrame | null = sender.mainFrame) =>
    (recorded.ipcHandlers.get(PRINT_CHANNEL) as (e: unknown, i: unknown) => Promise<unknown>)({ sender, senderFrame: frame }, input);
  return { sender, print, refused };
}

beforeEach(() => resetStandIn());

describe('desktop label printing', () => {
  it('prints the sender page with the label size in microns and no margins', async () => {
    const { sender, print } = setup();
    expect(await print({ size: '50x30' })).toEqual({ ok: true });
    expect(await print({ size: 'a4' })).toEqual({ ok: true });
    expect(sender.printed).toEqual([
      { silent: false, printBackground: true, margins: { marginType: 'none' }, pageSize: { width: 50_000, height: 30_000 } },
      { silent: false, printBackground: true, margins: { marginType: 'none' }, pageSize: { width: 210_000, height: 297_000 } },
    ]);
  });

  it('answers a cancelled or failed print with its reason', async () => {
    const { sender, print } = setup();
    sender.printAnswer = [false, 'cancelled'];
    expect(await print({ size: '70x40' })).toEqual({ ok: false, reason: 'cancelled' });
  });

  it.each([
    ['a subframe', { frame: new FakeFrame(appUrl) }],
    ['another site', { frame: new FakeFrame('https://evil.example/') }],
    ['a frame already gone', { frame: null }],
  ])('refuses %s and prints nothing', async (_l, { frame }) => {
    const { sender, print, refused } = setup();
    if (frame?.url === 'https://evil.example/') sender.mainFrame = frame;
    expect(await print({ size: '70x40' }, frame)).toEqual({ ok: false, reason: 'forbidden' });
    expect(sender.printed).toEqual([]);
    expect(refused).toHaveLength(1);
  });

  it('refuses a request that is not a known label size', async () => {
    const { sender, print } = setup();
    for (const bad of [{ size: '10x10' }, {}, { size: 'a4', silent: true }, 'a4']) expect(await print(bad)).toEqual({ ok: false, reason: 'invalid request' });
    expect(sender.printed).toEqual([]);
  });

  it('the preload bridge asks on the print channel', async () => {
    vi.resetModules();
    await import('../../src/preload/index');
    const bridge = recorded.exposed.get('labApi') as LabBridge;
    await bridge.print({ size: 'a4' });
    expect(recorded.rendererInvokes).toEqual([{ channel: PRINT_CHANNEL, input: { size: 'a4' } }]);
  });
});
