// Every records UI string exists in both languages: static keys used in the screens, and the
// dynamic ones (field, status, history action labels) for every value the API can return.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, zh } from '../../src/renderer/records/records.i18n';
import { CONSUMABLE_ORDER_STATUSES, IMPORT_COLUMNS, LIST_ENDPOINTS, LISTS, INVENTORY_STATUSES, REAGENT_ORDER_STATUSES } from '../../src/shared/records';

const get = (obj: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
const dir = path.resolve(__dirname, '../../src/renderer/records');

describe('records i18n', () => {
  it('has every static key used by the screens in en and zh', () => {
    const keys = new Set<string>();
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.tsx') || f.endsWith('.ts'))) {
      for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/t\(\s*'records\.([\w.]+)'/g)) keys.add(m[1]!);
    }
    expect(keys.size).toBeGreaterThan(30);
    for (const k of keys) {
      // Plural keys exist as <key>_one / <key>_other (i18next).
      const found = (b: unknown) => typeof get(b, k) === 'string' || typeof get(b, `${k}_other`) === 'string';
      expect(found(en), `en ${k}`).toBe(true);
      expect(found(zh), `zh ${k}`).toBe(true);
    }
  });

  it('labels every field, status and history action', () => {
    const fields = new Set<string>(['all', ...LIST_ENDPOINTS.flatMap((e) => LISTS[e].indexed), ...IMPORT_COLUMNS, 'status', 'unit_price', 'notes', 'communication', 'applicant', 'created_at', 'id', 'borrowed_by', 'borrowed_at', 'source_order_id', 'inventory_item_id', 'reject_reason']);
    for (const f of fields) expect([get(en.field, f), get(zh.field, f)], f).toEqual([expect.any(String), expect.any(String)]);
    for (const s of [...INVENTORY_STATUSES, ...REAGENT_ORDER_STATUSES, ...CONSUMABLE_ORDER_STATUSES]) expect([get(en.status, s), get(zh.status, s)], s).toEqual([expect.any(String), expect.any(String)]);
    for (const a of ['create', 'update', 'delete', 'borrow', 'return', 'consume', 'dispose', 'use', 'adjust', 'split', 'approve', 'reject', 'arrive', 'stock_in', 'complete', 'import']) {
      expect([get(en.history.action, a), get(zh.history.action, a)], a).toEqual([expect.any(String), expect.any(String)]);
    }
    expect(zh.field.cas_number).toBe('CAS号');
  });
});
