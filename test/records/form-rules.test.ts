// The record forms (RecordForm, the cart-import ItemCard) take their rules from the contract's zod
// schemas: for every field a form shows, a value the service refuses is refused by the form with
// the service's own message (translated in zh-CN), and a value it accepts passes.
import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { z } from 'zod';
import { FIELDS, FORM_SCHEMAS, type RecordKind } from '../../src/renderer/records/record-fields';
import i18next from 'i18next';
import { REQUIRED_MESSAGE, schemaRules } from '../../src/renderer/app/schema-rules';
import { issueMessage } from '../../src/shared/errors';
import { resources } from '../../src/renderer/i18n/resources';

await i18next.init({ resources, lng: 'en', interpolation: { escapeValue: false } });

const KINDS = Object.keys(FIELDS) as RecordKind[];
const BASE = { name: 'Ethanol', quantity: 1 };
const PROBES: unknown[] = [null, '', '   ', 'Ethanol', '64-17-5', 'x'.repeat(20), 'x'.repeat(21), 'x'.repeat(61), 'x'.repeat(101), 'x'.repeat(201), 'x'.repeat(501), 'x'.repeat(2001), 0, -1, 0.5, 1e9, 1e10, Number.NaN, '5', true, false,
  // the item fields: calendar dates, GHS codes, amounts with too many decimals
  '2027-03-01', '2027-02-30', '2027/3/1', ['GHS02', 'GHS07'], ['GHS10'], 'GHS02', 0.0000001, 0.000001];

/** What the form's rules say about one value: the error text, or null when accepted. */
async function formSays(kind: RecordKind, field: string, value: unknown, language: string): Promise<string | null> {
  const [rule] = schemaRules(FORM_SCHEMAS[kind], field, language) as RuleObject[];
  try {
    await rule!.validator!(rule!, value, () => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** What the service says about the record the form would send (a cleared field is left out). */
function serviceSays(kind: RecordKind, field: string, value: unknown): string | null {
  const body: Record<string, unknown> = { ...BASE };
  if (value === null || value === undefined) delete body[field];
  else body[field] = value;
  const r = z.safeParse(FORM_SCHEMAS[kind], body);
  if (r.success) return null;
  const issue = r.error.issues.find((i) => i.path[0] === field);
  return issue ? issueMessage(issue).message : null;
}

describe('form rules come from the contract schemas', () => {
  it('every field a form shows has a rule in its schema', () => {
    for (const kind of KINDS) for (const f of FIELDS[kind]) expect(Object.keys(FORM_SCHEMAS[kind].shape), `${kind}.${f.name}`).toContain(f.name);
  });

  it('refuses exactly what the service refuses, with its message', async () => {
    let refused = 0;
    for (const kind of KINDS) {
      for (const { name } of FIELDS[kind]) {
        for (const v of PROBES) {
          const service = serviceSays(kind, name, v);
          const form = await formSays(kind, name, v, 'en');
          const label = `${kind}.${name} = ${JSON.stringify(v)?.slice(0, 30)}`;
          if (service === null) expect(form, label).toBeNull();
          else {
            refused++;
            const expected = v === null ? REQUIRED_MESSAGE.message : service;
            expect(form?.toLowerCase(), label).toBe(expected.toLowerCase());
            const zh = await formSays(kind, name, v, 'zh-CN');
            // GHS pictogram codes (GHS01…) are the same in every language
            expect(zh?.replace(/GHS\d\d/g, ''), `${label} in Chinese`).not.toMatch(/[a-z]{3}/i);
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(50);
  });

  it('names the limits the service enforces, in Chinese for a Chinese UI', async () => {
    expect(await formSays('reagent', 'name', 'x'.repeat(201), 'en')).toBe('At most 200 characters');
    expect(await formSays('reagent', 'name', 'x'.repeat(201), 'zh-CN')).toBe('最多 200 个字符');
    expect(await formSays('consumable', 'name', null, 'zh-CN')).toBe('必填');
    expect(await formSays('reagent', 'quantity', 0, 'zh-CN')).toBe('必须大于 0');
    expect(await formSays('inventory', 'quantity', 0, 'zh-CN')).toBeNull();
    expect(await formSays('inventory', 'quantity', -1, 'zh-CN')).toBe('不能为负数');
    expect(await formSays('reagent', 'unit_price', 1e10, 'zh-CN')).toBe('数值过大');
    expect(await formSays('reagent', 'notes', 'x'.repeat(2001), 'en')).toBe('At most 2000 characters');
  });

  it('checks the item fields as the service does: dates, GHS codes, container size, minimum stock', async () => {
    expect(await formSays('inventory', 'expiry_date', '2027-03-01', 'en')).toBeNull();
    expect(await formSays('inventory', 'expiry_date', null, 'en')).toBeNull();
    expect(await formSays('inventory', 'expiry_date', '2027-02-30', 'en')).toBe('Must be a date (YYYY-MM-DD)');
    expect(await formSays('inventory', 'opened_date', '2027-02-30', 'zh-CN')).toBe('必须是日期（年-月-日，如 2027-03-01）');
    expect(await formSays('inventory', 'ghs', ['GHS02', 'GHS07'], 'en')).toBeNull();
    expect(await formSays('inventory', 'ghs', ['GHS10'], 'en')).toMatch(/^Must be one of GHS01/);
    expect(await formSays('inventory', 'container_size', 0, 'zh-CN')).toBe('必须大于 0');
    expect(await formSays('inventory', 'container_size', 0.0000001, 'en')).toBe('At most 6 decimal places');
    expect(await formSays('inventory', 'min_stock', 0, 'en')).toBeNull();
    expect(await formSays('inventory', 'min_stock', -1, 'zh-CN')).toBe('不能为负数');
    expect(await formSays('inventory', 'lot_number', 'x'.repeat(101), 'en')).toBe('At most 100 characters');
    expect(await formSays('reagent', 'supplier', 'x'.repeat(201), 'en')).toBe('At most 200 characters');
  });
});
