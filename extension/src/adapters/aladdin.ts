// Aladdin (阿拉丁, aladdin-e.com, Magento 2). Detail page per suppliers.md: `"product_sku"` in page
// JS, title span[data-ui-id=page-title-wrapper], td[data-th=英文名称|规格或纯度|运输条件], CAS in the
// attribute list item whose <strong> says CAS编号. Cart: Magento's standard cart table.
import { byAttr, byClass, findAll, first, firstText, jsonField, parsePrice, parseQuantity, resolveUrl, textOf } from './html';
import type { CartRow, DetailFields, SupplierAdapter } from './types';

const HAZARD = /危险|危化|易制毒|易制爆|剧毒|dangerous|hazard|UN\s?\d{4}/i;

function tdByTh(html: string, label: string): string {
  return firstText(html, byAttr('data-th', label, 'td'));
}

function dlPairs(html: string): Map<string, string> {
  const out = new Map<string, string>();
  const dl = first(html, byClass('item-options', 'dl'));
  if (!dl) return out;
  const dts = findAll(dl.inner, (t) => t === 'dt').map((e) => textOf(e.inner));
  const dds = findAll(dl.inner, (t) => t === 'dd').map((e) => textOf(e.inner));
  dts.forEach((k, i) => out.set(k, dds[i] ?? ''));
  return out;
}

export const aladdinAdapter: SupplierAdapter = {
  id: 'aladdin',
  label: '阿拉丁 Aladdin',
  isCartUrl: (url) => /(^|\.)aladdin-e\.com$/.test(url.hostname) && /\/checkout\/cart\/?$/.test(url.pathname),
  readCart(html, pageUrl) {
    return findAll(html, (t, a) => t === 'tbody' && (a.class ?? '').split(/\s+/).includes('item')).flatMap((row, i): CartRow[] => {
      const link = first(first(row.inner, byClass('product-item-name'))?.inner ?? '', (t) => t === 'a');
      const name = link ? textOf(link.inner) : '';
      if (!name) return [];
      const opts = dlPairs(row.inner);
      const sku = opts.get('货号 (SKU)') ?? opts.get('货号') ?? '';
      return [
        {
          row_id: sku || `row-${i + 1}`,
          name,
          quantity: parseQuantity(first(row.inner, byClass('qty', 'input'))?.attrs.value ?? '') ?? 1,
          unit_price: parsePrice(firstText(row.inner, byClass('price', 'span'))),
          hazardous: HAZARD.test(opts.get('运输条件') ?? ''),
          detail_url: resolveUrl(link!.attrs.href ?? '', pageUrl),
          product_id: sku.replace(/-[^-]*$/, '') || sku,
          specification: opts.get('包装规格') ?? '',
          brand: '阿拉丁',
        },
      ];
    });
  },
  parseDetail(html): DetailFields | null {
    const sku = jsonField(html, 'product_sku');
    const title = firstText(html, byAttr('data-ui-id', 'page-title-wrapper'));
    if (!sku && !title) return null;
    const casItem = findAll(html, (t) => t === 'li').find((li) => /CAS/i.test(firstText(li.inner, (t) => t === 'strong')));
    const transport = tdByTh(html, '运输条件');
    return {
      name: title || undefined,
      english_name: tdByTh(html, '英文名称') || undefined,
      purity: tdByTh(html, '规格或纯度') || undefined,
      product_id: sku || undefined,
      cas_raw: casItem ? firstText(casItem.inner, (t) => t === 'span') || undefined : undefined,
      brand: '阿拉丁',
      hazardous: transport ? HAZARD.test(transport) : undefined,
    };
  },
};
