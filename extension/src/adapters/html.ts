// DOM-free HTML reading for supplier pages. Parsers run on fetched text in the popup (and in
// Node for the unit tests), where no live DOM of the supplier page exists; a tiny balanced-tag
// scanner is enough for "element with this attribute → its text" lookups.
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', yen: '¥', middot: '·', times: '×', le: '≤', ge: '≥', plusmn: '±', deg: '°' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Visible text of an HTML fragment: tags removed, entities decoded, white space collapsed. */
export function textOf(fragment: string): string {
  return decodeEntities(fragment.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

export type Attrs = Record<string, string>;

export function parseAttrs(s: string): Attrs {
  const out: Attrs = {};
  const re = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
  for (const m of s.matchAll(re)) out[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

export interface HtmlElement {
  tag: string;
  attrs: Attrs;
  /** Inner HTML. */
  inner: string;
  /** Offset of the element's start in the scanned text. */
  start: number;
}

/** Comments and script/style bodies blanked (same length) so `<` inside them cannot confuse the scanner. */
function blankOpaque(html: string): string {
  return html.replace(/<!--[\s\S]*?-->|(<(script|style)\b[^>]*>)([\s\S]*?)(<\/\2\s*>)/gi, (m, open?: string, _t?: string, body?: string, close?: string) =>
    open !== undefined ? open + ' '.repeat(body!.length) + close! : ' '.repeat(m.length),
  );
}

/** Every element (any depth) whose tag and attributes satisfy the predicate, in document order. */
export function findAll(html: string, match: (tag: string, attrs: Attrs) => boolean): HtmlElement[] {
  const src = blankOpaque(html);
  const out: HtmlElement[] = [];
  const tagRe = /<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  for (const m of src.matchAll(tagRe)) {
    if (m[1]) continue;
    const tag = m[2]!.toLowerCase();
    const attrs = parseAttrs(m[3] ?? '');
    if (!match(tag, attrs)) continue;
    const openEnd = m.index + m[0].length;
    if (VOID.has(tag) || m[3]?.trimEnd().endsWith('/')) {
      out.push({ tag, attrs, inner: '', start: m.index });
      continue;
    }
    // Walk forward to the matching close tag of the same name.
    const walker = new RegExp(`<(/?)${tag}\\b(?:[^>"']|"[^"]*"|'[^']*')*>`, 'gi');
    walker.lastIndex = openEnd;
    let depth = 1;
    let end = src.length;
    for (let w = walker.exec(src); w; w = walker.exec(src)) {
      depth += w[1] ? -1 : 1;
      if (depth === 0) {
        end = w.index;
        break;
      }
    }
    out.push({ tag, attrs, inner: html.slice(openEnd, end), start: m.index });
  }
  return out;
}

export function hasClass(attrs: Attrs, cls: string): boolean {
  return (attrs.class ?? '').split(/\s+/).includes(cls);
}

export const byClass = (cls: string, tag?: string) => (t: string, a: Attrs) => (!tag || t === tag) && hasClass(a, cls);
export const byAttr = (name: string, value?: string, tag?: string) => (t: string, a: Attrs) => (!tag || t === tag) && name in a && (value === undefined || a[name] === value);

export function first(html: string, match: (tag: string, attrs: Attrs) => boolean): HtmlElement | null {
  return findAll(html, match)[0] ?? null;
}

export function firstText(html: string, match: (tag: string, attrs: Attrs) => boolean): string {
  const el = first(html, match);
  return el ? textOf(el.inner) : '';
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

/** A JSON string/number field anywhere in page text (scripts embed product JSON). */
export function jsonField(text: string, key: string): string | null {
  const re = new RegExp(`["']${key}["']\\s*:\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|'((?:[^'\\\\]|\\\\.)*)'|(-?\\d+(?:\\.\\d+)?|true|false|null))`);
  const m = re.exec(text);
  if (!m) return null;
  if (m[3] !== undefined) return m[3] === 'null' ? null : m[3];
  const raw = m[1] ?? m[2] ?? '';
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** An absolute http(s) URL, or '' (shops link `javascript:void(0)`; the app refuses other schemes). */
export function resolveUrl(href: string, base: string): string {
  try {
    const u = new URL(href, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : '';
  } catch {
    return '';
  }
}
