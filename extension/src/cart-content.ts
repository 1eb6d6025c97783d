/// <reference types="chrome" />
// Cart content script, injected by the popup into the supplier's cart tab when not present yet.
// Reads the basic rows from the cart page's live DOM through the matching adapter; sends nothing
// anywhere else.
import { adapterForCartUrl, buildAdapters } from './adapters';
import { CONFIG } from './config';
import type { CartPingReply, ContentRequest, ReadCartReply } from './messages';

declare global {
  interface Window {
    __labCartContentLoaded?: boolean;
  }
}

if (!window.__labCartContentLoaded) {
  window.__labCartContentLoaded = true;
  const adapters = buildAdapters(CONFIG.suppliers, CONFIG.fixtureSupplierUrl);
  chrome.runtime.onMessage.addListener((msg: ContentRequest, _sender, sendResponse) => {
    const adapter = adapterForCartUrl(adapters, location.href);
    if (msg?.type === 'CART_PING') {
      sendResponse({ ok: true, adapterId: adapter?.id ?? null } satisfies CartPingReply);
    } else if (msg?.type === 'READ_CART') {
      if (!adapter) return sendResponse({ ok: false, reason: 'not_a_cart_page' } satisfies ReadCartReply);
      let rows: ReturnType<typeof adapter.readCart>;
      try {
        rows = adapter.readCart(document, location.href);
      } catch {
        rows = [];
      }
      sendResponse((rows.length ? { ok: true, adapterId: adapter.id, url: location.href, rows } : { ok: false, reason: 'no_rows' }) satisfies ReadCartReply);
    }
    return false;
  });
}
