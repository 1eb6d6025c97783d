// The loopback side of the cart import over real HTTP: the bridge page, the hand-off endpoint's
// guards and limits (browser and desktop mode), cart-sync matches, and one order per batch item
// through the order endpoints' import_ref.
import { describe, expect, it } from 'vitest';
import { startServices, type RunningApp } from '../../src/main/app-services';
import { BATCH_FILE } from '../../src/main/cart-import/batch-store';
import type { LabEvent } from '../../src/shared/events';
import { freePort, startTestServices, tempDir, ADMIN } from '../support/temp';
import { batch, item } from './helpers';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

class Client {
  cookie = '';
  constructor(readonly base: string) {}
  async req(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + url, {
      method,
      headers: { 'x-lab-client': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json: json as Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } }, headers: res.headers, text };
  }
}

/** fetch cannot forge the Host header; node:http can (DNS-rebinding check). */
function rawPost(port: number, url: string, body: string, headers: Record<string, string>): Promise<Awaited<ReturnType<Client['req']>>> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text), headers: new Headers(), text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const base = (s: RunningApp) => `http://127.0.0.1:${s.port}`;

async function users(s: RunningApp) {
  const admin = new Client(base(s));
  await admin.req('POST', '/api/setup', ADMIN);
  await admin.req('POST', '/api/users', { username: 'alice', password: 'alice-pass-1', displayName: 'Alice', role: 'member' });
  await admin.req('POST', '/api/users', { username: 'guest', password: 'guest-pass-1', displayName: 'Guest', role: 'public' });
  const alice = new Client(base(s));
  await alice.req('POST', '/api/session', { username: 'alice', password: 'alice-pass-1' });
  const guest = new Client(base(s));
  await guest.req('POST', '/api/session', { username: 'guest', password: 'guest-pass-1' });
  return { admin, alice, guest };
}

