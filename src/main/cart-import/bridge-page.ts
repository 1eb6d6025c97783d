// The bridge page GET /cart-import?import=true&batch_id=… (docs/design.md#local-server, #cart-import): a small standalone page
// (no React, no session) where the extension's bridge script drops the batch. Its script is the
// TypeScript entry src/renderer/cart-import/bridge-script.ts, bundled by the build (scripts/
// iife-plugin.mjs) and served as a file, so the page's CSP allows only 'self' scripts.
import bundledBridgeScript from '../../renderer/cart-import/bridge-script?iife';

export { HANDOFF_PATH } from '../../shared/cart-batch';
export const BRIDGE_SCRIPT_PATH = '/cart-import/bridge.js';

export const BRIDGE_PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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

/** The page's script, bundled with the TTL, keys and messages of src/shared/cart-batch.ts. */
export function bridgeScript(): string {
  return bundledBridgeScript;
}
