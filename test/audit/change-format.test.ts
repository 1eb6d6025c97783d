// What a person reads for an audit change, in both languages: statuses, roles and booleans in
// words, field names as the form labels (a full-width colon after them in Chinese), times in local
// time (never ISO), an item's amounts with the unit they were in, empty as a dash; and every kind
// and action the audit log can hold has a label.
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntryUnits, changeLine, actionLabel, entryUnits, shownChanges } from '../../src/renderer/records/change-format';
import { boolean, date, dateTime } from '../../src/renderer/app/format';
import { domainBundles } from '../../src/renderer/i18n/domains';
import { en as baseEn } from '../../src/renderer/i18n/en';
import { zhCN as baseZh } from '../../src/renderer/i18n/zh-CN';
import { AUDIT_ACTIONS, AUDIT_KINDS } from '../../src/shared/audit';

let zh: TFunction;
let en: TFunction;
beforeAll(async () => {
  const i = i18next.createInstance();
  await i.init({
    resources: {
      en: { translation: { ...baseEn, ...Object.fromEntries(domainBundles.map((b) => [b.key, b.en])) } },
      'zh-CN': { translation: { ...baseZh, ...Object.fromEntries(domainBundles.map((b) => [b.key, b.zh])) } },
    },
    lng: 'zh-CN',
    interpolation: { escapeValue: false },
  });
  zh = i.getFixedT('zh-CN');
  en = i.getFixedT('en');
});

const pad = (n: number) => String(n).padStart(2, '0');

describe('audit changes in words', () => {
  it('translates statuses, roles, booleans and field names; empty is a dash', () => {
    expect(changeLine('status', ['in_stock', 'borrowed'], zh)).toBe('状态：在库 → 借出');
    expect(changeLine('status', ['in_stock', 'borrowed'], en)).toBe('Status: In stock → Borrowed');
    expect(changeLine('hazardous', [0, 1], zh)).toBe('危险品：否 → 是');
    expect(changeLine('hazardous', [false, true], en)).toBe('Hazardous: No → Yes');
    expect(changeLine('role', ['member', 'admin'], zh, 'user')).toBe('角色：成员 → 管理员');
    expect(changeLine('active', [true, false], zh, 'user')).toBe('启用：是 → 否');
    expect(changeLine('name', [null, '丙酮'], zh)).toBe('名称：— → 丙酮');
    expect(changeLine('borrowed_by', ['张三', null], zh)).toBe('借用人：张三 → —');
    // a stocktake's close names the stocktake on the item's adjustment
    expect(changeLine('stocktake', [null, 3], zh)).toBe('盘点编号：— → 3');
    expect(changeLine('stocktake', [null, 3], en)).toBe('Stocktake No.: — → 3');
    expect(actionLabel('borrow', zh)).toBe('借用');
    // A delete logs every field; the empty ones say nothing.
    expect(shownChanges({ name: ['丙酮', null], english_name: ['', null], brand: [null, null], status: ['in_stock', null] }).map(([f]) => f)).toEqual(['name', 'status']);
  });

  it('shows times in local time, readable, never ISO', () => {
    const iso = '2026-11-23T18:36:59.223Z';
    const d = new Date(iso);
    const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    expect(dateTime(iso)).toBe(`${local} ${pad(d.getHours())}:${pad(d.getMinutes())}`);
    expect(date(iso)).toBe(local);
    const line = changeLine('borrowed_at', [null, iso], zh);
    expect(line).toBe(`借出时间：— → ${dateTime(iso)}`);
    expect(line).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(dateTime(null)).toBe('—');
    expect([boolean(true, zh), boolean(false, zh), boolean(true, en)]).toEqual(['是', '否', 'Yes']);
  });

  it('shows an item\'s amounts with the unit they were in, before and after a unit change', () => {
    // oldest first: created in mL, used, its unit changed to L (the service converts), used again
    const entries: Array<{ id: number; changes: Record<string, [unknown, unknown]> }> = [
      { id: 3, changes: { quantity: [500, 480] } },
      { id: 1, changes: { name: [null, '乙醇'], quantity: [null, 500], unit: [null, 'mL'] } },
      { id: 5, changes: { quantity: [0.48, 0.45] } },
      { id: 4, changes: { quantity: [480, 0.48], unit: ['mL', 'L'] } },
    ];
    const units = entryUnits(entries);
    expect(changeLine('quantity', [null, 500], zh, undefined, units.get(1))).toBe('数量：— → 500 mL');
    expect(changeLine('quantity', [500, 480], zh, undefined, units.get(3))).toBe('数量：500 mL → 480 mL');
    expect(changeLine('quantity', [480, 0.48], zh, undefined, units.get(4))).toBe('数量：480 mL → 0.48 L');
    expect(changeLine('quantity', [0.48, 0.45], en, undefined, units.get(5))).toBe('Quantity: 0.48 L → 0.45 L');
    expect(changeLine('borrowed_amount', [null, 0.45], zh, undefined, units.get(5))).toBe('借出数量：— → 0.45 L');
    // Not an amount, or no unit known: as it is.
    expect(changeLine('status', ['in_stock', 'borrowed'], zh, undefined, units.get(5))).toBe('状态：在库 → 借出');
    expect(changeLine('quantity', [2, 3], zh)).toBe('数量：2 → 3');
    // The audit screen's entry brings the unit after it; a unit change names the one before.
    expect(changeLine('quantity', [480, 0.48], zh, 'inventory_item', auditEntryUnits({ recordUnit: 'L', changes: { quantity: [480, 0.48], unit: ['mL', 'L'] } }))).toBe('数量：480 mL → 0.48 L');
    expect(changeLine('min_stock', [null, 100], en, 'inventory_item', auditEntryUnits({ recordUnit: 'g', changes: { min_stock: [null, 100] } }))).toBe('Minimum stock: — → 100 g');
  });

  it('labels every audit kind and action in both languages', () => {
    for (const t of [zh, en]) {
      for (const k of AUDIT_KINDS) expect(t(`audit.kinds.${k}`), k).not.toBe(`audit.kinds.${k}`);
      for (const a of AUDIT_ACTIONS) expect(actionLabel(a, t), a).not.toBe(a);
    }
  });
});
