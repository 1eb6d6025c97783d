// Pinyin in the list search (records/pinyin.ts, stores/pinyin-search.ts): full pinyin, initials and
// a mix of Chinese and pinyin find Chinese names and the other names a record holds, without tones,
// on every list; rows found only through pinyin come after the rows found as typed and are named in
// the answer; the pinyin forms follow every write path; the scan (filters, a damaged index) means
// the same as the index.
import { describe, expect, it } from 'vitest';
import type { InventoryItem, ListResult, ReagentOrder, ConsumableOrder } from '../../src/shared/records';
import { pinyinForms, pinyinQuery, pinyinTerms } from '../../src/main/records/pinyin';
import { indexSearchIds, listPage } from '../../src/main/records/search';
import { inventoryListSpec, inventoryRowValues } from '../../src/main/records/inventory-service';
import { insertMany } from '../support/bulk-insert';
import { inventoryListInput } from '../../src/shared/contract/records';
import { ensureSearchIndexes } from '../../src/main/records/search-index';
import { createHarness, type Harness } from './harness';

describe('pinyin forms and terms', () => {
  it('a text with Chinese has its full syllables and initials, without tones (ü as v); the names of a text of several names have theirs too', () => {
    expect(pinyinForms('无水乙醇')).toEqual(['wushuiyichun', 'wsyc']);
    expect(pinyinForms('二氯甲烷')).toEqual(['erlvjiawan', 'eljw']);
    // Only the Chinese is read: digits, letters and punctuation are in the plain columns already.
    expect(pinyinForms('2氨基乙醇')).toEqual(['anjiyichun', 'ajyc']);
    expect(pinyinForms('乙醇(酒精)')).toEqual(['yichunjiujing', 'ycjj', 'yichun', 'yc', 'jiujing', 'jj']);
    expect(pinyinForms('乙醇[无水]；无水酒精')).toEqual(['yichunwushuiwushuijiujing', 'ycwswsjj', 'yichun', 'yc', 'wushui', 'ws', 'wushuijiujing', 'wsjj']);
    expect(pinyinForms('水')).toEqual(['shui']);
    expect(pinyinForms('ethanol')).toEqual([]);
    // Polyphones are read in their word.
    expect(pinyinForms('重铬酸钾')[0]).toBe('zhonggesuanjia');
  });

  it('a query word is pinyin when it is letters (two or more) or letters mixed with Chinese; never digits, Chinese alone or one letter', () => {
    expect(pinyinTerms('yichun')).toEqual(['yichun']);
    expect(pinyinTerms('wsyc')).toEqual(['wsyc']);
    expect(pinyinTerms('乙chun')).toEqual(['yichun', 'ychun']);
    expect(pinyinTerms('无水yc')).toEqual(['wushuiyc', 'wsyc']);
    expect(pinyinTerms("xi'an")).toEqual(['xian']);
    for (const w of ['a', '64175', '500ml', '乙醇', 'a301', '']) expect(pinyinTerms(w), w).toBeNull();
    expect(pinyinQuery(['64175', '乙醇'])).toBeNull();
    expect(pinyinQuery(['yi', 'chun'])).toEqual({ words: [['yi'], ['chun']], whole: ['yichun'] });
  });
});

const ITEMS = [
  { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', storage_location: '试剂柜 A1', brand: '国药集团', category: '有机溶剂' },
  { name: '无水乙醇', english_name: 'Ethanol absolute', storage_location: '试剂柜 A1', brand: 'Sigma', category: 'Solvent' },
  { name: '乙醇钠', english_name: 'Sodium ethoxide', cas_number: '141-52-6', storage_location: '干燥器', brand: 'TCI', category: '' },
  { name: 'Aniline', english_name: '', cas_number: '62-53-3', storage_location: 'B105', brand: 'Sigma', category: 'Amine' },
  { name: '氨水', english_name: 'Ammonia solution', cas_number: '1336-21-6', storage_location: '通风橱', brand: '国药集团', category: '' },
  { name: '甲醇', english_name: 'Methanol', cas_number: '67-56-1', storage_location: 'B105', brand: '', category: '有机溶剂' },
];

async function seed(h: Harness): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const it of ITEMS) ids.set(it.name, (await h.ok<InventoryItem>(h.member, 'createInventoryItem', { ...it, quantity: 1, unit: '瓶' })).id);
  return ids;
}
const find = (h: Harness, q: Record<string, unknown>) => h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', { pageSize: 100, ...q });
const names = async (h: Harness, q: Record<string, unknown>) => (await find(h, q)).rows.map((r) => r.name);

