// Supplier adapters against the synthetic fixture pages: cart rows, detail fields, CAS shapes,
// hazard flags, and pages that changed shape (→ null, never a throw).
import { describe, expect, it } from 'vitest';
import { parseHtml } from './dom';
import { FIXTURE_PRODUCTS } from '../../extension/fixture/catalogue';
import { aladdinCartHtml, aladdinDetailHtml, fixtureCartHtml, fixtureDetailHtml, fixtureMalformedHtml, macklinCartHtml, macklinDetailHtml } from '../../extension/fixture/pages';
import { aladdinAdapter } from '../../extension/src/adapters/aladdin';
import { createFixtureAdapter } from '../../extension/src/adapters/fixture';
import { macklinAdapter } from '../../extension/src/adapters/macklin';
import { adapterForCartUrl, buildAdapters } from '../../extension/src/adapters';
import { classify } from '../../extension/src/classify';
import { buildBatch } from '../../extension/src/importer';

const ORIGIN = 'http://127.0.0.1:47900';
const fixture = createFixtureAdapter(ORIGIN);
const byId = (id: string) => FIXTURE_PRODUCTS.find((p) => p.id === id)!;

describe('fixture supplier adapter', () => {
  it('reads every cart row with name, quantity, price (also full-width), hazard flag and detail link', () => {
    const rows = fixture.readCart(parseHtml(fixtureCartHtml(FIXTURE_PRODUCTS)), `${ORIGIN}/cart`);
    expect(rows).toHaveLength(FIXTURE_PRODUCTS.length);
    expect(rows[0]).toEqual({
      row_id: 'FX-10001-500mL',
      name: '无水乙醇',
      quantity: 2,
      unit_price: 26.5, // printed as ￥２６.５０
      hazardous: true,
      detail_url: `${ORIGIN}/product/FX-10001?pack=500mL`,
      product_id: 'FX-10001',
      specification: '500mL',
      brand: '',
    });
    const tips = rows.find((r) => r.name.startsWith('一次性移液器吸头'))!;
    expect(tips).toMatchObject({ hazardous: false, quantity: 4, unit_price: 45, specification: '1000支/盒' });
    const acid = rows.find((r) => r.name === '硫酸')!;
    expect(acid.detail_url).toBe('');
  });

  it('parses a detail page: names, product number, CAS in full-width, brand, purity, hazard', () => {
    expect(fixture.parseDetail(parseHtml(fixtureDetailHtml(byId('FX-10001'))), '')).toEqual({
      name: '无水乙醇',
      english_name: 'Ethanol absolute',
      product_id: 'FX-10001',
      cas_raw: '６４－１７－５',
      brand: '化试通',
      purity: 'AR，≥99.7%',
      hazardous: true,
    });
    expect(fixture.parseDetail(parseHtml(fixtureDetailHtml(byId('FX-10003'))), '')).toMatchObject({ cas_raw: 'CAS号：7647-14-5', brand: '阿拉丁', hazardous: false });
    expect(fixture.parseDetail(parseHtml(fixtureDetailHtml(byId('FX-20001'))), '')).toMatchObject({ cas_raw: undefined, english_name: undefined });
  });

  it('returns null for a page that lost its structure, and for garbage', () => {
    expect(fixture.parseDetail(parseHtml(fixtureMalformedHtml(byId('FX-10007'))), '')).toBeNull();
    expect(fixture.parseDetail(parseHtml('<<<not html'), '')).toBeNull();
    expect(fixture.parseDetail(parseHtml(''), '')).toBeNull();
  });

  it('recognizes only its own cart URLs', () => {
    expect(fixture.isCartUrl(new URL(`${ORIGIN}/cart`))).toBe(true);
    expect(fixture.isCartUrl(new URL(`${ORIGIN}/bulk-cart?n=3`))).toBe(true);
    expect(fixture.isCartUrl(new URL(`${ORIGIN}/product/FX-10001`))).toBe(false);
    expect(fixture.isCartUrl(new URL('http://127.0.0.1:1234/cart'))).toBe(false);
  });
});

