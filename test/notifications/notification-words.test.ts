// The notification centre's words in both languages, as the UI loads them: the same keys in
// Chinese and English, a sentence for every kind with the parameters the service sends, Chinese
// punctuation in Chinese (no ASCII colon), and each kind's setting named.
import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { resources } from '../../src/renderer/i18n/resources';
import { en, zh } from '../../src/renderer/notifications/notifications.i18n';
import { notificationText } from '../../src/renderer/notifications/words';
import { NOTIFICATION_KINDS, type Notification } from '../../src/shared/notifications';

const i18n = i18next.createInstance();
await i18n.init({ resources, lng: 'zh-CN', fallbackLng: false, interpolation: { escapeValue: false } });
const tIn = (lng: string) => ((key: string, options?: object) => i18n.t(key, { ...options, lng })) as unknown as TFunction;

/** Every leaf of a nested bundle as `path → text`. */
function leaves(o: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(leaves(v as Record<string, unknown>, `${prefix}${k}.`)))));
}
const note = (over: Partial<Notification>): Notification => ({ id: 1, kind: 'order_approved', order_type: 'reagent', order_id: 7, item_id: null, params: { name: '乙腈', by: '李老师' }, created_at: '2026-11-23T10:36:00.000Z', read_at: null, ...over });

describe('notification words', () => {
  it('has the same keys and the same parameters in both languages; Chinese uses Chinese punctuation', () => {
    const e = leaves(en);
    const z = leaves(zh);
    expect(Object.keys(z).sort()).toEqual(Object.keys(e).sort());
    const params = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const k of Object.keys(e)) {
      expect(params(z[k]!), k).toEqual(params(e[k]!));
      expect(z[k], k).not.toMatch(/:/);
    }
    for (const kind of NOTIFICATION_KINDS) {
      expect(e[`text.${kind}`], kind).toBeTruthy();
      expect(e[`settings.kind.${kind}`], kind).toBeTruthy();
    }
  });

  it('words each kind with what the service sent, in the UI language', () => {
    const cases: Array<[Partial<Notification>, string, string]> = [
      [{ kind: 'order_requested', params: { name: '移液枪头', by: '张三' }, order_type: 'consumable' }, '张三 提交了耗材订单“移液枪头”，等待审批。', '张三 requested the consumable order “移液枪头”.'],
      [{ kind: 'order_approved' }, '你的试剂订单“乙腈”已由 李老师 批准。', 'Your reagent order “乙腈” was approved by 李老师.'],
      [{ kind: 'order_rejected', params: { name: '乙腈', by: '李老师', reason: '本月预算已用完' } }, '你的试剂订单“乙腈”被 李老师 驳回。原因：本月预算已用完', 'Your reagent order “乙腈” was rejected by 李老师. Reason: 本月预算已用完'],
      [{ kind: 'order_arrived' }, '你的试剂订单“乙腈”已到货。', 'Your reagent order “乙腈” has arrived.'],
      [{ kind: 'order_arrived', order_type: 'consumable', params: { name: '手套', by: 'Admin' } }, '你的耗材订单“手套”已完成，货品已到。', 'Your consumable order “手套” is complete: the goods have arrived.'],
      [{ kind: 'order_stocked_in', item_id: 12, params: { name: '乙腈', by: 'Admin', location: 'A301 › 试剂柜' } }, '你的试剂订单“乙腈”已入库，存放于 A301 › 试剂柜。', 'Your reagent order “乙腈” was stocked in at A301 › 试剂柜.'],
    ];
    for (const [over, zhText, enText] of cases) {
      expect(notificationText(note(over), tIn('zh-CN'))).toBe(zhText);
      expect(notificationText(note(over), tIn('en'))).toBe(enText);
    }
  });
});