describe('pinyin in the inventory search', () => {
  it('full pinyin, spaced syllables, initials and a mix find 乙醇 and 无水乙醇, in any case or width', async () => {
    const h = createHarness();
    await seed(h);
    for (const search of ['yichun', 'yi chun', 'YiChun', 'ｙｉｃｈｕｎ', '乙chun']) expect(await names(h, { search }), search).toEqual(['乙醇', '乙醇钠', '无水乙醇']);
    expect(await names(h, { search: 'yc' })).toEqual(['乙醇', '乙醇钠', '无水乙醇']);
    expect(await names(h, { search: 'wsyc' })).toEqual(['无水乙醇']);
    expect(await names(h, { search: 'wushuiyichun' })).toEqual(['无水乙醇']);
    // Pinyin of another field: the location, the brand, the category.
    expect(await names(h, { search: 'sjg' })).toEqual(['无水乙醇', '乙醇']);
    expect(await names(h, { search: 'gyjt' })).toEqual(['氨水', '乙醇']);
    expect(await names(h, { search: 'youjirongji' })).toEqual(['甲醇', '乙醇']);
  });

  it('names the rows found through pinyin only; a row the words find as typed carries no mark', async () => {
    const h = createHarness();
    const ids = await seed(h);
    const res = await find(h, { search: 'wsyc' });
    expect(res.pinyin).toEqual([ids.get('无水乙醇')]);
    expect((await find(h, { search: 'ethanol' })).pinyin).toBeUndefined();
    expect((await find(h, { search: '乙醇' })).pinyin).toBeUndefined();
    // Several words: one as typed, one in pinyin — the row is still one pinyin found.
    const mixed = await find(h, { search: 'absolute yc' });
    expect(mixed.rows.map((r) => r.name)).toEqual(['无水乙醇']);
    expect(mixed.pinyin).toEqual([ids.get('无水乙醇')]);
    expect(await names(h, { search: 'ethanol wsyc' })).toEqual(['无水乙醇']);
    expect(await names(h, { search: 'sodium yc' })).toEqual(['乙醇钠']);
    expect(await names(h, { search: 'sodium wsyc' })).toEqual([]);
  });

  it('"an" keeps the rows found as typed first (Aniline, then Methanol and Ethanol…), then the ones only pinyin finds (氨水 anshui, 干燥器 ganzaoqi)', async () => {
    const h = createHarness();
    const ids = await seed(h);
    const res = await find(h, { search: 'an' });
    // As typed: Aniline starts with it, the rest hold it inside (newest first). Only in pinyin:
    // 氨水 (its name's form starts with it), then 乙醇钠 (its location's, 干燥器).
    expect(res.rows.map((r) => r.name)).toEqual(['Aniline', '甲醇', '无水乙醇', '乙醇', '氨水', '乙醇钠']);
    expect(res.pinyin).toEqual([ids.get('氨水'), ids.get('乙醇钠')]);
  });

  it('relevance: a name or CAS equal to the words first, then starting with them, then the rest; the same order among the pinyin rows', async () => {
    const h = createHarness();
    await seed(h);
    await h.ok(h.member, 'createInventoryItem', { name: 'Yichun Buffer', quantity: 1 });
    // As typed first (the English name starts with yichun), then 乙醇 (form equals), 乙醇钠 (starts), 无水乙醇 (inside).
    expect(await names(h, { search: 'yichun' })).toEqual(['Yichun Buffer', '乙醇', '乙醇钠', '无水乙醇']);
    expect(await names(h, { search: '64-17-5' })).toEqual(['乙醇']);
    // A column sort the user picks wins, pinyin rows or not (names sort by pinyin with tones: wu2… < yi3chun2 < yi3chun2na4 < yichun…).
    expect(await names(h, { search: 'yichun', sort: 'name' })).toEqual(['无水乙醇', '乙醇', '乙醇钠', 'Yichun Buffer']);
    expect(await names(h, { search: 'yichun', sort: '-id' })).toEqual(['Yichun Buffer', '乙醇钠', '无水乙醇', '乙醇']);
  });

  it('one field searches that field\'s pinyin only; the CAS number has none; a status filter and paging apply', async () => {
    const h = createHarness();
    await seed(h);
    expect(await names(h, { search: 'yc', field: 'name' })).toEqual(['乙醇', '乙醇钠', '无水乙醇']);
    expect(await names(h, { search: 'yc', field: 'brand' })).toEqual([]);
    expect(await names(h, { search: 'gd', field: 'storage_location' })).toEqual([]);
    expect(await names(h, { search: 'tfc', field: 'storage_location' })).toEqual(['氨水']);
    expect(await names(h, { search: 'yc', field: 'cas_number' })).toEqual([]);
    const page = await find(h, { search: 'yc', pageSize: 2, page: 2 });
    expect([page.total, page.rows.map((r) => r.name)]).toEqual([3, ['无水乙醇']]);
    const item = (await find(h, { search: 'wsyc' })).rows[0]!;
    await h.ok(h.member, 'consumeInventoryItem', { id: item.id });
    expect(await names(h, { search: 'wsyc', status: 'in_stock' })).toEqual([]);
    expect(await names(h, { search: 'wsyc', status: 'consumed' })).toEqual(['无水乙醇']);
  });

  it('follows every write path: an edit, a location renamed, a delete', async () => {
    const h = createHarness();
    const ids = await seed(h);
    await h.ok(h.member, 'updateInventoryItem', { id: ids.get('甲醇'), name: '丙酮' });
    expect(await names(h, { search: 'bingtong' })).toEqual(['丙酮']);
    expect(await names(h, { search: 'jiachun' })).toEqual([]);
    const room = await h.locations.create(h.admin, { name: '冷库' });
    await h.locations.moveItem(h.member, { id: ids.get('乙醇')!, location_id: room.id });
    expect(await names(h, { search: 'lengku' })).toEqual(['乙醇']);
    await h.locations.update(h.admin, { id: room.id, name: '冰箱' });
    expect(await names(h, { search: 'lengku' })).toEqual([]);
    expect(await names(h, { search: 'bingxiang' })).toEqual(['乙醇']);
    await h.ok(h.admin, 'deleteInventoryItem', { id: ids.get('无水乙醇') });
    expect(await names(h, { search: 'wsyc' })).toEqual([]);
  });

  it('the scan (a filter, or no usable index) means the same as the index, in the same order', async () => {
    const h = createHarness();
    await seed(h);
    const everything = { sql: '1 = 1', params: [] };
    for (const search of ['yichun', 'yi chun', 'yc', 'wsyc', '乙chun', 'an', 'an 试剂柜', 'ethanol', 'sjg a1']) {
      for (const sort of ['', 'name', '-id']) {
        const q = inventoryListInput.parse({ search, sort, pageSize: 100 });
        const viaIndex = indexSearchIds(h.dbs.lab, inventoryListSpec, q);
        const scanned = listPage(h.dbs.lab, inventoryListSpec, q, { filter: everything });
        expect(viaIndex, `${search} ${sort}`).toEqual(scanned.rows.map((r) => r.id));
        expect(listPage(h.dbs.lab, inventoryListSpec, q).pinyin, `${search} ${sort}`).toEqual(scanned.pinyin);
      }
    }
  });
});