describe('bridge page and hand-off', () => {
  it('serves the standalone bridge page with a strict CSP and its script', async () => {
    const s = await startTestServices();
    const c = new Client(base(s));
    const page = await c.req('GET', '/cart-import?import=true&batch_id=abcdefgh');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.text).toContain('data-mode="browser"');
    const js = await c.req('GET', '/cart-import/bridge.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/text\/javascript/);
    // The bundled TypeScript entry with the shared constants (src/shared/cart-batch.ts), without zod.
    for (const s of ['cart_import_batch_latest', 'IMPORT_BATCH_READY', 'IMPORT_BATCH_UNAVAILABLE', 'lab-desktop-cart-import-extension', '/cart-import/handoff']) expect(js.text).toContain(s);
    expect(js.text).not.toMatch(/zod/i);
    expect(js.text.length).toBeLessThan(20_000);
    // No inline script: the page's only script is the served file.
    expect(page.text.match(/<script[^>]*>/g)).toEqual(['<script src="/cart-import/bridge.js">']);
  });

  it('accepts a good batch once (replay idempotent) and pushes import-batch-ready', async () => {
    const s = await startTestServices();
    const seen: LabEvent[] = [];
    s.events.subscribe((e) => seen.push(e));
    const c = new Client(base(s));
    const b = batch();
    const origin = { origin: base(s) };
    const first = await c.req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: b }, origin);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ batch_id: b.batch_id, items: 2, replay: false, mode: 'browser' });
    const again = await c.req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: b }, origin);
    expect(again.json).toMatchObject({ replay: true });
    expect(seen.filter((e) => e.type === 'import-batch-ready')).toHaveLength(2);
  });

  it('after the data directory was moved the hand-off is refused (503) and nothing lands in the old directory', async () => {
    const s = await startTestServices();
    const target = path.join(fs.mkdtempSync(path.join(path.dirname(s.dataDir), 'lab-moved-')), 'data');
    try {
      await s.backups.move(target);
      const b = batch();
      const res = await new Client(base(s)).req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: b });
      expect(res.status).toBe(503);
      expect(res.json.error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/moved to/) });
      expect(fs.existsSync(path.join(s.dataDir, BATCH_FILE))).toBe(false);
    } finally {
      fs.rmSync(path.dirname(target), { recursive: true, force: true });
    }
  });

  it('refuses foreign Origin, wrong Host, missing header, non-JSON, oversized, malformed, mismatched and expired batches — storing nothing', async () => {
    const s = await startTestServices();
    const c = new Client(base(s));
    const b = batch();
    const body = { expected_batch_id: b.batch_id, batch: b };
    const cases: Array<[string, Awaited<ReturnType<Client['req']>>, number, string]> = [
      ['foreign origin', await c.req('POST', '/cart-import/handoff', body, { origin: 'https://evil.example' }), 403, 'forbidden'],
      ['rebinding host', await rawPost(s.port, '/cart-import/handoff', JSON.stringify(body), { host: 'evil.example', 'x-lab-client': '1', 'content-type': 'application/json' }), 403, 'forbidden'],
      ['no custom header', await c.req('POST', '/cart-import/handoff', body, { 'x-lab-client': '' }), 403, 'forbidden'],
      ['text/plain', await c.req('POST', '/cart-import/handoff', JSON.stringify(body), { 'content-type': 'text/plain' }), 400, 'validation'],
      ['form', await c.req('POST', '/cart-import/handoff', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }), 400, 'validation'],
      ['broken JSON', await c.req('POST', '/cart-import/handoff', '{"batch":', {}), 400, 'validation'],
      ['too large', await c.req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: { ...b, pad: 'x'.repeat(600 * 1024) } }), 413, 'too_large'],
      ['wrong types', await c.req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: { ...b, items: [{ ...item(1), hazardous: 'yes' }] } }), 400, 'validation'],
      ['missing field', await c.req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: { batch_id: b.batch_id, items: b.items } }), 400, 'validation'],
      ['unknown top-level field', await c.req('POST', '/cart-import/handoff', { ...body, extra: true }), 400, 'validation'],
      ['mismatch', await c.req('POST', '/cart-import/handoff', { expected_batch_id: 'zzzzzzzzzz', batch: b }), 409, 'conflict'],
      ['expired', await c.req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: { ...b, created_at: new Date(Date.now() - 3 * 3600_000).toISOString() } }), 400, 'validation'],
    ];
    for (const [name, res, status, code] of cases) {
      expect({ name, status: res.status, code: res.json?.error?.code }).toEqual({ name, status, code });
    }
    expect(cases[7]![1].json.error!.fields).toEqual({ 'batch.items.0.hazardous': expect.objectContaining({ message: 'must be true or false' }) });
    expect(cases[8]![1].json.error!.fields).toEqual({ 'batch.created_at': expect.objectContaining({ message: 'must be an ISO 8601 UTC time' }) });
    expect(cases[10]![1].json.error!.message).toMatch(/batch_id mismatch/);
    expect(cases[11]![1].json.error!.message).toMatch(/expired/);
    expect(fs.existsSync(path.join(s.dataDir, BATCH_FILE))).toBe(false);
  });

  it('desktop mode exposes the bridge page and hand-off but not the API', async () => {
    const s = await startTestServices({ mode: 'desktop' });
    const c = new Client(base(s));
    expect((await c.req('GET', '/cart-import?import=true&batch_id=abcdefgh')).text).toContain('data-mode="desktop"');
    const b = batch();
    const res = await c.req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: b });
    expect(res.json).toMatchObject({ mode: 'desktop', replay: false });
    expect((await c.req('POST', '/api/cart-sync', { items: [] })).status).toBe(404);
    expect(s.cartImport.current()!.batch.batch_id).toBe(b.batch_id);
  });
});

