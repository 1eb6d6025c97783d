// Messages between popup, service worker and the cart content script.
import type { CartRow } from './adapters/types';

export type WorkerRequest = { type: 'FIND_CART_TAB' };
export type FindCartTabReply = { ok: true; tabId: number; url: string; adapterId: string } | { ok: false; reason: 'no_cart_tab' };

export type ContentRequest = { type: 'CART_PING' } | { type: 'READ_CART' };
export type CartPingReply = { ok: true; adapterId: string | null };
export type ReadCartReply = { ok: true; adapterId: string; url: string; rows: CartRow[] } | { ok: false; reason: 'not_a_cart_page' | 'no_rows' };