describe('many pinyin candidates', () => {
  it('several words whose pinyin is common ("yi chun" over thousands of 乙… names): narrowed by each word\'s hits, the same as the scan', () => {
    const h = createHarness();
    const names = ['乙酸', '乙腈', '乙醚', '异丙醇', '乙醇', '无水乙醇', '乙二醇', '一水合柠檬酸', 'Ethyl acetate', '春雷霉素'];
    const rows = Array.from({ length: 3600 }, (_, i) => ({ ...inventoryRowValues({ name: names[i % names.length]!, quantity: 1, specification: i % 7 ? '' : 'chun' } as never, ''), status: i % 5 ? 'in_stock' : 'consumed', created_by: h.member.id }));
    h.dbs.lab.transaction(() => insertMany(h.dbs.lab, 'inventory_items', rows))();
    const everything = { sql: '1 = 1', params: [] };
    for (const [search, status] of [['yi chun', ''], ['yi chun', 'consumed'], ['chun yi', ''], ['yi c', ''], ['yc shui', '']] as const) {
      const q = inventoryListInput.parse({ search, status, pageSize: 50 });
      const scanned = listChunksIds(h, q, everything);
      expect(indexSearchIds(h.dbs.lab, inventoryListSpec, q), `${search} ${status}`).toEqual(scanned);
      expect(scanned.length, `${search} ${status}`).toBeGreaterThan(0);
    }
  });
});