describe('review API', () => {
  it('cart-sync finds open orders and present inventory by CAS or product number + brand, and an English name', async () => {
    const s = await startTestServices();
    const { alice, guest } = await users(s);
    const order = await alice.req('POST', '/api/reagent-orders', { name: '氯化钠', english_name: 'Sodium chloride', cas_number: '7647-14-5', quantity: 1, brand: '阿拉丁', product_number: 'FX-10003' });
    expect(order.status).toBe(200);
    const inv = await alice.req('POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 2, unit: 'L', storage_location: '易燃品柜 A-2', brand: 'Sigma', product_number: 'X1' });
    expect(inv.status).toBe(200);
    const res = await guest.req('POST', '/api/cart-sync', {
      items: [
        { item_id: 'a', cas_number: '７６４７－１４－５' },
        { item_id: 'b', product_number: 'FX-10003', brand: '阿拉丁' },
        { item_id: 'c', cas_number: '67-64-1' },
        { item_id: 'd', cas_number: '64-17-5', product_number: 'FX-10003', brand: '化试通' },
      ],
    });
    expect(res.status).toBe(200);
    const [a, b, c, d] = res.json as unknown as Array<{ item_id: string; orders: Array<Record<string, unknown>>; inventory: Array<Record<string, unknown>>; english_name: string }>;
    expect(a!.orders).toEqual([expect.objectContaining({ id: order.json.id, name: '氯化钠', status: 'pending_approval', applicant: 'Alice', matched_by: 'cas_number' })]);
    expect(a!.english_name).toBe('Sodium chloride');
    expect(b!.orders).toEqual([expect.objectContaining({ matched_by: 'product_number' })]);
    expect(c!.inventory).toEqual([expect.objectContaining({ name: '丙酮', storage_location: '易燃品柜 A-2', status: 'in_stock', matched_by: 'cas_number' })]);
    expect(d).toMatchObject({ orders: [], inventory: [], english_name: '' });
    const bad = await guest.req('POST', '/api/cart-sync', { items: [{ item_id: 'bad id!' }] });
    expect(bad.status).toBe(400);
    expect(bad.json.error!.fields).toHaveProperty(['items.0.item_id']);
    expect((await new Client(base(s)).req('POST', '/api/cart-sync', { items: [{ item_id: 'a' }] })).status).toBe(401);
  });

  it('the public account sees the batch but cannot submit; `pending` and items outside the batch are refused', async () => {
    const s = await startTestServices();
    const { alice, guest } = await users(s);
    const b = batch();
    await new Client(base(s)).req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: b });
    const view = await guest.req('GET', '/api/cart-import/batch');
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ batch: { batch_id: b.batch_id }, submitted: {} });
    const body = { name: '试剂1', cas_number: '64-17-5', quantity: 1, import_ref: { batch_id: b.batch_id, item_id: 'item-1' } };
    expect((await guest.req('POST', '/api/reagent-orders', body)).status).toBe(403);
    expect((await alice.req('POST', '/api/reagent-orders', { ...body, import_ref: { batch_id: b.batch_id, item_id: 'item-99' } })).status).toBe(404);
    expect((await alice.req('POST', '/api/reagent-orders', { ...body, import_ref: { batch_id: 'b-replaced1', item_id: 'item-1' } })).status).toBe(409);
    expect((await alice.req('POST', '/api/reagent-orders', { ...body, import_ref: { batch_id: b.batch_id } })).json.error!.fields).toHaveProperty(['import_ref.item_id']);
    // `pending` is never an order type the server accepts.
    expect((await alice.req('POST', '/api/reagent-orders', { name: 'x', quantity: 1, order_type: 'pending' })).status).toBe(400);
    // The claim and mark operations are gone: one order request per item is all there is.
    expect((await alice.req('POST', '/api/cart-import/batch/claim', { batch_id: b.batch_id, item_id: 'item-1', token: 'windowA0001' })).status).toBe(404);
    expect((await alice.req('POST', '/api/cart-import/batch/submitted', { batch_id: b.batch_id, item_id: 'item-1', order_type: 'reagent', order_id: 1 })).status).toBe(404);
    expect(s.data.dbs.lab.prepare('SELECT count(*) AS n FROM reagent_orders').get()).toEqual({ n: 0 });
  });
});

