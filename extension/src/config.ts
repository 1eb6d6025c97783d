// The runtime configuration baked in by scripts/build-extension.mjs (esbuild `define`).
import type { ExtensionConfig } from './manifest';

declare const __LAB_EXTENSION_CONFIG__: ExtensionConfig;

export const CONFIG: ExtensionConfig = __LAB_EXTENSION_CONFIG__;

export { APP_ID, BATCH_TTL_MS, MAX_BATCH_ITEMS, EXTENSION_MESSAGE_SOURCE, EXTENSION_STORAGE_KEY, PAGE_STORAGE_KEY } from './constants';
