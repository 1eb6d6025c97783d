/// <reference types="chrome" />
// Popup: find the cart tab (via the worker), read its rows through the cart content script
// (injected when missing), let the user pick items, fetch their detail pages (≤ 3 at a time,
// selection and back locked meanwhile), save the batch, ping the app, open the bridge page.
import { buildAdapters } from './adapters';
import type { CartRow, SupplierAdapter } from './adapters/types';
import { APP_ID } from '../../src/shared/app-info';
import { EXTENSION_STORAGE_KEY, MAX_BATCH_ITEMS } from '../../src/shared/cart-batch';
import { CONFIG } from './config';
import { buildBatch, type ImportBatch } from './importer';
import type { CartPingReply, FindCartTabReply, ReadCartReply } from './messages';

const adapters = buildAdapters(CONFIG.suppliers, CONFIG.fixtureSupplierUrl);
const t = (key: string, ...subs: Array<string | number>) => chrome.i18n.getMessage(key, subs.map(String)) || key;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let rows: CartRow[] = [];
let adapter: SupplierAdapter | null = null;
let cartUrl = '';
let busy = false;

function setStatus(text: string, kind: 'info' | 'error' | 'ok' = 'info'): void {
  const el = $('status');
  el.textContent = text;
  el.className = kind === 'info' ? '' : `status-${kind}`;
  el.dataset.kind = kind;
}

function selectedRows(): CartRow[] {
  const boxes = [...document.querySelectorAll<HTMLInputElement>('#rows input[type=checkbox]')];
  return boxes.filter((b) => b.checked).map((b) => rows[Number(b.dataset.index)]!);
}

function refreshSelection(): void {
  const n = selectedRows().length;
  $('selected-count').textContent = t('selectedCount', n);
  ($('import') as HTMLButtonElement).disabled = busy || n === 0;
}

function lock(locked: boolean): void {
  busy = locked;
  for (const el of document.querySelectorAll<HTMLInputElement | HTMLButtonElement>('#rows input, #toolbar button, #reload')) el.disabled = locked;
  refreshSelection();
}

function renderRows(): void {
  const list = $('rows');
  list.replaceChildren(
    ...rows.map((r, i) => {
      const li = document.createElement('li');
      li.dataset.rowId = r.row_id;
      const label = document.createElement('label');
      const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: false });
      box.dataset.index = String(i);
      box.addEventListener('change', refreshSelection);
      const text = document.createElement('span');
      const name = Object.assign(document.createElement('strong'), { textContent: r.name });
      name.className = 'row-name';
      const meta = Object.assign(document.createElement('div'), {
        className: 'meta',
        textContent: `${r.specification ? r.specification + ' · ' : ''}${t('quantity')}: ${r.quantity} · ${t('unitPrice')}: ${r.unit_price === null ? '—' : '¥' + r.unit_price.toFixed(2)}`,
      });
      text.append(name, ' ');
      if (r.hazardous) text.append(Object.assign(document.createElement('span'), { className: 'hazard', textContent: t('hazardous') }));
      text.append(meta);
      label.append(box, text);
      li.append(label);
      return li;
    }),
  );
  $('toolbar').hidden = rows.length === 0;
  $('import').hidden = rows.length === 0;
  refreshSelection();
}

async function ensureContentScript(tabId: number): Promise<void> {
  const ping = await chrome.tabs.sendMessage<unknown, CartPingReply>(tabId, { type: 'CART_PING' }).catch(() => null);
  if (ping?.ok) return;
  await chrome.scripting.executeScript({ target: { tabId }, files: ['cart-content.js'] });
}

