// Macklin (麦克林, www.macklin.cn). The product page is a script-rendered app that embeds the product
// JSON (`item_code`, `chem_cas`, `item_cn_name`, `item_en_name`, `item_specification`,
// `item_safe_level`, `item_weihuaxuhao`, pack `products[]`); the same keys come back from its JSON
// API, so one parser reads either. The cart markup (`.cart-item` with data attributes) is our
// assumption of its structure: suppliers.md documents the product data, not the cart.
import { embeddedJson, inputValue, jsonText, parsePrice, parseQuantity, resolveUrl, textAt } from './dom';
import type { CartRow, DetailFields, SupplierAdapter } from './types';

const SAFE_LEVELS = new Set(['', '安全', 'safe', '普通', '无', '0']);

export const macklinAdapter: SupplierAdapter = {
  id: 'macklin',
  label: '麦克林 Macklin',
  isCartUrl: (url) => /(^|\.)macklin\.cn$/.test(url.hostname) && /^\/(cart|shoppingcart|shopping-cart)\/?$/i.test(url.pathname),
  readCart(page, pageUrl) {
    return [...page.querySelectorAll('.cart-item')].flatMap((row, i): CartRow[] => {
      const name = textAt(row, '.item-name');
      if (!name) return [];
      const href = row.querySelector('a.item-name')?.getAttribute('href') ?? null;
      return [
        {
          row_id: row.getAttribute('data-product-code') || `row-${i + 1}`,
          name,
          quantity: parseQuantity(inputValue(row.querySelector('input.item-num'))) ?? 1,
          unit_price: parsePrice(textAt(row, '.item-price')),
          hazardous: row.querySelector('.icon-danger') !== null,
          detail_url: href ? resolveUrl(href, pageUrl) : '',
          product_id: row.getAttribute('data-item-code') ?? '',
          specification: textAt(row, '.item-spec'),
          brand: '麦克林',
        },
      ];
    });
  },
  parseDetail(doc): DetailFields | null {
    const product = embeddedJson(doc, 'item_code');
    const code = jsonText(product, 'item_code');
    if (!code) return null;
    const safe = jsonText(product, 'item_safe_level');
    const serial = jsonText(product, 'item_weihuaxuhao');
    return {
      name: jsonText(product, 'item_cn_name') || undefined,
      english_name: jsonText(product, 'item_en_name') || undefined,
      purity: jsonText(product, 'item_specification') || undefined,
      product_id: code,
      cas_raw: jsonText(product, 'chem_cas') || undefined,
      brand: '麦克林',
      // Anything but "safe", or a serial number in the hazardous-chemicals catalogue, is hazardous.
      hazardous: !SAFE_LEVELS.has(safe.toLowerCase()) || (serial !== '' && serial !== '0'),
    };
  },
};
