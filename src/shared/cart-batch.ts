// The cart-import batch (spec 001; docs/design.md#cart-import): the draft the browser extension collects and the
// app reviews. One zod schema checked by the bridge hand-off endpoint and read by the review
// screen; the TTL, storage keys and window messages shared by the extension, the bridge page's
// script and the main process. Decisions for what the spec leaves open:
// - `created_at` is an ISO 8601 UTC timestamp with milliseconds (`2026-11-22T15:04:05.123Z`).
// - `detail_fetch_status` values:
//     success        detail page fetched and parsed; the detail fields are filled
//     timeout        no answer within the per-item time-out; basic cart data kept
//     http_error     the supplier answered a non-2xx status (e.g. 500); basic data kept
//     network_error  the request failed (offline, refused, blocked); basic data kept
//     parse_error    the page arrived but yields no plausible record (no product name, or no
//                    product field beside it); basic data kept, the cart name never replaced
//     basic_only     the row has no detail page (no link), so only cart data exists
// - `suggested_order_type` is `reagent` only for a CAS whose check digit is right, else `pending`;
//   never `consumable`. `classification_reason` is one of CLASSIFICATION_REASONS.
import { z } from 'zod';

export const BATCH_TTL_MS = 2 * 60 * 60 * 1000;
/** A batch stamped this far in the future is refused (clock skew allowance). */
export const BATCH_FUTURE_SKEW_MS = 5 * 60 * 1000;
export const MAX_BATCH_ITEMS = 200;
/** Upper bound of a serialized batch accepted by the hand-off endpoint. */
export const MAX_BATCH_BYTES = 512 * 1024;
export const EXTENSION_MESSAGE_SOURCE = 'lab-desktop-cart-import-extension';
export const READY_MESSAGE_TYPE = 'IMPORT_BATCH_READY';
/** Posted by the extension's bridge when it cannot deliver, so the page can say why at once. */
export const UNAVAILABLE_MESSAGE_TYPE = 'IMPORT_BATCH_UNAVAILABLE';
export const UNAVAILABLE_REASONS = ['no_batch', 'expired', 'batch_id_mismatch'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];
/** The bridge page's script posts the batch here (same origin, X-Lab-Client: 1). */
export const HANDOFF_PATH = '/cart-import/handoff';
export const EXTENSION_STORAGE_KEY = 'import_batch_latest';
export const PAGE_STORAGE_KEY = 'cart_import_batch_latest';

export const DETAIL_FETCH_STATUSES = ['success', 'timeout', 'http_error', 'network_error', 'parse_error', 'basic_only'] as const;
export type DetailFetchStatus = (typeof DETAIL_FETCH_STATUSES)[number];

export const CLASSIFICATION_REASONS = ['valid_cas', 'cas_check_digit_failed', 'cas_unrecognized', 'no_cas'] as const;
export type ClassificationReason = (typeof CLASSIFICATION_REASONS)[number];

const text = (max: number) => z.string({ error: 'field.text' }).max(max, 'field.maxChars');

// The schemas are marked pure so that the extension and the bridge page's script, which import only
// constants and types from here, bundle without zod.
export const batchItemSchema = /* @__PURE__ */ z
  .object({
    item_id: z.string({ error: 'field.text' }).regex(/^[A-Za-z0-9_.:-]{1,80}$/, 'field.idChars'),
    supplier: text(40),
    name: text(300).trim().min(1, 'field.required'),
    english_name: text(300),
    specification: text(200),
    brand: text(100),
    cas_number: text(60),
    product_id: text(100),
    // Shown as a link on the review screen: an http(s) page or nothing (never javascript:, data:, file:).
    detail_url: text(2000).refine((u) => u === '' || /^https?:\/\/[^\s]+$/i.test(u), 'field.httpUrl'),
    quantity: z.number({ error: 'field.number' }).positive('field.positive').max(1_000_000, 'field.tooLarge'),
    unit_price: z.number({ error: 'field.number' }).min(0, 'field.notNegative').max(100_000_000, 'field.tooLarge').nullable(),
    hazardous: z.boolean({ error: 'field.boolean' }),
    suggested_order_type: z.enum(['reagent', 'pending'], { error: 'field.oneOf' }),
    order_type: z.enum(['reagent', 'consumable', 'pending'], { error: 'field.oneOf' }),
    classification_reason: z.enum(CLASSIFICATION_REASONS, { error: 'field.oneOf' }),
    detail_fetch_status: z.enum(DETAIL_FETCH_STATUSES, { error: 'field.oneOf' }),
  })
  .strict();

export const importBatchSchema = /* @__PURE__ */ z
  .object({
    batch_id: z.string({ error: 'field.text' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'field.batchIdChars'),
    created_at: z.iso.datetime({ error: 'field.isoTime', offset: false }),
    source: z.object({ supplier: text(40), cart_url: text(2000) }).strict().optional(),
    items: z
      .array(batchItemSchema, { error: 'field.list' })
      .min(1, 'field.batchEmpty')
      .max(MAX_BATCH_ITEMS, `at most ${MAX_BATCH_ITEMS} items`)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((it, i) => {
          if (seen.has(it.item_id)) ctx.addIssue({ code: 'custom', path: [i, 'item_id'], message: 'field.duplicateItemId' });
          seen.add(it.item_id);
        });
      }),
  })
  .strict();

export type BatchItem = z.infer<typeof batchItemSchema>;
export type ImportBatch = z.infer<typeof importBatchSchema>;

export type BatchAge = { state: 'fresh'; expiresAt: number } | { state: 'expired' } | { state: 'future' };

/** TTL check shared by the bridge page, the main-process store and the review screen. */
/** For scripts reading an unchecked stored batch: a missing or non-text `created_at` counts as expired. */
export function storedBatchExpired(createdAt: unknown, now: number = Date.now()): boolean {
  return typeof createdAt !== 'string' || batchAge(createdAt, now).state === 'expired';
}

export function batchAge(createdAt: string, now: number = Date.now()): BatchAge {
  const t = Date.parse(createdAt);
  if (!Number.isFinite(t)) return { state: 'expired' };
  if (t - now > BATCH_FUTURE_SKEW_MS) return { state: 'future' };
  if (now - t >= BATCH_TTL_MS) return { state: 'expired' };
  return { state: 'fresh', expiresAt: t + BATCH_TTL_MS };
}
