// Macklin (麦克林, www.macklin.cn). The product page is a script-rendered app that embeds the product
// JSON (`item_code`, `chem_cas`, `item_cn_name`, `item_en_name`, `item_specification`,
// `item_safe_level`, `item_weihuaxuhao`, pack `products[]`); the same keys come back from its JSON
// API, so one parser reads either. The cart markup (`.cart-item` with data attributes) is our
// assumption of its structure: suppliers.md documents the product data, not the cart.
import { byClass, findAll, first, firstText, jsonField, parsePrice, parseQuantity, resolveUrl } from './html';
import type { CartRow, DetailFields, SupplierAdapter } from './types';

const SAFE_LEVELS = new Set(['', '安全', 'safe', '普通', '无', '0']);

export const macklinAdapter: SupplierAdapter = {
  id: 'macklin',
  label: '麦克林 Macklin',
  isCartUrl: (url) => /(^|\.)macklin\.cn$/.test(url.hostname) && /^\/(cart|shoppingcart|shopping-cart)\/?$/i.test(url.pathname),
  readCart(html, pageUrl) {
    return findAll(html, byClass('cart-item')).flatMap((row, i): CartRow[] => {
      const link = first(row.inner, byClass('item-name', 'a'));
      const name = firstText(row.inner, byClass('item-name'));
      if (!name) return [];
      const code = row.attrs['data-item-code'] ?? '';
      return [
        {
          row_id: row.attrs['data-product-code'] || `row-${i + 1}`,
          name,
          quantity: parseQuantity(first(row.inner, byClass('item-num', 'input'))?.attrs.value ?? '') ?? 1,
          unit_price: parsePrice(firstText(row.inner, byClass('item-price'))),
          hazardous: first(row.inner, byClass('icon-danger')) !== null,
          detail_url: link?.attrs.href ? resolveUrl(link.attrs.href, pageUrl) : '',
          product_id: code,
          specification: firstText(row.inner, byClass('item-spec')),
          brand: '麦克林',
        },
      ];
    });
  },
  parseDetail(html): DetailFields | null {
    const code = jsonField(html, 'item_code');
    if (!code) return null;
    const safe = (jsonField(html, 'item_safe_level') ?? '').trim();
    const serial = (jsonField(html, 'item_weihuaxuhao') ?? '').trim();
    return {
      name: jsonField(html, 'item_cn_name') || undefined,
      english_name: jsonField(html, 'item_en_name') || undefined,
      purity: jsonField(html, 'item_specification') || undefined,
      product_id: code,
      cas_raw: jsonField(html, 'chem_cas') || undefined,
      brand: '麦克林',
      // Anything but "safe", or a serial number in the hazardous-chemicals catalogue, is hazardous.
      hazardous: !SAFE_LEVELS.has(safe.toLowerCase()) || (serial !== '' && serial !== '0'),
    };
  },
};

export { firstText as _firstText };