describe('Macklin adapter', () => {
  const product = {
    item_code: 'E809056',
    chem_cas: '64-17-5',
    item_cn_name: '无水乙醇',
    item_en_name: 'Ethanol',
    item_specification: 'AR,≥99.7%',
    item_safe_level: '易制毒',
    item_weihuaxuhao: '2568',
    packs: [{ product_pack: '500', product_unit: 'ml', product_price: '35.00' }],
  };
  it('parses the embedded product JSON', () => {
    expect(macklinAdapter.parseDetail(parseHtml(macklinDetailHtml(product)), 'https://www.macklin.cn/products/E809056')).toEqual({
      name: '无水乙醇',
      english_name: 'Ethanol',
      purity: 'AR,≥99.7%',
      product_id: 'E809056',
      cas_raw: '64-17-5',
      brand: '麦克林',
      hazardous: true,
    });
  });
  it('treats a safe item outside the hazardous catalogue as not hazardous', () => {
    const d = macklinAdapter.parseDetail(parseHtml(macklinDetailHtml({ ...product, chem_cas: 'CAS：７６４７－１４－５', item_safe_level: '安全', item_weihuaxuhao: '' })), '');
    expect(d).toMatchObject({ hazardous: false, cas_raw: 'CAS：７６４７－１４－５' });
    expect(classify(d!.cas_raw)).toEqual({ suggested_order_type: 'reagent', classification_reason: 'valid_cas', cas_number: '7647-14-5' });
  });
  it('reads the JSON API answer with the same keys, and refuses pages without them', () => {
    const api = JSON.stringify({ code: 200, data: { list: [{ item_code: 'A800', chem_cas: '67-64-1', item_cn_name: '丙酮', item_en_name: 'Acetone' }] } });
    expect(macklinAdapter.parseDetail(parseHtml(api), '')).toMatchObject({ product_id: 'A800', cas_raw: '67-64-1', name: '丙酮' });
    expect(macklinAdapter.parseDetail(parseHtml('<div id="app"></div>'), '')).toBeNull();
  });
  it('reads cart rows and matches its cart URL', () => {
    const rows = macklinAdapter.readCart(parseHtml(
      macklinCartHtml([
        { item_code: 'E809056', name: '无水乙醇', pack: '500ml', price: '￥35.00', qty: 2, danger: true },
        { item_code: 'P823471', name: '离心管（1.5mL）', pack: '500个/包', price: '¥28.00', qty: 1, danger: false },
      ])),
      'https://www.macklin.cn/cart',
    );
    expect(rows).toEqual([
      { row_id: 'E809056-500ml', name: '无水乙醇', quantity: 2, unit_price: 35, hazardous: true, detail_url: 'https://www.macklin.cn/products/E809056', product_id: 'E809056', specification: '500ml', brand: '麦克林' },
      { row_id: 'P823471-500个/包', name: '离心管（1.5mL）', quantity: 1, unit_price: 28, hazardous: false, detail_url: 'https://www.macklin.cn/products/P823471', product_id: 'P823471', specification: '500个/包', brand: '麦克林' },
    ]);
    expect(macklinAdapter.isCartUrl(new URL('https://www.macklin.cn/cart'))).toBe(true);
    expect(macklinAdapter.isCartUrl(new URL('https://www.macklin.cn/products/E809056'))).toBe(false);
    expect(macklinAdapter.isCartUrl(new URL('https://macklin.cn.evil.example/cart'))).toBe(false);
  });
});

describe('Aladdin adapter', () => {
  const product = {
    sku: 'A112717',
    cn_name: '无水乙醇',
    en_name: 'Ethanol absolute',
    cas_html: '<a href="/zh_cn/catalogsearch/result/?q=64-17-5">64-17-5</a>',
    purity: 'ACS，≥99.5%',
    transport: '危险品运输（UN1170，第3类）',
    packs: [
      { sku: 'A112717-500ml', size: '500ml' },
      { sku: 'A112717-2.5L', size: '2.5L' },
    ],
  };
  it('parses the Magento product page', () => {
    expect(aladdinAdapter.parseDetail(parseHtml(aladdinDetailHtml(product)), 'https://www.aladdin-e.com/zh_cn/a112717.html')).toEqual({
      name: '无水乙醇',
      english_name: 'Ethanol absolute',
      purity: 'ACS，≥99.5%',
      product_id: 'A112717',
      cas_raw: '64-17-5',
      brand: '阿拉丁',
      hazardous: true,
    });
  });
  it('keeps a published CAS with a wrong check digit for review (pending, not reagent)', () => {
    const d = aladdinAdapter.parseDetail(parseHtml(aladdinDetailHtml({ ...product, cas_html: '<a>30525-89-5</a>', transport: '常温运输' })), '');
    expect(d).toMatchObject({ cas_raw: '30525-89-5', hazardous: false });
    expect(classify(d!.cas_raw)).toEqual({ suggested_order_type: 'pending', classification_reason: 'cas_check_digit_failed', cas_number: '30525-89-5' });
  });
  it('reads Magento cart rows', () => {
    const rows = aladdinAdapter.readCart(parseHtml(
      aladdinCartHtml([{ url: 'https://www.aladdin-e.com/zh_cn/a112717.html', name: '无水乙醇', size: '500ml', sku: 'A112717-500ml', price: '¥45.00', qty: 2, transport: '危险品运输' }])),
      'https://www.aladdin-e.com/zh_cn/checkout/cart/',
    );
    expect(rows).toEqual([{ row_id: 'A112717-500ml', name: '无水乙醇', quantity: 2, unit_price: 45, hazardous: true, detail_url: 'https://www.aladdin-e.com/zh_cn/a112717.html', product_id: 'A112717', specification: '500ml', brand: '阿拉丁' }]);
    expect(aladdinAdapter.isCartUrl(new URL('https://www.aladdin-e.com/zh_cn/checkout/cart/'))).toBe(true);
    expect(aladdinAdapter.parseDetail(parseHtml('<html><body>Access denied</body></html>'), '')).toBeNull();
  });
});