describe('a word both plain and pinyin over many rows', () => {
  it('"an": a page among the rows found as typed counts the pinyin rows without listing them; every page, total and mark equals the scan\'s', () => {
    const h = createHarness();
    // As typed: Aniline, Methane…; only in pinyin: 氨水 anshui, 安息香 anxixiang, 碳酸钠 tansuanna; neither: 乙醇.
    const names = ['Aniline', '氨水', 'Methane', '安息香', '乙醇', '碳酸钠', 'Benzene', '甲烷 methane', 'Sodium chloride'];
    const rows = Array.from({ length: 1800 }, (_, i) => ({ ...inventoryRowValues({ name: names[i % names.length]!, quantity: 1 } as never, ''), status: i % 4 ? 'in_stock' : 'consumed', created_by: h.member.id }));
    h.dbs.lab.transaction(() => insertMany(h.dbs.lab, 'inventory_items', rows))();
    const everything = { sql: '1 = 1', params: [] };
    const typed = listChunksIds(h, inventoryListInput.parse({ search: 'an' }), { sql: "instr(t.search_all, 'an') > 0", params: [] }).length;
    // Pages inside the rows found as typed, across the boundary, among the pinyin rows; a status; a sort.
    const boundary = Math.floor(typed / 20) + 1;
    for (const [page, status, sort] of [[1, '', ''], [3, '', ''], [boundary, '', ''], [boundary + 2, '', ''], [1, 'consumed', ''], [boundary, '', 'name'], [2, '', '-id']] as const) {
      const q = inventoryListInput.parse({ search: 'an', page, pageSize: 20, status, sort });
      const scan = listPage(h.dbs.lab, inventoryListSpec, q, { filter: everything });
      const page_ = listPage(h.dbs.lab, inventoryListSpec, q);
      const what = `page ${page} ${status} ${sort}`;
      expect(page_.total, what).toBe(scan.total);
      expect(page_.rows.map((r) => r.id), what).toEqual(scan.rows.map((r) => r.id));
      expect(page_.pinyin, what).toEqual(scan.pinyin);
      expect(indexSearchIds(h.dbs.lab, inventoryListSpec, q), what).not.toBeNull();
    }
    const all = listPage(h.dbs.lab, inventoryListSpec, inventoryListInput.parse({ search: 'an' }));
    expect(all.total).toBeGreaterThan(typed);
    expect(typed).toBeGreaterThan(40);
  });
});

function listChunksIds(h: Harness, q: ReturnType<typeof inventoryListInput.parse>, filter: { sql: string; params: unknown[] }): number[] {
  return listPage(h.dbs.lab, inventoryListSpec, { ...q, pageSize: 5000 }, { filter }).rows.map((r) => r.id);
}

