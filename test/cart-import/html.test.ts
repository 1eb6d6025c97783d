// The DOM-free HTML reader the adapters use: nesting, scripts and comments that contain tags,
// entities, attributes in every quoting style, prices and quantities in Chinese shop notation.
import { describe, expect, it } from 'vitest';
import { byAttr, byClass, decodeEntities, findAll, first, firstText, jsonField, parsePrice, parseQuantity, resolveUrl, textOf } from '../../extension/src/adapters/html';
import { importBatchSchema } from '../../src/shared/cart-batch';
import { buildBatch } from '../../extension/src/importer';
import { createFixtureAdapter } from '../../extension/src/adapters/fixture';

describe('html reader', () => {
  it('finds nested elements of the same tag with their whole inner HTML', () => {
    const html = '<div class="a"><div class="b">x<div>y</div></div>z</div><div class="b">w</div>';
    expect(findAll(html, byClass('b')).map((e) => textOf(e.inner))).toEqual(['x y', 'w']);
    expect(textOf(first(html, byClass('a'))!.inner)).toBe('x y z');
  });

  it('is not confused by tags inside scripts and comments', () => {
    const html = '<script>var s = "<td data-th=\\"英文名称\\">fake</td>";</script><!-- <td data-th="英文名称">old</td> --><td data-th="英文名称">Ethanol</td>';
    expect(findAll(html, byAttr('data-th', '英文名称', 'td')).map((e) => textOf(e.inner))).toEqual(['Ethanol']);
  });

  it('reads attributes in any quoting style and decodes entities', () => {
    const html = `<input class='qty  big' value=3 data-x="a&amp;b"><span title="t">A&nbsp;&lt;B&gt; &#x4E59;&#37255;</span>`;
    const input = first(html, byClass('qty', 'input'))!;
    expect(input.attrs).toMatchObject({ value: '3', 'data-x': 'a&b' });
    expect(firstText(html, (t) => t === 'span')).toBe('A <B> 乙醇');
    expect(decodeEntities('&unknown; &#0;')).toBe('&unknown; &#0;');
  });

  it('parses prices and quantities as Chinese shops print them', () => {
    expect(parsePrice('￥１,２３４.５０')).toBe(1234.5);
    expect(parsePrice('价格：88元')).toBe(88);
    expect(parsePrice('询价')).toBeNull();
    expect(parseQuantity('２')).toBe(2);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('')).toBeNull();
  });

  it('reads JSON fields embedded in scripts, including escapes', () => {
    const text = `window.x={"item_cn_name":"无水\\"乙醇\\"","n":12,"z":null,'s':'单引号'}`;
    expect(jsonField(text, 'item_cn_name')).toBe('无水"乙醇"');
    expect(jsonField(text, 'n')).toBe('12');
    expect(jsonField(text, 'z')).toBeNull();
    expect(jsonField(text, 's')).toBe('单引号');
    expect(jsonField(text, 'missing')).toBeNull();
  });

  it('survives unclosed and garbage markup', () => {
    expect(findAll('<div class="b">never closed', byClass('b')).map((e) => e.inner)).toEqual(['never closed']);
    expect(findAll('<<>><div', byClass('b'))).toEqual([]);
  });

  it('resolves only http(s) links; a javascript: link leaves the row without a detail page, and the app accepts the batch', async () => {
    const base = 'https://www.macklin.cn/cart';
    expect(resolveUrl('/product/A1', base)).toBe('https://www.macklin.cn/product/A1');
    expect(resolveUrl('javascript:void(0)', base)).toBe('');
    expect(resolveUrl('data:text/html,x', base)).toBe('');
    const adapter = createFixtureAdapter('http://127.0.0.1:9');
    const rows = adapter.readCart('<table class="cart-table"><tr class="cart-row" data-sku="S1"><td class="cart-name"><a href="javascript:void(0)">乙醇</a></td><td><input class="qty-input" value="2"></td></tr></table>', 'http://127.0.0.1:9/cart');
    expect(rows).toMatchObject([{ name: '乙醇', detail_url: '' }]);
    const batch = await buildBatch(rows, adapter, 'http://127.0.0.1:9/cart', { timeoutMs: 1000 });
    expect(batch.items[0]).toMatchObject({ detail_fetch_status: 'basic_only', detail_url: '' });
    expect(importBatchSchema.safeParse(batch).success).toBe(true);
  });
});
