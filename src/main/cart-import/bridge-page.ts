// The bridge page GET /cart-import?import=true&batch_id=… (DESIGN §4, §8): a small standalone page
// (no React, no session) where the extension's bridge script drops the batch. Its script reads
// `cart_import_batch_latest` at once, else waits for IMPORT_BATCH_READY with a few retry rounds,
// checks batch_id and TTL, hands the batch to the main process (same-origin POST with the custom
// header), then says "opened in the lab app" (desktop) or continues to the review screen (browser).
import {
  BATCH_TTL_MS,
  EXTENSION_MESSAGE_SOURCE,
  PAGE_STORAGE_KEY,
  READY_MESSAGE_TYPE,
} from '../../shared/cart-batch';

export const BRIDGE_SCRIPT_PATH = '/cart-import/bridge.js';
export const HANDOFF_PATH = '/cart-import/handoff';
/** Page-side retry rounds while waiting for the bridge (the spec says "several"). */
export const READ_ROUNDS = 8;
export const READ_INTERVAL_MS = 500;

export const BRIDGE_PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STRINGS = {
  en: {
    title: 'Cart import — Lab Desktop',
    waiting: 'Waiting for the batch from the browser extension…',
    handing: 'Handing the batch to the lab app…',
    desktopDone: 'Opened in the lab app — you may close this tab.',
    browserDone: 'Batch received. Opening the review screen…',
    replay: '(This batch had already been received; nothing was added twice.)',
    noImport: 'This page is opened by the browser extension (import=true and batch_id are missing).',
    no_batch: 'No import batch was found. Import the cart again from the browser extension.',
    expired: 'The import batch has expired (older than 2 hours). Import the cart again from the browser extension.',
    batch_id_mismatch: 'batch_id mismatch: the stored batch is not the one this page was opened for. Import the cart again from the browser extension.',
    refused: 'The lab app refused the batch: ',
    unreachable: 'The lab app could not be reached: ',
  },
  zh: {
    title: '购物车导入 — 实验室应用',
    waiting: '正在等待浏览器扩展传来的批次……',
    handing: '正在把批次交给实验室应用……',
    desktopDone: '已在实验室应用中打开——可以关闭此标签页。',
    browserDone: '已收到批次，正在打开确认页面……',
    replay: '（该批次之前已收到，没有重复添加。）',
    noImport: '此页面由浏览器扩展打开（缺少 import=true 和 batch_id）。',
    no_batch: '未找到导入批次。请在浏览器扩展中重新导入购物车。',
    expired: '导入批次已过期（超过 2 小时）。请在浏览器扩展中重新导入购物车。',
    batch_id_mismatch: 'batch_id 不匹配：已保存的批次不是本页面要打开的批次。请在浏览器扩展中重新导入购物车。',
    refused: '实验室应用拒绝了该批次：',
    unreachable: '无法连接实验室应用：',
  },
};

