// Pinyin in the list search over real HTTP on loopback (browser mode, a temp data directory), on
// real names: the Chinese names and other names (别名) of the 2015 hazardous chemicals catalogue,
// written as a lab writes them ("乙醇[无水]（无水酒精）"), beside English names from the shared
// chemicals table. "yichun", "yc", "wsyc", "yi chun" and "乙chun" find 乙醇 and 无水乙醇; "an" keeps
// the rows found as typed first; exact names and CAS numbers rank first; the answer names the rows
// found through pinyin only.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startTestServices, setupAdmin } from '../support/temp';
import { http, login } from '../support/http';
import { sharedDataFile } from '../support/shared-data';
import { parseHazchem } from '../../src/main/reference/parse';
import { normalizeSearchTerm } from '../../src/shared/normalize';
import { loadChemicals } from '../fixtures/records/sample-data';
import type { InventoryItem, ListResult } from '../../src/shared/records';
import { inventoryCreateInput } from '../../src/shared/contract/records';
import { parseCas } from '../../src/shared/cas';

/** The catalogue's rows: those named with 乙醇 and every 25th other one, with their other names as a lab writes them. */
function catalogueItems(): Array<{ name: string; cas_number: string; category: string }> {
  const file = sharedDataFile('safety/hazchem-catalogue-2015.csv');
  return parseHazchem(file, fs.readFileSync(file, 'utf8'))
    .filter((r, i) => r.name.includes('乙醇') || i % 25 === 0)
    .map((r) => ({ name: r.alias ? `${r.name}（${r.alias}）` : r.name, cas_number: r.cas[0] ?? '', category: '危险化学品' }));
}

/** The normalized texts a search reads as typed (every field of `all`). */
const typedText = (r: InventoryItem) => normalizeSearchTerm([r.name, r.english_name, r.cas_number, r.storage_location, r.brand, r.category, r.product_number, r.specification].join(' '));

describe('pinyin search over HTTP', () => {
  it('finds 乙醇 and 无水乙醇 by full pinyin, initials and a mix, keeps plain matches first, and marks the pinyin rows', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    const member = await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    // Seeded through the service with the contract's own checks (a few hundred rows; the searches go over HTTP).
    const add = (input: Record<string, unknown>) => s.data.records.inventory.create(member, inventoryCreateInput.parse(input));
    // The catalogue's names (CAS as listed: a mixture has none), English names from the chemicals table, and the lab's own words.
    for (const it of catalogueItems()) await add({ ...it, quantity: 1, unit: '瓶', cas_override: true });
    for (const c of loadChemicals().filter((c, i) => i % 40 === 0 && parseCas(c.cas).kind === 'valid')) await add({ name: c.name, cas_number: c.cas, quantity: 1, unit: 'g' });
    const ethanol = await add({ name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 500, unit: 'mL', storage_location: '试剂柜 A1' });
    const absolute = await add({ name: '无水乙醇', english_name: 'Ethanol absolute', quantity: 500, unit: 'mL', storage_location: '试剂柜 A1' });
    const base = `http://127.0.0.1:${s.port}`;
    const cookie = await login(base, 'alice', 'alice-pass-1');
    const search = async (q: string, extra = '') => {
      const res = await http(base, 'GET', `/api/inventory/?search=${encodeURIComponent(q)}&pageSize=200${extra}`, undefined, cookie);
      expect(res.status, q).toBe(200);
      return res.json as ListResult<InventoryItem>;
    };

    const wsyc = await search('wsyc');
    expect(wsyc.rows[0]).toMatchObject({ id: absolute.id, name: '无水乙醇' });
    expect(wsyc.pinyin).toContain(absolute.id);
    // Full pinyin, spaced syllables, Chinese mixed with pinyin: 乙醇 (its name's form equals the words) first.
    for (const q of ['yichun', 'yi chun', 'YICHUN', '乙chun']) {
      const res = await search(q);
      expect(res.rows[0]?.name, q).toBe('乙醇');
      expect(res.rows.map((r) => r.id), q).toContain(absolute.id);
      // Every 乙醇 of the catalogue is found (and nothing holds the words as typed, so every row is marked).
      expect(res.rows.filter((r) => r.name.includes('乙醇')).length, q).toBe(catalogueItems().filter((i) => i.name.includes('乙醇')).length + 2);
      expect(new Set(res.pinyin), q).toEqual(new Set(res.rows.map((r) => r.id)));
    }
    // Initials: "yc" is also inside English names as typed (cyclo…): those first, then 乙醇 leads the pinyin rows.
    const yc = await search('yc');
    const ycPinyin = yc.rows.filter((r) => yc.pinyin?.includes(r.id));
    expect(ycPinyin[0]?.id).toBe(ethanol.id);
    expect(ycPinyin.map((r) => r.id)).toContain(absolute.id);
    expect(yc.rows.slice(0, yc.rows.length - ycPinyin.length).every((r) => typedText(r).includes('yc'))).toBe(true);
    // Another name the catalogue gives (别名 无水酒精), by its pinyin.
    expect((await search('wsjj')).rows.map((r) => r.name)).toContain('乙醇[无水]（无水酒精）');
    // Relevance: the name or CAS as typed first, marked as nothing.
    const plain = await search('乙醇');
    expect(plain.rows[0]?.id).toBe(ethanol.id);
    expect(plain.pinyin).toBeUndefined();
    expect((await search('64-17-5')).rows[0]?.id).toBe(ethanol.id);

    // "an" is a plain word and pinyin (氨, 安…): every row found as typed comes before every row found through pinyin.
    const an = await search('an');
    const marked = new Set(an.pinyin);
    expect(marked.size).toBeGreaterThan(0);
    expect(an.rows.length).toBeLessThan(200);
    for (const r of an.rows) expect(marked.has(r.id), r.name).toBe(!typedText(r).includes('an'));
    const firstMarked = an.rows.findIndex((r) => marked.has(r.id));
    expect(an.rows.slice(firstMarked).every((r) => marked.has(r.id))).toBe(true);
    expect(an.rows.slice(0, firstMarked).length).toBeGreaterThan(0);

    // A status filter and one field apply to pinyin too.
    expect((await search('wsyc', '&field=name&status=in_stock')).rows[0]?.id).toBe(absolute.id);
    expect((await search('wsyc', '&field=brand')).rows).toEqual([]);
  });

  it('searches the order lists by pinyin too', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const cookie = await login(base, 'alice', 'alice-pass-1');
    const order = await http(base, 'POST', '/api/reagent-orders', { name: '无水乙醇', quantity: 1 }, cookie);
    await http(base, 'POST', '/api/reagent-orders', { name: 'Acetone', quantity: 1 }, cookie);
    const tips = await http(base, 'POST', '/api/consumable-orders', { name: '移液枪头', quantity: 10 }, cookie);
    const reagent = await http(base, 'GET', `/api/reagent-orders/?search=wsyc`, undefined, cookie);
    expect(reagent.json).toMatchObject({ total: 1, rows: [{ id: order.json.id }], pinyin: [order.json.id] });
    // The applicant (张三) by the initials of the name.
    expect((await http(base, 'GET', `/api/reagent-orders/?search=zs&field=applicant`, undefined, cookie)).json.total).toBe(2);
    const consumable = await http(base, 'GET', `/api/consumable-orders/?search=${encodeURIComponent('yi ye')}`, undefined, cookie);
    expect(consumable.json).toMatchObject({ total: 1, rows: [{ id: tips.json.id }], pinyin: [tips.json.id] });
  });
});
