// The popup's import step against the real fixture supplier over loopback HTTP: at most 3 detail
// requests in flight (counted by the server), per-item time-outs, failures keep the basic data,
// and the batch it produces is accepted by the app's schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHtml } from './dom';
import { FIXTURE_PRODUCTS, bulkProducts } from '../../extension/fixture/catalogue';
import { fixtureCartHtml } from '../../extension/fixture/pages';
import { ALADDIN_CART_PATH, startFixtureSupplier, type FixtureSupplier } from '../../extension/fixture/server';
import { aladdinAdapter } from '../../extension/src/adapters/aladdin';
import { createFixtureAdapter } from '../../extension/src/adapters/fixture';
import { buildBatch } from '../../extension/src/importer';
import { BATCH_TTL_MS, importBatchSchema } from '../../src/shared/cart-batch';

let site: FixtureSupplier;
beforeAll(async () => {
  site = await startFixtureSupplier({ slowMs: 300, hangMs: 5000 });
});
afterAll(() => site.close());

describe('buildBatch', () => {
  it('classifies every fixture item and records each detail outcome', async () => {
    const adapter = createFixtureAdapter(site.url);
    const rows = adapter.readCart(parseHtml(fixtureCartHtml(FIXTURE_PRODUCTS)), `${site.url}/cart`);
    site.resetStats();
    const progress: number[] = [];
    const batch = await buildBatch(rows, adapter, `${site.url}/cart`, { parseHtml, timeoutMs: 800, onProgress: (d) => progress.push(d) });
    expect(importBatchSchema.safeParse(batch).success).toBe(true);
    expect(progress).toEqual(rows.map((_, i) => i + 1));
    const by = Object.fromEntries(batch.items.map((i) => [i.product_id || i.name, i]));
    expect(by['FX-10001']).toMatchObject({ name: '无水乙醇', english_name: 'Ethanol absolute', cas_number: '64-17-5', specification: 'AR，≥99.7% 500mL', brand: '化试通', suggested_order_type: 'reagent', order_type: 'reagent', classification_reason: 'valid_cas', detail_fetch_status: 'success', hazardous: true, quantity: 2, unit_price: 26.5 });
    expect(by['FX-10003']).toMatchObject({ cas_number: '7647-14-5', brand: '阿拉丁', suggested_order_type: 'reagent' });
    expect(by['FX-10004']).toMatchObject({ cas_number: '30525-89-5', suggested_order_type: 'pending', classification_reason: 'cas_check_digit_failed' });
    expect(by['FX-20001']).toMatchObject({ suggested_order_type: 'pending', classification_reason: 'no_cas', detail_fetch_status: 'success' });
    expect(by['FX-20002']).toMatchObject({ name: '丁腈手套（M号，无粉）', quantity: 5, unit_price: 39.9, detail_fetch_status: 'http_error', suggested_order_type: 'pending' });
    expect(by['FX-10005']).toMatchObject({ detail_fetch_status: 'success', suggested_order_type: 'reagent' }); // slow but within time
    expect(by['FX-10006']).toMatchObject({ name: '甲醇', detail_fetch_status: 'timeout', suggested_order_type: 'pending', quantity: 2 });
    expect(by['FX-10007']).toMatchObject({ name: '二甲基亚砜', detail_fetch_status: 'parse_error', suggested_order_type: 'pending' });
    expect(by['硫酸']).toMatchObject({ detail_fetch_status: 'basic_only', hazardous: true, suggested_order_type: 'pending' });
    // Never more than 3 detail pages in flight, measured at the supplier.
    expect(site.stats.maxInFlight).toBeLessThanOrEqual(3);
    expect(site.stats.details).toHaveLength(rows.length - 1); // the unlinked row fetches nothing
    expect(Date.now() - Date.parse(batch.created_at)).toBeLessThan(BATCH_TTL_MS);
  });

  // Three at a time, never more: 30 pages of 300 ms take at least ⌈30/3⌉ × 0.3 s. How much longer
  // is the machine's business (a loaded CI machine), so no upper bound here.
  it('fetches 30 items with 300 ms detail pages three at a time, never more', async () => {
    const adapter = createFixtureAdapter(site.url);
    const rows = adapter.readCart(parseHtml(fixtureCartHtml(bulkProducts(30))), `${site.url}/bulk-cart`);
    site.setDetailDelay(300);
    await site.idle();
    site.resetStats();
    const t0 = performance.now();
    const batch = await buildBatch(rows, adapter, `${site.url}/bulk-cart`, { parseHtml, timeoutMs: 5000 });
    const ms = performance.now() - t0;
    site.setDetailDelay(0);
    expect(batch.items.every((i) => i.detail_fetch_status === 'success')).toBe(true);
    expect(site.stats.maxInFlight).toBe(3);
    expect(site.stats.details).toHaveLength(30);
    expect(ms).toBeGreaterThanOrEqual(2900);
  });
});

