// The runtime configuration baked in by scripts/build-extension.mjs (esbuild `define`).
import type { ExtensionConfig } from './manifest';

declare const __LAB_EXTENSION_CONFIG__: ExtensionConfig;

export const CONFIG: ExtensionConfig = __LAB_EXTENSION_CONFIG__;

// Mirrors src/shared/cart-batch.ts (the extension imports nothing from src/ but cas.ts);
// test/cart-import checks the two agree.
export const BATCH_TTL_MS = 2 * 60 * 60 * 1000;
export const EXTENSION_STORAGE_KEY = 'import_batch_latest';
export const PAGE_STORAGE_KEY = 'cart_import_batch_latest';
export const EXTENSION_MESSAGE_SOURCE = 'lab-desktop-cart-import-extension';
export const APP_ID = 'lab-desktop';