describe('pages that leave an element open (parsed as a browser does, never scanned as text)', () => {
  const salt = { sku: 'S111838', cn_name: '氯化钠', en_name: 'Sodium chloride', cas_html: '<a>7647-14-5</a>', purity: 'AR，≥99.5%', transport: '常温运输', packs: [{ sku: 'S111838-500g', size: '500g' }], price: '¥19.00' };
  const noise = /CAS编号|英文名称|规格或纯度|￥|¥/;

  it('Aladdin title <span> never closed: the heading closes it, the record is the product', () => {
    const d = aladdinAdapter.parseDetail(parseHtml(aladdinDetailHtml({ ...salt, unclosedTitle: true })), '');
    expect(d).toEqual({ name: '氯化钠', english_name: 'Sodium chloride', purity: 'AR，≥99.5%', product_id: 'S111838', cas_raw: '7647-14-5', brand: '阿拉丁', hazardous: false });
  });

  it('a title that swallowed the rest of the page is no name: parse_error, the cart row keeps its own name', async () => {
    const swallowed = aladdinDetailHtml({ ...salt, unclosedTitle: true }).replace('</h1>', '');
    expect(aladdinAdapter.parseDetail(parseHtml(swallowed), '')?.name).toBeUndefined();
    const unclosedFixture = fixtureDetailHtml(byId('FX-10003')).replace('</h1>', '');
    expect(fixture.parseDetail(parseHtml(unclosedFixture), '')?.name).toBeUndefined();

    const row = { row_id: 'S111838-500g', name: '氯化钠', quantity: 1, unit_price: 19, hazardous: false, detail_url: 'https://www.aladdin-e.com/zh_cn/s111838.html', product_id: 'S111838', specification: '500g', brand: '阿拉丁' };
    const page: typeof fetch = async () => new Response(swallowed, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const batch = await buildBatch([row], aladdinAdapter, 'https://www.aladdin-e.com/zh_cn/checkout/cart/', { timeoutMs: 1000, fetchImpl: page, parseHtml });
    expect(batch.items[0]).toMatchObject({ name: '氯化钠', detail_fetch_status: 'parse_error', suggested_order_type: 'pending', specification: '500g', quantity: 1, unit_price: 19 });
    expect(batch.items[0]!.name).not.toMatch(noise);
  });
});

describe('adapter registry', () => {
  it('builds the enabled adapters and finds the one for a cart URL', () => {
    const list = buildAdapters(['macklin', 'aladdin', 'unknown'], ORIGIN);
    expect(list.map((a) => a.id)).toEqual(['macklin', 'aladdin', 'fixture']);
    expect(adapterForCartUrl(list, `${ORIGIN}/cart`)?.id).toBe('fixture');
    expect(adapterForCartUrl(list, 'chrome://extensions')).toBeNull();
    expect(adapterForCartUrl(list, undefined)).toBeNull();
    expect(buildAdapters(['macklin'], '').map((a) => a.id)).toEqual(['macklin']);
  });
});

describe('classification', () => {
  it.each([
    ['64-17-5', 'reagent', 'valid_cas', '64-17-5'],
    ['CAS: 67-64-1', 'reagent', 'valid_cas', '67-64-1'],
    ['CAS号：7647-14-5', 'reagent', 'valid_cas', '7647-14-5'],
    ['６４－１７－５', 'reagent', 'valid_cas', '64-17-5'],
    ['64-17-5（无水）', 'reagent', 'valid_cas', '64-17-5'],
    ['30525-89-5', 'pending', 'cas_check_digit_failed', '30525-89-5'],
    ['暂无', 'pending', 'cas_unrecognized', '暂无'],
    ['', 'pending', 'no_cas', ''],
    [undefined, 'pending', 'no_cas', ''],
  ])('%s → %s (%s)', (raw, type, reason, cas) => {
    expect(classify(raw)).toEqual({ suggested_order_type: type, classification_reason: reason, cas_number: cas });
  });
  it('never suggests consumable', () => {
    for (const raw of ['', 'x', '1-1-1', '64-17-5', '50-00-1']) expect(['reagent', 'pending']).toContain(classify(raw).suggested_order_type);
  });
});