describe('detail pages off the supplier site', () => {
  it('are not fetched (the user cookies would go with them): such items keep their cart data as basic_only', async () => {
    const adapter = createFixtureAdapter(site.url);
    const rows = adapter.readCart(parseHtml(fixtureCartHtml(FIXTURE_PRODUCTS)), `${site.url}/cart`).filter((r) => r.detail_url).slice(0, 2);
    const foreign = { ...rows[1]!, detail_url: 'http://127.0.0.1:1/app-owned-page' };
    const fetched: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      fetched.push(String(input));
      return fetch(input, init);
    };
    const batch = await buildBatch([rows[0]!, foreign], adapter, `${site.url}/cart`, { parseHtml, timeoutMs: 2000, fetchImpl: recordingFetch });
    expect(fetched).toEqual([rows[0]!.detail_url]);
    expect(batch.items[1]).toMatchObject({ detail_fetch_status: 'basic_only', name: foreign.name });
    expect(batch.items[0]!.detail_fetch_status).not.toBe('basic_only');
  });

  it('same site means the same host (www. and sub-domains alike), scheme http(s) and port', async () => {
    const { sameSite } = await import('../../extension/src/importer');
    expect(sameSite('https://www.macklin.cn/cart', 'https://www.macklin.cn/products/A1')).toBe(true);
    expect(sameSite('https://www.macklin.cn/cart', 'https://macklin.cn/products/A1')).toBe(true);
    expect(sameSite('https://www.macklin.cn/cart', 'https://shop.macklin.cn/p/1')).toBe(true);
    expect(sameSite('https://www.macklin.cn/cart', 'https://evil.example/p/1')).toBe(false);
    expect(sameSite('https://www.macklin.cn/cart', 'https://macklin.cn.evil.example/p/1')).toBe(false);
    expect(sameSite('http://127.0.0.1:8080/cart', 'http://127.0.0.1:47821/cart-import')).toBe(false);
    expect(sameSite('https://www.macklin.cn/cart', 'javascript:alert(1)')).toBe(false);
  });
});

describe('an Aladdin-shaped detail page whose title <span> is never closed', () => {
  it('gives the product its own name (or parse_error with the cart name), never the rest of the page as the name', async () => {
    const cartUrl = `${site.url}${ALADDIN_CART_PATH}`;
    const rows = aladdinAdapter.readCart(parseHtml(await (await fetch(cartUrl)).text()), cartUrl);
    const salt = rows.find((r) => r.name === '氯化钠')!;
    expect(salt.detail_url).toBe(`${site.url}/zh_cn/s111838.html`);
    const batch = await buildBatch([salt], aladdinAdapter, cartUrl, { parseHtml, timeoutMs: 2000 });
    const item = batch.items[0]!;
    expect(item.name).toBe('氯化钠');
    if (item.detail_fetch_status === 'success') {
      expect(item).toMatchObject({ english_name: 'Sodium chloride', cas_number: '7647-14-5', product_id: 'S111838', suggested_order_type: 'reagent' });
    } else {
      expect(item).toMatchObject({ detail_fetch_status: 'parse_error', suggested_order_type: 'pending', quantity: 1, unit_price: 19 });
    }
  });
});
