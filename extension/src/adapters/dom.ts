// Reading supplier pages through the DOM: the live document in the cart content script, a
// DOMParser document for fetched detail pages (in the popup). The browser's HTML parser closes
// what a page leaves open, so no markup is ever scanned with regular expressions here.

/** Visible text of a node, white space collapsed; '' for none. */
export function text(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export const textAt = (root: ParentNode, selector: string): string => text(root.querySelector(selector));

/** The current value of an input (the live cart may have been edited), else its attribute. */
export function inputValue(el: Element | null): string {
  if (!el) return '';
  const v = (el as Partial<HTMLInputElement>).value;
  return typeof v === 'string' ? v : (el.getAttribute('value') ?? '');
}

// Structure a product name never contains: when the parser finds it inside the title element, the
// page left the title open and the rest of the page fell into it.
const BLOCK = 'address,article,aside,div,dl,dt,dd,fieldset,footer,form,h1,h2,h3,h4,h5,h6,header,li,main,nav,ol,p,section,table,tbody,td,th,tr,ul';
const MAX_TITLE_CHARS = 200;

/** A title element's text, or '' when it cannot be a product name (it holds page structure or runs too long). */
export function titleText(el: Element | null): string {
  if (!el || el.querySelector(BLOCK)) return '';
  const t = text(el);
  return t.length <= MAX_TITLE_CHARS ? t : '';
}

function findKey(value: unknown, key: string, depth = 0): Record<string, unknown> | null {
  if (!value || typeof value !== 'object' || depth > 12) return null;
  if (!Array.isArray(value) && Object.hasOwn(value, key)) return value as Record<string, unknown>;
  for (const v of Object.values(value)) {
    const hit = findKey(v, key, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * The first JSON object holding `key` that the page embeds in a script (`window.x = {…};`,
 * Magento's `text/x-magento-init`), or that is the whole body (a JSON API answer).
 */
export function embeddedJson(doc: Document, key: string): Record<string, unknown> | null {
  const texts = [...doc.querySelectorAll('script')].map((s) => s.textContent ?? '');
  texts.push(doc.body?.textContent ?? '');
  for (const t of texts) {
    const start = t.indexOf('{');
    const end = t.lastIndexOf('}');
    if (start < 0 || end <= start) continue;
    try {
      const hit = findKey(JSON.parse(t.slice(start, end + 1)), key);
      if (hit) return hit;
    } catch {
      // not JSON (ordinary page script): look further
    }
  }
  return null;
}

/** A JSON value as text ('' for null, objects and absent keys). */
export function jsonText(obj: Record<string, unknown> | null, key: string): string {
  const v = obj?.[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/** A price as shown on Chinese shops: `￥１２３.５０`, `¥ 1,234.00`, `价格：88元`. */
export function parsePrice(s: string): number | null {
  const t = s.normalize('NFKC').replace(/[,，\s]/g, '');
  const m = /(\d+(?:\.\d+)?)/.exec(t);
  return m ? Number(m[1]) : null;
}

export function parseQuantity(s: string): number | null {
  const m = /(\d+(?:\.\d+)?)/.exec(s.normalize('NFKC'));
  const n = m ? Number(m[1]) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** An absolute http(s) URL, or '' (shops link `javascript:void(0)`; the app refuses other schemes). */
export function resolveUrl(href: string | null, base: string): string {
  try {
    const u = new URL(href ?? '', base);
    return (u.protocol === 'http:' || u.protocol === 'https:') && href ? u.href : '';
  } catch {
    return '';
  }
}
