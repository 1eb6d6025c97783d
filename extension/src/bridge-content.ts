/// <reference types="chrome" />
// Bridge content script: runs only on the system URL's /cart-import page with import=true. Checks
// the URL's batch_id against the stored batch and the 2-hour TTL, copies the batch into the page's
// localStorage and posts IMPORT_BATCH_READY. It validates nothing else and creates nothing; when it
// cannot deliver it tells the page why (IMPORT_BATCH_UNAVAILABLE) so the page can say so at once.
import { storedBatchExpired, EXTENSION_MESSAGE_SOURCE, EXTENSION_STORAGE_KEY, PAGE_STORAGE_KEY, READY_MESSAGE_TYPE, UNAVAILABLE_MESSAGE_TYPE, type UnavailableReason } from '../../src/shared/cart-batch';

function post(type: typeof READY_MESSAGE_TYPE | typeof UNAVAILABLE_MESSAGE_TYPE, extra: Record<string, string> = {}): void {
  window.postMessage({ source: EXTENSION_MESSAGE_SOURCE, type, ...extra }, location.origin);
}

async function run(): Promise<void> {
  const params = new URLSearchParams(location.search);
  if (location.pathname !== '/cart-import' || params.get('import') !== 'true') return;
  const wanted = params.get('batch_id') ?? '';

  // An expired page-side copy is cleared whatever happens next.
  try {
    const cached = JSON.parse(localStorage.getItem(PAGE_STORAGE_KEY) ?? 'null') as { created_at?: unknown } | null;
    if (cached && storedBatchExpired(cached.created_at)) localStorage.removeItem(PAGE_STORAGE_KEY);
  } catch {
    localStorage.removeItem(PAGE_STORAGE_KEY);
  }

  const stored = (await chrome.storage.local.get(EXTENSION_STORAGE_KEY))[EXTENSION_STORAGE_KEY] as { batch_id?: string; created_at?: string } | undefined;
  let reason: UnavailableReason | null = null;
  if (!stored) reason = 'no_batch';
  else if (stored.batch_id !== wanted) reason = 'batch_id_mismatch';
  else if (storedBatchExpired(stored.created_at)) reason = 'expired';
  if (reason) return post(UNAVAILABLE_MESSAGE_TYPE, { reason, batch_id: wanted });

  localStorage.setItem(PAGE_STORAGE_KEY, JSON.stringify(stored));
  post(READY_MESSAGE_TYPE, { batch_id: wanted });
}

void run();