describe('one order per batch item', () => {
  it('two submissions of the same item in flight at once (two windows): one order, both answers name it, the review view shows it', async () => {
    const s = await startTestServices();
    const { alice } = await users(s);
    const second = new Client(base(s));
    await second.req('POST', '/api/session', { username: 'alice', password: 'alice-pass-1' });
    const b = batch();
    await new Client(base(s)).req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: b });
    const body = { name: '试剂1', cas_number: '64-17-5', quantity: 1, import_ref: { batch_id: b.batch_id, item_id: 'item-1' } };
    const answers = await Promise.all([alice.req('POST', '/api/reagent-orders', body), second.req('POST', '/api/reagent-orders', body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const ids = answers.map((a) => a.json.id);
    expect(ids[0]).toBe(ids[1]);
    expect(answers.map((a) => a.json.existing ?? false).sort()).toEqual([false, true]);
    expect(s.data.dbs.lab.prepare('SELECT id FROM reagent_orders').all()).toEqual([{ id: ids[0] }]);
    const view = await alice.req('GET', '/api/cart-import/batch');
    expect(view.json.submitted).toEqual({ 'item-1': { order_type: 'reagent', order_id: ids[0], at: expect.any(String), by: 'Alice' } });
    // The other item is free and becomes its own order (consumable this time).
    const c = await alice.req('POST', '/api/consumable-orders', { name: '试剂2', quantity: 1, import_ref: { batch_id: b.batch_id, item_id: 'item-2' } });
    expect(c.status).toBe(200);
    expect(((await alice.req('GET', '/api/cart-import/batch')).json.submitted as Record<string, unknown>)['item-2']).toMatchObject({ order_type: 'consumable', order_id: c.json.id });
    // Submitting item-1 as a consumable now is refused, naming the reagent order it became.
    const other = await second.req('POST', '/api/consumable-orders', { name: '试剂1', quantity: 1, import_ref: body.import_ref });
    expect(other.status).toBe(409);
    expect(other.json.error).toMatchObject({ code: 'conflict', details: { order_type: 'reagent', order_id: ids[0] } });
  });

  it('submissions survive a restart: the review view shows them and a retry returns the same order', async () => {
    const dataDir = tempDir();
    const first = await startServices({ dataDir, mode: 'browser', version: '9.9.9-test', port: await freePort() });
    const b = batch();
    let orderId: unknown;
    try {
      const { alice } = await users(first);
      await new Client(base(first)).req('POST', '/cart-import/handoff', { expected_batch_id: b.batch_id, batch: b });
      orderId = (await alice.req('POST', '/api/reagent-orders', { name: '试剂1', quantity: 1, import_ref: { batch_id: b.batch_id, item_id: 'item-1' } })).json.id;
    } finally {
      await first.close();
    }
    const s = await startTestServices({ dataDir });
    const alice = new Client(base(s));
    await alice.req('POST', '/api/session', { username: 'alice', password: 'alice-pass-1' });
    expect(((await alice.req('GET', '/api/cart-import/batch')).json.submitted as Record<string, unknown>)['item-1']).toMatchObject({ order_type: 'reagent', order_id: orderId, by: 'Alice' });
    const retry = await alice.req('POST', '/api/reagent-orders', { name: '试剂1', quantity: 1, import_ref: { batch_id: b.batch_id, item_id: 'item-1' } });
    expect(retry.json).toMatchObject({ id: orderId, existing: true });
    expect(s.data.dbs.lab.prepare('SELECT count(*) AS n FROM reagent_orders').get()).toEqual({ n: 1 });
  });
});
