// The fixture supplier (化试通), served on loopback by extension/fixture/server.ts for the tests.
// Cart: `tr.cart-row` in `table.cart-table`; detail: `ul.goods-attrs` label/value pairs.
import { inputValue, parsePrice, parseQuantity, resolveUrl, text, textAt, titleText } from './dom';
import type { CartRow, DetailFields, SupplierAdapter } from './types';

const CART_PATHS = ['/cart', '/bulk-cart'];

/** The name cell's text without its hazard badge. */
function rowName(cell: Element | null): string {
  if (!cell) return '';
  const copy = cell.cloneNode(true) as Element;
  for (const badge of copy.querySelectorAll('.tag-danger')) badge.remove();
  return text(copy);
}

export function createFixtureAdapter(origin: string): SupplierAdapter {
  const own = new URL(origin).origin;
  return {
    id: 'fixture',
    label: '化试通（测试供应商）',
    isCartUrl: (url) => url.origin === own && CART_PATHS.includes(url.pathname),
    readCart(page, pageUrl) {
      return [...page.querySelectorAll('tr.cart-row')].flatMap((row, i): CartRow[] => {
        const name = rowName(row.querySelector('td.cart-name'));
        if (!name) return [];
        const link = row.querySelector('a');
        const detail = link ? resolveUrl(link.getAttribute('href'), pageUrl) : '';
        return [
          {
            row_id: row.getAttribute('data-sku') || `row-${i + 1}`,
            name,
            quantity: parseQuantity(inputValue(row.querySelector('input.qty-input'))) ?? 1,
            unit_price: parsePrice(textAt(row, 'td.cart-price')),
            hazardous: row.querySelector('.tag-danger') !== null,
            detail_url: detail,
            product_id: detail ? (new URL(detail).pathname.split('/').pop() ?? '') : '',
            specification: textAt(row, 'td.cart-pack'),
            brand: '',
          },
        ];
      });
    },
    parseDetail(doc): DetailFields | null {
      const box = doc.querySelector('div.goods-detail');
      const list = box?.querySelector('ul.goods-attrs');
      if (!box || !list) return null;
      const attrs = new Map<string, string>();
      for (const li of list.querySelectorAll('li')) {
        const label = textAt(li, 'label').replace(/[:：\s]+$/u, '');
        if (label) attrs.set(label, textAt(li, 'span'));
      }
      const hazard = attrs.get('危险品');
      return {
        name: titleText(box.querySelector('h1.goods-title')) || undefined,
        english_name: textAt(box, 'p.goods-en') || undefined,
        product_id: attrs.get('货号') || undefined,
        cas_raw: attrs.get('CAS号') || undefined,
        brand: attrs.get('品牌') || undefined,
        purity: attrs.get('规格/纯度') || undefined,
        hazardous: hazard === undefined ? undefined : hazard.startsWith('是'),
      };
    },
  };
}
