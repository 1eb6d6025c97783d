// The DOM helpers the adapters read pages with: text, titles that swallowed the page, JSON the page
// embeds in scripts, prices and quantities in Chinese shop notation, links.
import { describe, expect, it } from 'vitest';
import { embeddedJson, inputValue, jsonText, parsePrice, parseQuantity, resolveUrl, text, textAt, titleText } from '../../extension/src/adapters/dom';
import { createFixtureAdapter } from '../../extension/src/adapters/fixture';
import { buildBatch, plausible } from '../../extension/src/importer';
import { importBatchSchema } from '../../src/shared/cart-batch';
import { parseHtml } from './dom';

describe('dom helpers', () => {
  it('reads text with entities decoded and white space collapsed; comments are not text', () => {
    const doc = parseHtml('<p class="a">A&nbsp;&lt;B&gt;\n  &#x4E59;&#37255;<!-- <b>old</b> --></p>');
    expect(textAt(doc, 'p.a')).toBe('A <B> 乙醇');
    expect(text(null)).toBe('');
    expect(textAt(doc, '.missing')).toBe('');
  });

  it('takes a title only when it is a name: not when the page fell into it, not when it runs on', () => {
    const doc = parseHtml('<h1 id="ok"><span>氯化钠</span></h1><h2 id="swallowed">氯化钠<ul><li>CAS编号 7647-14-5</li></ul><table><tr><td>Sodium chloride</td></tr></table></h2><h3 id="long"></h3>');
    doc.querySelector('#long')!.textContent = '氯'.repeat(201);
    expect(titleText(doc.querySelector('#ok'))).toBe('氯化钠');
    expect(titleText(doc.querySelector('#swallowed'))).toBe('');
    expect(titleText(doc.querySelector('#long'))).toBe('');
    expect(titleText(null)).toBe('');
  });

  it('finds JSON the page embeds in scripts or returns as its body, skipping scripts that are not JSON', () => {
    const doc = parseHtml(`<script>var x = 1 < 2 && "{";</script><script>window.s={"product":{"item_cn_name":"无水\\"乙醇\\"","n":12,"z":null}};</script>`);
    const hit = embeddedJson(doc, 'item_cn_name');
    expect(jsonText(hit, 'item_cn_name')).toBe('无水"乙醇"');
    expect(jsonText(hit, 'n')).toBe('12');
    expect(jsonText(hit, 'z')).toBe('');
    expect(embeddedJson(doc, 'missing')).toBeNull();
    expect(jsonText(embeddedJson(parseHtml('{"data":{"list":[{"item_code":"A800"}]}}'), 'item_code'), 'item_code')).toBe('A800');
  });

  it('reads an input value (the live cart may have been edited)', () => {
    const input = parseHtml('<input class="q" value="3">').querySelector('input.q');
    expect(inputValue(input)).toBe('3');
    expect(inputValue(null)).toBe('');
  });

  it('parses prices and quantities as Chinese shops print them', () => {
    expect(parsePrice('￥１,２３４.５０')).toBe(1234.5);
    expect(parsePrice('价格：88元')).toBe(88);
    expect(parsePrice('询价')).toBeNull();
    expect(parseQuantity('２')).toBe(2);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('')).toBeNull();
  });

  it('resolves only http(s) links; a javascript: link leaves the row without a detail page, and the app accepts the batch', async () => {
    const base = 'https://www.macklin.cn/cart';
    expect(resolveUrl('/product/A1', base)).toBe('https://www.macklin.cn/product/A1');
    expect(resolveUrl('javascript:void(0)', base)).toBe('');
    expect(resolveUrl('data:text/html,x', base)).toBe('');
    expect(resolveUrl(null, base)).toBe('');
    const adapter = createFixtureAdapter('http://127.0.0.1:9');
    const rows = adapter.readCart(parseHtml('<table class="cart-table"><tr class="cart-row" data-sku="S1"><td class="cart-name"><a href="javascript:void(0)">乙醇</a></td><td><input class="qty-input" value="2"></td></tr></table>'), 'http://127.0.0.1:9/cart');
    expect(rows).toMatchObject([{ name: '乙醇', detail_url: '', quantity: 2 }]);
    const batch = await buildBatch(rows, adapter, 'http://127.0.0.1:9/cart', { timeoutMs: 1000, parseHtml });
    expect(batch.items[0]).toMatchObject({ detail_fetch_status: 'basic_only', detail_url: '' });
    expect(importBatchSchema.safeParse(batch).success).toBe(true);
  });
});

describe('plausible detail record', () => {
  it('needs a name and at least one product field', () => {
    expect(plausible({ name: '氯化钠', cas_raw: '7647-14-5' })).toBe(true);
    expect(plausible({ name: '移液器吸头', product_id: 'FX-20001' })).toBe(true);
    expect(plausible({ cas_raw: '7647-14-5', product_id: 'S111838' })).toBe(false);
    expect(plausible({ name: '页面维护中', brand: '阿拉丁' })).toBe(false);
    expect(plausible(null)).toBe(false);
  });
});