describe('pinyin in the order lists', () => {
  it('reagent orders by name and applicant, consumable orders by name and what was agreed', async () => {
    const h = createHarness();
    await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { name: '无水乙醇', quantity: 1 });
    await h.ok<ReagentOrder>(h.member, 'createReagentOrder', { name: 'Acetone', quantity: 1 });
    await h.ok<ConsumableOrder>(h.member, 'createConsumableOrder', { name: '移液枪头', quantity: 1, communication: '王老师' });
    await h.ok<ConsumableOrder>(h.member, 'createConsumableOrder', { name: 'Gloves', quantity: 1 });
    const reagent = await h.ok<ListResult<ReagentOrder>>(h.guest, 'listReagentOrders', { search: 'wsyc' });
    expect([reagent.rows.map((r) => r.name), reagent.pinyin]).toEqual([['无水乙醇'], [reagent.rows[0]!.id]]);
    const applicant = h.member.displayName;
    const byApplicant = await h.ok<ListResult<ReagentOrder>>(h.guest, 'listReagentOrders', { search: pinyinForms(applicant)[0] ?? applicant, field: 'applicant' });
    expect(byApplicant.total).toBe(2);
    expect((await h.ok<ListResult<ConsumableOrder>>(h.guest, 'listConsumableOrders', { search: 'yyqt' })).rows.map((r) => r.name)).toEqual(['移液枪头']);
    expect((await h.ok<ListResult<ConsumableOrder>>(h.guest, 'listConsumableOrders', { search: 'wanglaoshi' })).rows.map((r) => r.name)).toEqual(['移液枪头']);
  });
});

describe('a damaged or missing pinyin index', () => {
  it('is rebuilt at start from the rows, in the shape the migration made, and said', async () => {
    const h = createHarness();
    await seed(h);
    const db = h.dbs.lab;
    const schema = () => db.prepare(`SELECT name, sql FROM sqlite_master WHERE name LIKE 'inventory\\_items\\_pinyin%' ESCAPE '\\' ORDER BY name`).all();
    const made = schema();
    expect(made.length).toBeGreaterThan(5);
    expect(ensureSearchIndexes(db)).toEqual([]);
    // A trigger lost: a row written meanwhile is missing from the index until the rebuild.
    db.exec('DROP TRIGGER inventory_items_pinyin_insert');
    await h.ok(h.member, 'createInventoryItem', { name: '丙酮', quantity: 1 });
    expect(ensureSearchIndexes(db)).toEqual([{ table: 'inventory_items_pinyin', problem: 'inventory_items_pinyin_insert is missing' }]);
    expect(schema()).toEqual(made);
    expect(await names(h, { search: 'bingtong' })).toEqual(['丙酮']);
    // A row lost from the index.
    db.prepare('DELETE FROM inventory_items_pinyin WHERE rowid = ?').run((await find(h, { search: 'wsyc' })).rows[0]!.id);
    expect(await names(h, { search: 'wsyc' })).toEqual([]);
    expect(ensureSearchIndexes(db)).toEqual([{ table: 'inventory_items_pinyin', problem: expect.stringMatching(/holds 5 rows for 6 records with pinyin/) }]);
    expect(await names(h, { search: 'wsyc' })).toEqual(['无水乙醇']);
  });

  it('damaged while the app runs: the list still answers right, by the scan', async () => {
    const h = createHarness();
    await seed(h);
    const want = await Promise.all(['yichun', 'wsyc', 'an'].map((search) => find(h, { search })));
    h.dbs.lab.unsafeMode(true);
    h.dbs.lab.exec('DELETE FROM inventory_items_pinyin_data WHERE id > 1');
    h.dbs.lab.unsafeMode(false);
    expect(() => indexSearchIds(h.dbs.lab, inventoryListSpec, inventoryListInput.parse({ search: 'yichun' }))).toThrow(/malformed|corrupt/);
    expect(await Promise.all(['yichun', 'wsyc', 'an'].map((search) => find(h, { search })))).toEqual(want);
  });
});
