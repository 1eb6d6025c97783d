// Aladdin (阿拉丁, aladdin-e.com, Magento 2). Detail page per suppliers.md: `"product_sku"` in the
// page's JSON (Magento's x-magento-init), title span[data-ui-id=page-title-wrapper],
// td[data-th=英文名称|规格或纯度|运输条件], CAS in the attribute list item whose <strong> says CAS编号.
// Cart: Magento's standard cart table.
import { embeddedJson, inputValue, jsonText, parsePrice, parseQuantity, resolveUrl, text, textAt, titleText } from './dom';
import type { CartRow, DetailFields, SupplierAdapter } from './types';

const HAZARD = /危险|危化|易制毒|易制爆|剧毒|dangerous|hazard|UN\s?\d{4}/i;

const tdByTh = (root: ParentNode, label: string) => textAt(root, `td[data-th="${label}"]`);

/** The cart row's option list (`dl.item-options`: 包装规格, 货号 (SKU), 运输条件). */
function options(row: Element): Map<string, string> {
  const out = new Map<string, string>();
  const dl = row.querySelector('dl.item-options');
  if (!dl) return out;
  const dds = [...dl.querySelectorAll('dd')];
  [...dl.querySelectorAll('dt')].forEach((dt, i) => out.set(text(dt), text(dds[i])));
  return out;
}

export const aladdinAdapter: SupplierAdapter = {
  id: 'aladdin',
  label: '阿拉丁 Aladdin',
  isCartUrl: (url) => /(^|\.)aladdin-e\.com$/.test(url.hostname) && /\/checkout\/cart\/?$/.test(url.pathname),
  readCart(page, pageUrl) {
    return [...page.querySelectorAll('tbody.item')].flatMap((row, i): CartRow[] => {
      const link = row.querySelector('.product-item-name a');
      const name = text(link);
      if (!link || !name) return [];
      const opts = options(row);
      const sku = opts.get('货号 (SKU)') ?? opts.get('货号') ?? '';
      return [
        {
          row_id: sku || `row-${i + 1}`,
          name,
          quantity: parseQuantity(inputValue(row.querySelector('input.qty'))) ?? 1,
          unit_price: parsePrice(textAt(row, 'span.price')),
          hazardous: HAZARD.test(opts.get('运输条件') ?? ''),
          detail_url: resolveUrl(link.getAttribute('href'), pageUrl),
          product_id: sku.replace(/-[^-]*$/, '') || sku,
          specification: opts.get('包装规格') ?? '',
          brand: '阿拉丁',
        },
      ];
    });
  },
  parseDetail(doc): DetailFields | null {
    const titleEl = doc.querySelector('[data-ui-id="page-title-wrapper"]');
    const sku = jsonText(embeddedJson(doc, 'product_sku'), 'product_sku');
    if (!titleEl && !sku) return null;
    const casItem = [...doc.querySelectorAll('li')].find((li) => /CAS/i.test(textAt(li, 'strong')));
    const transport = tdByTh(doc, '运输条件');
    return {
      name: titleText(titleEl) || undefined,
      english_name: tdByTh(doc, '英文名称') || undefined,
      purity: tdByTh(doc, '规格或纯度') || undefined,
      product_id: sku || undefined,
      cas_raw: (casItem && textAt(casItem, 'span')) || undefined,
      brand: '阿拉丁',
      hazardous: transport ? HAZARD.test(transport) : undefined,
    };
  },
};
