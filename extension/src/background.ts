/// <reference types="chrome" />
// Background service worker: knows which tab is the most suitable supplier cart page (the active
// tab when it is one, else the last cart page the user had active, else the most recently used
// cart tab) and answers the popup. It performs no import.
import { adapterForCartUrl, buildAdapters } from './adapters';
import { CONFIG } from './config';
import type { FindCartTabReply, WorkerRequest } from './messages';

const adapters = buildAdapters(CONFIG.suppliers, CONFIG.fixtureSupplierUrl);
const LAST_CART_KEY = 'last_cart_tab';

const isCart = (url: string | undefined) => adapterForCartUrl(adapters, url) !== null;

// The worker may be stopped at any time; the last cart tab lives in session storage.
async function remember(tab: chrome.tabs.Tab): Promise<void> {
  if (tab.id !== undefined && isCart(tab.url)) await chrome.storage.session.set({ [LAST_CART_KEY]: { tabId: tab.id, at: Date.now() } });
}

chrome.tabs.onActivated.addListener(({ tabId }) => {
  chrome.tabs.get(tabId).then(remember, () => undefined);
});
chrome.tabs.onUpdated.addListener((_id, info, tab) => {
  if (info.status === 'complete' && tab.active) void remember(tab);
});

export async function findCartTab(): Promise<FindCartTabReply> {
  const reply = (tab: chrome.tabs.Tab): FindCartTabReply => ({ ok: true, tabId: tab.id!, url: tab.url!, adapterId: adapterForCartUrl(adapters, tab.url)!.id });
  const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (active && isCart(active.url)) return reply(active);
  const stored = (await chrome.storage.session.get(LAST_CART_KEY))[LAST_CART_KEY] as { tabId: number } | undefined;
  if (stored) {
    const tab = await chrome.tabs.get(stored.tabId).catch(() => null);
    if (tab && isCart(tab.url)) return reply(tab);
  }
  const all = (await chrome.tabs.query({})).filter((t) => isCart(t.url));
  all.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  return all[0] ? reply(all[0]) : { ok: false, reason: 'no_cart_tab' };
}

chrome.runtime.onMessage.addListener((msg: WorkerRequest, _sender, sendResponse) => {
  if (msg?.type === 'FIND_CART_TAB') {
    findCartTab().then(sendResponse, () => sendResponse({ ok: false, reason: 'no_cart_tab' } satisfies FindCartTabReply));
    return true;
  }
  return false;
});
