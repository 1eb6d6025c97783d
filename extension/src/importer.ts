// Turns the selected cart rows into a batch: detail pages fetched at most 3 at a time, each with a
// time-out; a failed detail keeps the row's basic data and records why (detail_fetch_status).
import pLimit from 'p-limit';
import type { BatchItem, DetailFetchStatus, ImportBatch } from '../../src/shared/cart-batch';
import { classify } from './classify';
import type { CartRow, DetailFields, SupplierAdapter } from './adapters/types';

export type { BatchItem, DetailFetchStatus, ImportBatch };

export const MAX_PARALLEL_DETAILS = 3;

export interface DetailResult {
  status: DetailFetchStatus;
  fields: DetailFields | null;
}

export interface ImportOptions {
  timeoutMs: number;
  fetchImpl?: typeof fetch;
  onProgress?: (done: number, total: number, item: BatchItem) => void;
  now?: () => Date;
  newId?: () => string;
  /** HTML text → document; the browser's DOMParser unless given (the unit tests pass linkedom's). */
  parseHtml?: (html: string) => Document;
}

const browserParse = (html: string): Document => new DOMParser().parseFromString(html, 'text/html');

/**
 * A detail record is believed only with a product name and at least one product field; anything
 * less (no title element, a title swallowed by page structure, no fields) is `parse_error`, so page
 * noise never replaces the cart row's name.
 */
export function plausible(f: DetailFields | null): f is DetailFields {
  return Boolean(f?.name) && Boolean(f!.product_id || f!.cas_raw || f!.english_name || f!.purity);
}

/**
 * Detail pages are fetched with the user's cookies, so only on the cart page's own site (www. and
 * sub-domains alike): a link to any other host — another site, the lab app itself — is not fetched.
 */
export function sameSite(cartUrl: string, detailUrl: string): boolean {
  try {
    const a = new URL(cartUrl);
    const b = new URL(detailUrl);
    if (!/^https?:$/.test(b.protocol) || a.port !== b.port) return false;
    const ha = a.hostname.replace(/^www\./, '');
    const hb = b.hostname.replace(/^www\./, '');
    return ha === hb || hb.endsWith(`.${ha}`) || ha.endsWith(`.${hb}`);
  } catch {
    return false;
  }
}

export async function fetchDetail(row: CartRow, adapter: SupplierAdapter, timeoutMs: number, fetchImpl: typeof fetch = fetch, cartUrl?: string, parseHtml = browserParse): Promise<DetailResult> {
  if (!row.detail_url) return { status: 'basic_only', fields: null };
  if (cartUrl !== undefined && !sameSite(cartUrl, row.detail_url)) return { status: 'basic_only', fields: null };
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, timeoutMs);
  try {
    // The user's own session on the supplier site applies (logged-in prices, no anti-bot wall).
    const res = await fetchImpl(row.detail_url, { signal: ctl.signal, credentials: 'include', redirect: 'follow' });
    if (!res.ok) return { status: 'http_error', fields: null };
    const html = await res.text();
    let fields: DetailFields | null;
    try {
      fields = adapter.parseDetail(parseHtml(html), row.detail_url);
    } catch {
      fields = null; // a page that changed shape must degrade, never crash the import
    }
    return plausible(fields) ? { status: 'success', fields } : { status: 'parse_error', fields: null };
  } catch {
    return { status: timedOut ? 'timeout' : 'network_error', fields: null };
  } finally {
    clearTimeout(timer);
  }
}

export function buildItem(row: CartRow, index: number, adapter: SupplierAdapter, detail: DetailResult): BatchItem {
  const f = detail.fields ?? {};
  const c = classify(f.cas_raw);
  return {
    item_id: `item-${index + 1}`,
    supplier: adapter.id,
    name: (f.name || row.name).slice(0, 300),
    english_name: (f.english_name ?? '').slice(0, 300),
    specification: [f.purity, row.specification].filter(Boolean).join(' ').slice(0, 200),
    brand: (f.brand || row.brand).slice(0, 100),
    cas_number: c.cas_number,
    product_id: (f.product_id || row.product_id).slice(0, 100),
    detail_url: row.detail_url.slice(0, 2000),
    quantity: row.quantity,
    unit_price: row.unit_price,
    hazardous: row.hazardous || f.hazardous === true,
    suggested_order_type: c.suggested_order_type,
    order_type: c.suggested_order_type,
    classification_reason: c.classification_reason,
    detail_fetch_status: detail.status,
  };
}

export async function buildBatch(rows: CartRow[], adapter: SupplierAdapter, cartUrl: string, opts: ImportOptions): Promise<ImportBatch> {
  const limit = pLimit(MAX_PARALLEL_DETAILS);
  let done = 0;
  const items = await Promise.all(
    rows.map((row, i) =>
      limit(async () => {
        const item = buildItem(row, i, adapter, await fetchDetail(row, adapter, opts.timeoutMs, opts.fetchImpl, cartUrl, opts.parseHtml));
        opts.onProgress?.(++done, rows.length, item);
        return item;
      }),
    ),
  );
  return {
    batch_id: (opts.newId ?? (() => crypto.randomUUID()))(),
    created_at: (opts.now?.() ?? new Date()).toISOString(),
    source: { supplier: adapter.id, cart_url: cartUrl.slice(0, 2000) },
    items,
  };
}