export function bridgePageHtml(mode: 'desktop' | 'browser'): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cart import — Lab Desktop</title>
<style>body{font:15px/1.5 system-ui,"PingFang SC","Microsoft YaHei",sans-serif;max-width:640px;margin:15vh auto;padding:0 16px;color:#1f2328}
#message{font-size:17px}[data-state=error] #message{color:#cf1322}[data-state=done] #message{color:#237804}#detail{color:#57606a}</style>
</head><body data-mode="${mode}" data-state="waiting">
<h1 id="title">Cart import</h1>
<p id="message" role="status" aria-live="polite"></p>
<p id="detail"></p>
<script src="${BRIDGE_SCRIPT_PATH}"></script>
</body></html>`;
}

/** The page's script; constants are shared with the extension through src/shared/cart-batch.ts. */
export function bridgeScript(): string {
  const c = JSON.stringify({
    KEY: PAGE_STORAGE_KEY,
    SOURCE: EXTENSION_MESSAGE_SOURCE,
    READY: READY_MESSAGE_TYPE,
    TTL: BATCH_TTL_MS,
    ROUNDS: READ_ROUNDS,
    INTERVAL: READ_INTERVAL_MS,
    HANDOFF: HANDOFF_PATH,
    STRINGS,
  });
  return `'use strict';
(function () {
  var C = ${c};
  var S = /^zh/i.test(navigator.language || '') ? C.STRINGS.zh : C.STRINGS.en;
  var body = document.body;
  var params = new URLSearchParams(location.search);
  var wanted = params.get('batch_id') || '';
  var finished = false;
  var sawMismatch = false;
  var rounds = 0;
  var timer = null;
  document.title = S.title;
  document.getElementById('title').textContent = S.title;

  function show(state, text, detail, extra) {
    body.dataset.state = state;
    if (extra) for (var k in extra) body.dataset[k] = extra[k];
    document.getElementById('message').textContent = text;
    document.getElementById('detail').textContent = detail || '';
  }
  function fail(code, text) {
    finished = true;
    if (timer) clearInterval(timer);
    show('error', text || S[code], '', { error: code });
  }
  function readCache() {
    var raw = localStorage.getItem(C.KEY);
    if (!raw) return null;
    try { return JSON.parse(raw); } catch (e) { localStorage.removeItem(C.KEY); return null; }
  }
  function expired(b) {
    var t = Date.parse(b && b.created_at);
    return !isFinite(t) || Date.now() - t >= C.TTL;
  }
  // One attempt to find our batch in the page cache; true when it was handled.
  function attempt(source) {
    if (finished) return true;
    var b = readCache();
    if (!b) return false;
    if (expired(b)) { localStorage.removeItem(C.KEY); fail('expired'); return true; }
    if (b.batch_id !== wanted) { sawMismatch = true; return false; }
    finished = true;
    if (timer) clearInterval(timer);
    handOff(b, source);
    return true;
  }
  function handOff(batch, source) {
    show('handing', S.handing, '', { source: source });
    fetch(C.HANDOFF, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lab-client': '1' },
      credentials: 'same-origin',
      body: JSON.stringify({ expected_batch_id: wanted, batch: batch })
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (json) {
        if (!res.ok) {
          var err = (json && json.error) || {};
          var code = res.status === 409 ? 'batch_id_mismatch' : (err.fields && err.fields['batch.created_at'] === 'expired') ? 'expired' : 'refused';
          return fail(code, code === 'refused' ? S.refused + (err.message || res.status) : S[code]);
        }
        var note = json.replay ? S.replay : '';
        if (json.mode === 'browser') {
          show('done', S.browserDone, note, { batchId: json.batch_id });
          location.replace('/#/cart-import?batch_id=' + encodeURIComponent(json.batch_id) + '&via=' + source);
        } else {
          show('done', S.desktopDone, note, { batchId: json.batch_id });
        }
      });
    }, function (e) {
      fail('unreachable', S.unreachable + (e && e.message || e));
    });
  }

  if (params.get('import') !== 'true' || !wanted) { fail('no_import', S.noImport); return; }
  show('waiting', S.waiting);
  window.addEventListener('message', function (ev) {
    if (ev.source !== window || !ev.data || ev.data.source !== C.SOURCE) return;
    if (ev.data.type === C.READY) { if (!attempt('message')) fail(sawMismatch ? 'batch_id_mismatch' : 'no_batch'); }
    else if (ev.data.type === 'IMPORT_BATCH_UNAVAILABLE' && !finished) {
      var r = ev.data.reason;
      fail(r === 'expired' || r === 'batch_id_mismatch' ? r : 'no_batch');
    }
  });
  if (attempt('cache')) return;
  timer = setInterval(function () {
    rounds++;
    if (attempt('retry')) return;
    if (rounds >= C.ROUNDS) fail(sawMismatch ? 'batch_id_mismatch' : 'no_batch');
  }, C.INTERVAL);
})();
`;
}
