// Every sentence the service can say has a stable key (src/shared/messages.ts). This checks the
// key table against both i18next resources the UI loads — a key without a translation in either
// language, or a Chinese template that drops one of the English template's params, fails here —
// and that real errors come out in Chinese with their codes (statuses, actions, kinds) as words.
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { z } from 'zod';
import { MESSAGES, msg, templateParams, type MessageKey } from '../../src/shared/messages';
import { AppError, zodToAppError } from '../../src/shared/errors';
import { resources } from '../../src/renderer/i18n/resources';
import { translateFields, translateMessage, type Translate } from '../../src/renderer/i18n/translate';
import { inventoryCreateInput } from '../../src/shared/contract/records';

const i18n = i18next.createInstance();
await i18n.init({ resources, lng: 'zh-CN', fallbackLng: false, interpolation: { escapeValue: false } });
const tIn = (lng: string): Translate => (key, options) => i18n.t(key, { ...options, lng });
const zh = tIn('zh-CN');
const en = tIn('en');
const KEYS = Object.keys(MESSAGES) as MessageKey[];

/** The raw template a language holds for a key, or undefined. */
function template(lng: string, key: MessageKey): unknown {
  return i18n.getResource(lng, 'translation', `msg.${key}`);
}

describe('message keys in both languages', () => {
  it('every key of the table has a template in English and in Chinese', () => {
    expect(KEYS.length).toBeGreaterThan(150);
    const missing = KEYS.flatMap((k) => ['en', 'zh-CN'].filter((lng) => typeof template(lng, k) !== 'string').map((lng) => `${lng}: ${k}`));
    expect(missing).toEqual([]);
  });

  it('the English template is the table itself, and Chinese uses exactly its params', () => {
    const wrong: string[] = [];
    for (const k of KEYS) {
      expect(template('en', k)).toBe(MESSAGES[k]);
      const want = new Set(templateParams(MESSAGES[k]));
      const got = new Set(templateParams(template('zh-CN', k) as string));
      if ([...want].some((p) => !got.has(p)) || [...got].some((p) => !want.has(p))) wrong.push(`${k}: ${[...want].join(',')} vs ${[...got].join(',')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('no Chinese template is left in English', () => {
    const english = KEYS.filter((k) => !/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(template('zh-CN', k) as string));
    expect(english).toEqual([]);
  });
});

describe('errors as the UI shows them', () => {
  const shown = (e: AppError, t: Translate) => translateMessage(e.toBody(), t);

  it('the English UI shows the message the service logs', () => {
    const e = new AppError('conflict', 'records.wrongStatus', { action: 'stock_in', kind: 'reagent_order', id: 12, status: 'approved', allowed: ['arrived'] });
    expect(e.message).toBe('Cannot stock in reagent order 12: its status is "approved" (needs arrived).');
    expect(shown(new AppError('unauthorized', 'auth.wrongPassword'), en)).toBe('Wrong username or password.');
  });

  it('statuses, actions, kinds and job names become Chinese words', () => {
    expect(shown(new AppError('conflict', 'records.wrongStatus', { action: 'approve', kind: 'reagent_order', id: 12, status: 'approved', allowed: ['pending_approval'] }), zh)).toBe(
      '无法批准试剂订单 12：当前状态是“已批准”（需要：待审批）。',
    );
    expect(shown(new AppError('conflict', 'records.wrongStatus', { action: 'edit', kind: 'reagent_order', id: 3, status: 'stocked_in', allowed: ['pending_approval', 'approved'] }), zh)).toBe(
      '无法修改试剂订单 3：当前状态是“已入库”（需要：待审批、已批准）。',
    );
    expect(shown(new AppError('conflict', 'records.alreadySubmitted', { kind: 'reagent', id: 41 }), zh)).toBe('该商品已提交为试剂订单 #41。');
    expect(shown(new AppError('conflict', 'data.jobRunning', { job: 'backup' }), zh)).toBe('已有备份任务在运行；请等它完成。');
    expect(shown(new AppError('validation', 'move.relativePath'), zh)).toBe('请用完整（绝对）路径指定新位置。');
  });

  it('CAS refusals: the message, the field error and the reason in Chinese', () => {
    const e = new AppError('validation', 'cas.checkDigit', { cas: '67-64-2', expected: 1 });
    expect(e.message).toBe('CAS number 67-64-2 fails the check digit (expected 1). Check it, or confirm to keep it as written.');
    expect(shown(e, zh)).toBe('CAS 号 67-64-2 的校验位不对（应为 1）。请核对；如确认无误，可确认按原样保存。');
    expect(translateMessage(msg('cas.invalidField', { reason: 'form' }), zh)).toBe('不是有效的 CAS 号（格式不是 NNNNNNN-NN-N）');
    expect(msg('cas.invalidField', { reason: 'form' }).message).toBe('not a CAS number (not in the form NNNNNNN-NN-N)');
  });

  it('zod refusals carry keys and params, in both languages', () => {
    const r = z.safeParse(inventoryCreateInput, { name: '', quantity: -1, unit: 'x'.repeat(201) });
    const e = zodToAppError(r.error!);
    expect(e.key).toBe('input.invalid');
    expect(e.fields!.name).toMatchObject({ key: 'field.required', message: 'is required' });
    expect(e.fields!.quantity).toMatchObject({ key: 'field.notNegative', message: 'must not be negative' });
    expect(translateFields(e.fields, zh)).toMatchObject({ name: '必填', quantity: '不能为负数' });
    expect(shown(e, zh)).toMatch(/^输入有误：名称、数量/);
  });

  it('nested messages (restore warnings, file-system reasons) are translated too', () => {
    const e = new AppError('conflict', 'restore.needsConfirmation', { warnings: [msg('restore.uncleanCopy')] });
    expect(e.message.startsWith('Restore not started: This folder was not closed cleanly')).toBe(true);
    expect(shown(e, zh).startsWith('未开始恢复：此文件夹没有正常关闭')).toBe(true);
  });

  it('the maintenance worker states have words in both languages', () => {
    for (const s of ['starting', 'running', 'restarting', 'stopped']) {
      expect(i18n.getResource('zh-CN', 'translation', `codes.worker.${s}`), s).toMatch(/[\u4e00-\u9fff]/);
      expect(typeof i18n.getResource('en', 'translation', `codes.worker.${s}`)).toBe('string');
    }
  });
});
