// The script of the bridge page GET /cart-import?import=true&batch_id=… (docs/design.md#local-server, #cart-import), served by
// the main process as /cart-import/bridge.js (bundled at build time; the page's CSP allows only
// 'self' scripts). It reads `cart_import_batch_latest` at once, else waits for the extension's
// IMPORT_BATCH_READY with a few retry rounds, checks batch_id and TTL, hands the batch to the main
// process (same-origin POST with the custom header), then says "opened in the lab app" (desktop)
// or continues to the review screen (browser). A plain page script: no React, no session.
import { CLIENT_HEADER } from '../../shared/app-info';
import { EXTENSION_MESSAGE_SOURCE, storedBatchExpired, HANDOFF_PATH, PAGE_STORAGE_KEY, READY_MESSAGE_TYPE, UNAVAILABLE_MESSAGE_TYPE } from '../../shared/cart-batch';

/** Page-side retry rounds while waiting for the bridge (the spec says "several"). */
const READ_ROUNDS = 8;
const READ_INTERVAL_MS = 500;

const STRINGS = {
  en: {
    title: 'Cart import — Lab Desktop',
    waiting: 'Waiting for the batch from the browser extension…',
    handing: 'Handing the batch to the lab app…',
    desktopDone: 'Opened in the lab app — you may close this tab.',
    browserDone: 'Batch received. Opening the review screen…',
    replay: '(This batch had already been received; nothing was added twice.)',
    no_import: 'This page is opened by the browser extension (the import parameters are missing from its address). Click the extension\'s import button on the supplier\'s cart page.',
    no_batch: 'No import batch was found. Import the cart again from the browser extension.',
    expired: 'The import batch has expired (older than 2 hours). Import the cart again from the browser extension.',
    batch_id_mismatch: 'batch_id mismatch: the stored batch is not the one this page was opened for. Import the cart again from the browser extension.',
    refused: 'The lab app refused the batch: ',
    invalid: 'the cart data from the extension is not valid, so nothing was imported. Update the browser extension, then import the cart again.',
    tooLarge: 'the cart is too large to import at once. Import it in parts.',
    unavailable: 'the lab app is busy or its data directory has moved. Restart the lab app, then import again.',
    status: 'the answer was HTTP {status}. Import the cart again; if it happens again, restart the lab app.',
    unreachable: 'The lab app could not be reached. Make sure it is running, then import the cart again.',
  },
  zh: {
    title: '购物车导入 — 实验室应用',
    waiting: '正在等待浏览器扩展传来的批次……',
    handing: '正在把批次交给实验室应用……',
    desktopDone: '已在实验室应用中打开——可以关闭此标签页。',
    browserDone: '已收到批次，正在打开确认页面……',
    replay: '（该批次之前已收到，没有重复添加。）',
    no_import: '此页面应由浏览器扩展打开（地址中缺少导入参数）。请在供应商的购物车页面点击扩展的导入按钮。',
    no_batch: '未找到导入批次。请在浏览器扩展中重新导入购物车。',
    expired: '导入批次已过期（超过 2 小时）。请在浏览器扩展中重新导入购物车。',
    batch_id_mismatch: '批次编号不一致：已保存的批次不是本页面要打开的批次。请在浏览器扩展中重新导入购物车。',
    refused: '实验室应用拒绝了该批次：',
    invalid: '扩展发来的购物车数据有误，未导入任何内容。请更新浏览器扩展后重新导入购物车。',
    tooLarge: '购物车太大，无法一次导入。请分几次导入。',
    unavailable: '实验室应用正忙或数据目录已迁移。请重启实验室应用后重新导入。',
    status: '应用返回了 HTTP {status}。请重新导入购物车；如仍出现，请重启实验室应用。',
    unreachable: '无法连接实验室应用。请确认它正在运行，然后重新导入购物车。',
  },
};

type ErrorCode = 'no_import' | 'no_batch' | 'expired' | 'batch_id_mismatch' | 'refused' | 'unreachable';
type Source = 'cache' | 'message' | 'retry';
interface CachedBatch {
  batch_id?: unknown;
  created_at?: unknown;
}

const S = /^zh/i.test(navigator.language || '') ? STRINGS.zh : STRINGS.en;
const body = document.body;
const params = new URLSearchParams(location.search);
const wanted = params.get('batch_id') ?? '';
let finished = false;
let sawMismatch = false;
let rounds = 0;
let timer: ReturnType<typeof setInterval> | null = null;