async function loadCart(): Promise<void> {
  rows = [];
  renderRows();
  $('reload').hidden = true;
  $('retry').hidden = true;
  $('source').textContent = '';
  setStatus(t('loading'));
  const found = await chrome.runtime.sendMessage<unknown, FindCartTabReply>({ type: 'FIND_CART_TAB' }).catch(() => null);
  if (!found?.ok) return setStatus(t('noCartTab'), 'error');
  adapter = adapters.find((a) => a.id === found.adapterId) ?? null;
  try {
    await ensureContentScript(found.tabId);
    const reply = await chrome.tabs.sendMessage<unknown, ReadCartReply>(found.tabId, { type: 'READ_CART' });
    if (!reply?.ok) return setStatus(t(reply?.reason === 'no_rows' ? 'noRows' : 'cartUnreadable'), 'error');
    rows = reply.rows;
    cartUrl = reply.url;
  } catch {
    return setStatus(t('cartUnreadable'), 'error');
  }
  $('source').textContent = t('cartFrom', adapter?.label ?? found.adapterId);
  setStatus('');
  renderRows();
}

async function appIsRunning(): Promise<boolean> {
  try {
    const res = await fetch(`${CONFIG.systemUrl}/ping`, { cache: 'no-store', signal: AbortSignal.timeout(3000) });
    const body = (await res.json()) as { app?: string };
    return res.ok && body.app === APP_ID;
  } catch {
    return false;
  }
}

async function handOff(batch: ImportBatch): Promise<void> {
  $('retry').hidden = true;
  if (!(await appIsRunning())) {
    setStatus(t('appNotRunning'), 'error');
    $('retry').hidden = false;
    return;
  }
  const url = `${CONFIG.systemUrl}/cart-import?import=true&batch_id=${encodeURIComponent(batch.batch_id)}`;
  await chrome.tabs.create({ url });
  setStatus(t('opened'), 'ok');
}

async function startImport(): Promise<void> {
  const picked = selectedRows();
  if (!picked.length || !adapter) return setStatus(t('nothingSelected'), 'error');
  // The app refuses larger batches (MAX_BATCH_ITEMS); say so before fetching anything.
  if (picked.length > MAX_BATCH_ITEMS) return setStatus(t('tooMany', MAX_BATCH_ITEMS), 'error');
  lock(true);
  const started = performance.now();
  const progress = $('progress') as HTMLProgressElement;
  progress.max = picked.length;
  progress.value = 0;
  $('progress-box').hidden = false;
  $('progress-text').textContent = `0 / ${picked.length}`;
  setStatus(t('fetching', 0, picked.length));
  try {
    const batch = await buildBatch(picked, adapter, cartUrl, {
      timeoutMs: CONFIG.detailTimeoutMs,
      onProgress: (done, total) => {
        progress.value = done;
        $('progress-text').textContent = `${done} / ${total}`;
        setStatus(t('fetching', done, total));
      },
    });
    // One batch only: the newest replaces the earlier one.
    await chrome.storage.local.set({ [EXTENSION_STORAGE_KEY]: batch });
    const failed = batch.items.filter((i) => !['success', 'basic_only'].includes(i.detail_fetch_status)).length;
    $('progress-text').textContent = `${t('saved', batch.items.length)}${failed ? ' ' + t('failedDetails', failed) : ''}`;
    $('progress-box').dataset.batchId = batch.batch_id;
    // Fetch + save time of this import, shown to nobody but read by the throughput test.
    $('progress-box').dataset.elapsedMs = String(Math.round(performance.now() - started));
    $('retry').onclick = () => void handOff(batch);
    await handOff(batch);
  } catch (e) {
    setStatus(t('saveFailed', (e as Error).message), 'error');
  } finally {
    lock(false);
    $('reload').hidden = false;
  }
}

function init(): void {
  document.documentElement.lang = chrome.i18n.getUILanguage();
  document.title = t('popupTitle');
  $('title').textContent = document.title;
  $('select-all').textContent = t('selectAll');
  $('select-none').textContent = t('selectNone');
  $('import').textContent = t('importButton');
  $('reload').textContent = t('reload');
  $('retry').textContent = t('retry');
  const setAll = (v: boolean) => {
    for (const b of document.querySelectorAll<HTMLInputElement>('#rows input[type=checkbox]')) b.checked = v;
    refreshSelection();
  };
  $('select-all').addEventListener('click', () => setAll(true));
  $('select-none').addEventListener('click', () => setAll(false));
  $('import').addEventListener('click', () => void startImport());
  $('reload').addEventListener('click', () => {
    $('progress-box').hidden = true;
    void loadCart();
  });
  void loadCart();
}

init();
