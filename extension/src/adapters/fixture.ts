// The fixture supplier (化试通), served on loopback by extension/fixture/server.ts for the tests.
// Cart: `tr.cart-row` in `table.cart-table`; detail: `ul.goods-attrs` label/value pairs.
import { byClass, findAll, firstText, parsePrice, parseQuantity, resolveUrl, textOf, first } from './html';
import type { CartRow, DetailFields, SupplierAdapter } from './types';

const CART_PATHS = ['/cart', '/bulk-cart'];

export function createFixtureAdapter(origin: string): SupplierAdapter {
  const own = new URL(origin).origin;
  return {
    id: 'fixture',
    label: '化试通（测试供应商）',
    isCartUrl: (url) => url.origin === own && CART_PATHS.includes(url.pathname),
    readCart(html, pageUrl) {
      return findAll(html, byClass('cart-row', 'tr')).flatMap((row, i): CartRow[] => {
        const link = first(row.inner, (t) => t === 'a');
        const name = textOf(first(row.inner, byClass('cart-name', 'td'))?.inner.replace(/<span class="tag-danger"[\s\S]*?<\/span>/g, '') ?? '');
        const qtyInput = first(row.inner, byClass('qty-input', 'input'));
        const quantity = parseQuantity(qtyInput?.attrs.value ?? '') ?? 1;
        if (!name) return [];
        const detail = link ? resolveUrl(link.attrs.href ?? '', pageUrl) : '';
        return [
          {
            row_id: row.attrs['data-sku'] || `row-${i + 1}`,
            name,
            quantity,
            unit_price: parsePrice(firstText(row.inner, byClass('cart-price', 'td'))),
            hazardous: first(row.inner, byClass('tag-danger')) !== null,
            detail_url: detail,
            product_id: detail ? new URL(detail).pathname.split('/').pop() ?? '' : '',
            specification: firstText(row.inner, byClass('cart-pack', 'td')),
            brand: '',
          },
        ];
      });
    },
    parseDetail(html): DetailFields | null {
      const box = first(html, byClass('goods-detail', 'div'));
      const attrsList = box && first(box.inner, byClass('goods-attrs', 'ul'));
      if (!box || !attrsList) return null;
      const attrs = new Map<string, string>();
      for (const li of findAll(attrsList.inner, (t) => t === 'li')) {
        const label = firstText(li.inner, (t) => t === 'label').replace(/[:：\s]+$/u, '');
        const value = firstText(li.inner, (t) => t === 'span');
        if (label) attrs.set(label, value);
      }
      const hazard = attrs.get('危险品');
      return {
        name: firstText(box.inner, byClass('goods-title', 'h1')) || undefined,
        english_name: firstText(box.inner, byClass('goods-en', 'p')) || undefined,
        product_id: attrs.get('货号') || undefined,
        cas_raw: attrs.get('CAS号') || undefined,
        brand: attrs.get('品牌') || undefined,
        purity: attrs.get('规格/纯度') || undefined,
        hazardous: hazard === undefined ? undefined : hazard.startsWith('是'),
      };
    },
  };
}
