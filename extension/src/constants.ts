// Mirrors src/shared/cart-batch.ts (the extension imports nothing from src/ but cas.ts);
// test/cart-import checks the two agree.
export const BATCH_TTL_MS = 2 * 60 * 60 * 1000;
export const EXTENSION_STORAGE_KEY = 'import_batch_latest';
export const PAGE_STORAGE_KEY = 'cart_import_batch_latest';
export const EXTENSION_MESSAGE_SOURCE = 'lab-desktop-cart-import-extension';
export const APP_ID = 'lab-desktop';
export const MAX_BATCH_ITEMS = 200;