function show(state: string, message: string, detail = '', extra: Record<string, string> = {}): void {
  body.dataset.state = state;
  Object.assign(body.dataset, extra);
  document.getElementById('message')!.textContent = message;
  document.getElementById('detail')!.textContent = detail;
}

/** `detail`: the technical reason in English (the service's `message`, the browser's error) — kept
 *  on the page for support (`data-detail`), not shown: the user reads the sentence in their language. */
function fail(code: ErrorCode, message: string = S[code], detail = ''): void {
  finished = true;
  if (timer) clearInterval(timer);
  show('error', message, '', { error: code, detail });
}

/** The refusal in the page's language, by what the service answered. */
function refusal(status: number, code: string | undefined): string {
  if (code === 'validation') return S.refused + S.invalid;
  if (status === 413) return S.refused + S.tooLarge;
  if (status === 503) return S.refused + S.unavailable;
  return S.refused + S.status.replace('{status}', String(status));
}

function readCache(): CachedBatch | null {
  const raw = localStorage.getItem(PAGE_STORAGE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as CachedBatch;
  } catch {
    localStorage.removeItem(PAGE_STORAGE_KEY);
    return null;
  }
}

/** One attempt to find our batch in the page cache; true when it was handled. */
function attempt(source: Source): boolean {
  if (finished) return true;
  const b = readCache();
  if (!b) return false;
  if (storedBatchExpired(b.created_at)) {
    localStorage.removeItem(PAGE_STORAGE_KEY);
    fail('expired');
    return true;
  }
  if (b.batch_id !== wanted) {
    sawMismatch = true;
    return false;
  }
  finished = true;
  if (timer) clearInterval(timer);
  void handOff(b, source);
  return true;
}

async function handOff(batch: CachedBatch, source: Source): Promise<void> {
  show('handing', S.handing, '', { source });
  let res: Response;
  try {
    res = await fetch(HANDOFF_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLIENT_HEADER]: '1' },
      credentials: 'same-origin',
      body: JSON.stringify({ expected_batch_id: wanted, batch }),
    });
  } catch (e) {
    return fail('unreachable', S.unreachable, (e as Error)?.message ?? String(e));
  }
  const json = (await res.json().catch(() => ({}))) as { batch_id?: string; replay?: boolean; mode?: string; error?: { code?: string; message?: string; fields?: Record<string, { key?: string }> } };
  if (!res.ok) {
    const err = json.error ?? {};
    const code: ErrorCode = res.status === 409 ? 'batch_id_mismatch' : err.fields?.['batch.created_at']?.key === 'cart.expiredField' ? 'expired' : 'refused';
    return fail(code, code === 'refused' ? refusal(res.status, err.code) : S[code], err.message ?? '');
  }
  const note = json.replay ? S.replay : '';
  const id = json.batch_id ?? wanted;
  if (json.mode === 'browser') {
    show('done', S.browserDone, note, { batchId: id });
    location.replace(`/#/cart-import?batch_id=${encodeURIComponent(id)}&via=${source}`);
  } else {
    show('done', S.desktopDone, note, { batchId: id });
  }
}

function start(): void {
  document.title = S.title;
  document.getElementById('title')!.textContent = S.title;
  if (params.get('import') !== 'true' || !wanted) return fail('no_import');
  show('waiting', S.waiting);
  window.addEventListener('message', (ev: MessageEvent<{ source?: unknown; type?: unknown; reason?: unknown }>) => {
    if (ev.source !== window || !ev.data || ev.data.source !== EXTENSION_MESSAGE_SOURCE) return;
    if (ev.data.type === READY_MESSAGE_TYPE) {
      if (!attempt('message')) fail(sawMismatch ? 'batch_id_mismatch' : 'no_batch');
    } else if (ev.data.type === UNAVAILABLE_MESSAGE_TYPE && !finished) {
      const r = ev.data.reason;
      fail(r === 'expired' || r === 'batch_id_mismatch' ? r : 'no_batch');
    }
  });
  if (attempt('cache')) return;
  timer = setInterval(() => {
    rounds++;
    if (attempt('retry')) return;
    if (rounds >= READ_ROUNDS) fail(sawMismatch ? 'batch_id_mismatch' : 'no_batch');
  }, READ_INTERVAL_MS);
}

start();
