// Controlled lists (issue 11) through the real services, dispatcher and SQLite files: every write
// path flags items and orders whose CAS is listed, list changes re-flag existing records and
// announce themselves, an import takes only valid rows and says what it did, and the lists are
// reachable over real HTTP at /api/controlled-lists.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createHarness, tempDir, type Harness } from '../records/harness';
import type { InventoryItem, ReagentOrder, ImportPreview, ImportResult } from '../../src/shared/records';
import type { ControlledCategory, ControlledImportResult } from '../../src/shared/controlled';
import { BatchStore } from '../../src/main/cart-import/batch-store';
import { EventBus } from '../../src/main/events';
import { silentLogger } from '../../src/main/logging';
import { batch } from '../cart-import/helpers';
import { asyncRefusal } from '../support/refusal';
import { startTestServices, setupAdmin } from '../support/temp';
import { http, login } from '../support/http';
import { searchAudit } from '../../src/main/audit/audit-query';
import { recordLabel } from '../../src/renderer/records/change-format';

const CYANIDE = { name: '氰化钠', cas_number: '143-33-9', quantity: 100, unit: 'g' };
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

async function toxic(h: Harness): Promise<ControlledCategory> {
  return (await h.controlled.categories()).find((c) => c.key === 'highly_toxic')!;
}
const flagOf = (h: Harness, table: string, id: number) => h.dbs.lab.prepare(`SELECT controlled FROM ${table} WHERE id = ?`).pluck().get(id);

async function bulkImport(h: Harness, csv: string): Promise<ImportResult> {
  const { importId } = await h.ok<{ importId: string }>(h.member, 'importUpload', { fileName: 'items.csv', chunk: b64(csv), last: true });
  await h.ok<ImportPreview>(h.member, 'importPreview', { importId });
  return h.ok<ImportResult>(h.member, 'importCommit', { importId, mapping: { name: 0, cas_number: 1, quantity: 2, unit: 3 }, skipBadRows: false });
}

describe('controlled lists', () => {
  it('flags every write path: form create and edit, bulk import, cart-import submission, stock-in, split', async () => {
    const h = createHarness();
    const cat = await toxic(h);
    await h.controlled.addCas(h.admin, { id: cat.id, cas: '143339', name: '氰化钠' }); // canonicalised
    expect(await h.controlled.entries(cat.id)).toEqual([{ category_id: cat.id, cas: '143-33-9', name: '氰化钠' }]);
    const flag = String(cat.id);

    const created = await h.ok<InventoryItem>(h.member, 'createInventoryItem', CYANIDE);
    expect(created.controlled).toBe(flag);
    const plain = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { ...CYANIDE, name: '乙醇', cas_number: '64-17-5' });
    expect(plain.controlled).toBeNull();
    expect((await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: plain.id, cas_number: '143-33-9' })).controlled).toBe(flag);
    expect((await h.ok<InventoryItem>(h.member, 'getInventoryItem', { id: plain.id })).controlled).toBe(flag);

    await bulkImport(h, 'name,cas,qty,unit\n氰化钠,143-33-9,5,g\n乙醇,64-17-5,1,L\n');
    const imported = h.dbs.lab.prepare("SELECT cas_number, controlled FROM inventory_items WHERE id > ? ORDER BY id").all(plain.id);
    expect(imported).toEqual([{ cas_number: '143-33-9', controlled: flag }, { cas_number: '64-17-5', controlled: null }]);

    // A cart-import submission is an order made with an import reference.
    const dir = tempDir();
    const store = new BatchStore(dir, new EventBus(), silentLogger());
    const b = batch();
    store.accept(b, b.batch_id);
    const fromCart = await h.records.reagentOrders.create(h.member, { name: '氰化钠', cas_number: '143-33-9', quantity: 1, import_ref: { batch_id: b.batch_id, item_id: 'item-1' } }, (r) => store.checkItem(r));
    expect(fromCart.controlled).toBe(flag);
    const listed = await h.ok<{ rows: ReagentOrder[] }>(h.admin, 'listReagentOrders', { status: 'pending_approval' });
    expect(listed.rows.find((o) => o.id === fromCart.id)?.controlled).toBe(flag);

    // Ordering it needs an admin's approval like any order; stock-in flags the new item.
    expect(fromCart.status).toBe('pending_approval');
    expect((await h.call(h.member, 'approveReagentOrder', { id: fromCart.id })).ok).toBe(false);
    await h.ok(h.admin, 'approveReagentOrder', { id: fromCart.id });
    await h.ok(h.admin, 'arriveReagentOrder', { id: fromCart.id });
    await h.ok(h.admin, 'createLocation', { name: 'A1' });
    const stocked = await h.ok<{ item: InventoryItem }>(h.admin, 'stockInReagentOrder', { id: fromCart.id, storage_location: 'A1' });
    expect(stocked.item.controlled).toBe(flag);

    const split = await h.ok<{ newItem: InventoryItem }>(h.member, 'splitInventoryItem', { id: created.id, amount: 10, unit: 'g' });
    expect(split.newItem.controlled).toBe(flag);

    // "Controlled only" lists the flagged items (with a search too) and nothing else.
    const only = await h.ok<{ rows: InventoryItem[]; total: number }>(h.member, 'listInventory', { controlled: 'true' });
    expect(only.rows.every((r) => r.controlled === flag)).toBe(true);
    expect(only.total).toBe(h.dbs.lab.prepare('SELECT count(*) FROM inventory_items WHERE controlled IS NOT NULL').pluck().get());
    expect(only.total).toBeLessThan(h.dbs.lab.prepare('SELECT count(*) FROM inventory_items').pluck().get() as number);
    // two items are called 乙醇; only the one whose CAS was edited to a listed one is controlled
    expect((await h.ok<{ total: number }>(h.member, 'listInventory', { search: '乙醇' })).total).toBe(2);
    expect((await h.ok<{ rows: InventoryItem[] }>(h.member, 'listInventory', { controlled: true, search: '乙醇' })).rows.map((r) => r.id)).toEqual([plain.id]);
  });

  it('re-flags existing records on add, remove and import, announces it, and keeps an audit entry', async () => {
    const h = createHarness();
    const cat = await toxic(h);
    const item = await h.ok<InventoryItem>(h.member, 'createInventoryItem', CYANIDE);
    const order = await h.ok<{ id: number }>(h.member, 'createReagentOrder', { name: '氰化钠', cas_number: '143-33-9', quantity: 1 });
    expect(item.controlled).toBeNull();
    h.events.length = 0;

    const res = await h.controlled.import(h.admin, {
      id: cat.id,
      fileName: 'list.csv',
      content: b64('CAS号,名称\n143-33-9,氰化钠\n143-33-9,氰化钠（重复）\n151-50-8,氰化钾\n64-17-6,坏校验位\nabc,不是CAS\n,空\n'),
    });
    expect(res).toMatchObject({ added: 2, already: 1, refused: 3 });
    expect(res.errors).toEqual([
      { row: 5, value: '64-17-6', key: 'controlled.checkDigit', params: { cas: '64-17-6', expected: 5 } },
      { row: 6, value: 'abc', key: 'cas.invalidField', params: { reason: 'form' } },
      { row: 7, value: '空', key: 'controlled.casMissing', params: {} },
    ]);
    expect((await h.controlled.entries(cat.id)).map((e) => e.cas)).toEqual(['143-33-9', '151-50-8']);
    expect(flagOf(h, 'inventory_items', item.id)).toBe(String(cat.id));
    expect(flagOf(h, 'reagent_orders', order.id)).toBe(String(cat.id));
    expect(h.events).toEqual([
      { type: 'controlled-changed' },
      { type: 'records-changed', endpoint: '/inventory/' },
      { type: 'records-changed', endpoint: '/reagent-orders/' },
    ]);
    // Importing the same file again adds nothing.
    const again = await h.controlled.import(h.admin, { id: cat.id, fileName: 'list.csv', content: b64('CAS,Name\n143-33-9,x\n') });
    expect(again).toMatchObject({ added: 0, already: 1, refused: 0 });

    // An XLSX without a header row: the CAS column is found by its values.
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRows([['7782-50-5', '氯'], ['7664-93-9', '硫酸']]);
    const precursor = (await h.controlled.categories()).find((c) => c.key === 'precursor')!;
    const x = await h.controlled.import(h.admin, { id: precursor.id, fileName: 'l.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()).toString('base64') });
    expect(x).toMatchObject({ added: 2, refused: 0 });
    expect(await h.controlled.entries(precursor.id)).toEqual([
      { category_id: precursor.id, cas: '7664-93-9', name: '硫酸' },
      { category_id: precursor.id, cas: '7782-50-5', name: '氯' },
    ]);

    await h.controlled.removeCas(h.admin, { id: cat.id, cas: '143-33-9' });
    expect(flagOf(h, 'inventory_items', item.id)).toBeNull();
    expect(flagOf(h, 'reagent_orders', order.id)).toBeNull();
    expect(await asyncRefusal(() => h.controlled.removeCas(h.admin, { id: cat.id, cas: '143-33-9' }))).toMatchObject({ code: 'validation', fields: { cas: expect.objectContaining({ key: 'controlled.notListed' }) } });
    await h.controlled.addCas(h.admin, { id: cat.id, cas: '143-33-9' });
    expect(flagOf(h, 'inventory_items', item.id)).toBe(String(cat.id));
    expect(await asyncRefusal(() => h.controlled.addCas(h.admin, { id: cat.id, cas: '143-33-9' }))).toMatchObject({ fields: { cas: expect.objectContaining({ key: 'controlled.alreadyListed' }) } });
    expect(await asyncRefusal(() => h.controlled.addCas(h.admin, { id: cat.id, cas: '64-17-6' }))).toMatchObject({ fields: { cas: expect.objectContaining({ key: 'controlled.checkDigit' }) } });

    const actions = h.dbs.lab.prepare("SELECT action FROM audit_log WHERE entity_type = 'controlled_list' AND entity_id = ? ORDER BY id").pluck().all(cat.id);
    expect(actions).toEqual(['import', 'import', 'remove_cas', 'add_cas']);
  });

  it('adds, renames and deletes a category; built-ins stay; deleting unflags its records', async () => {
    const h = createHarness();
    const added = await h.controlled.create(h.admin, { name_zh: '放射性', name_en: 'Radioactive', entries: [{ cas: '7440-61-1', name: '铀' }] });
    expect(added).toMatchObject({ key: null, name_zh: '放射性', name_en: 'Radioactive', count: 1 });
    const u = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '铀', cas_number: '7440-61-1', quantity: 1, unit: 'g' });
    expect(u.controlled).toBe(String(added.id));
    expect(await asyncRefusal(() => h.controlled.create(h.admin, { name_zh: '剧毒', name_en: 'x' }))).toMatchObject({ fields: { name_zh: expect.objectContaining({ key: 'controlled.nameTaken' }) } });
    expect(await asyncRefusal(() => h.controlled.create(h.admin, { name_zh: 'y', name_en: 'z', entries: [{ cas: '1-1-1' }] }))).toMatchObject({ fields: { 'entries.0.cas': expect.anything() } });
    const cat = await toxic(h);
    expect(await h.controlled.rename(h.admin, { id: cat.id, name_en: 'Highly toxic (GB)' })).toMatchObject({ name_zh: cat.name_zh, name_en: 'Highly toxic (GB)' });
    expect(await asyncRefusal(() => h.controlled.delete(h.admin, cat.id))).toMatchObject({ code: 'conflict', key: 'controlled.builtIn' });
    await h.controlled.delete(h.admin, added.id);
    expect(flagOf(h, 'inventory_items', u.id)).toBeNull();
    expect((await h.controlled.categories()).map((c) => c.key)).toEqual(['highly_toxic', 'precursor', 'explosive', 'narcotic']);

    // The audit log names a list in the UI's language, as it was called at each entry (also once deleted).
    const page = await searchAudit(h.data, { kind: 'controlled_list', page: 1, pageSize: 50 });
    const names = page.entries.map((e) => [e.recordId, e.action, recordLabel(e, 'zh-CN'), recordLabel(e, 'en')]);
    expect(names).toEqual([
      [added.id, 'delete', `#${added.id} 放射性`, `#${added.id} Radioactive`],
      [cat.id, 'update', `#${cat.id} 剧毒`, `#${cat.id} Highly toxic (GB)`],
      [added.id, 'create', `#${added.id} 放射性`, `#${added.id} Radioactive`],
    ]);
  });

  it('serves GET|POST /api/controlled-lists over HTTP: any user reads, only an admin changes', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const admin = await login(base, 'admin', 'admin-pass-1');
    const alice = await login(base, 'alice', 'alice-pass-1');

    const list = await http(base, 'GET', '/api/controlled-lists', undefined, alice);
    expect(list.status).toBe(200);
    expect((list.json as unknown as ControlledCategory[]).map((c) => [c.key, c.count])).toEqual([['highly_toxic', 0], ['precursor', 0], ['explosive', 0], ['narcotic', 0]]);
    expect((await http(base, 'POST', '/api/controlled-lists', { name_zh: '放射性', name_en: 'Radioactive' }, alice)).status).toBe(403);
    const bad = await http(base, 'POST', '/api/controlled-lists', { name_zh: '', name_en: 'Radioactive' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toHaveProperty('name_zh');
    const made = await http(base, 'POST', '/api/controlled-lists', { name_zh: '放射性', name_en: 'Radioactive', entries: [{ cas: '7440-61-1', name: '铀' }] }, admin);
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ name_zh: '放射性', count: 1 });
    const toxicId = (list.json as unknown as ControlledCategory[])[0]!.id;
    const imp = await http(base, 'POST', `/api/controlled-lists/${toxicId}/import`, { fileName: 'l.csv', content: b64('CAS,Name\n143-33-9,氰化钠\n') }, admin);
    expect(imp.json as unknown as ControlledImportResult).toMatchObject({ added: 1, already: 0, refused: 0 });
    // Content that is not base64 (Buffer.from would skip the bad characters and read garbage) is a 400 naming it, and adds nothing.
    for (const content of ['not base64!!', 'Q0FTLE5hbWUK7782-50-5', b64('CAS,Name\n7782-50-5,氯\n').slice(0, -1) + '*']) {
      const badFile = await http(base, 'POST', `/api/controlled-lists/${toxicId}/import`, { fileName: 'l.csv', content }, admin);
      expect(badFile.status, content).toBe(400);
      expect(badFile.json.error.fields).toHaveProperty('content');
    }
    const entries = await http(base, 'GET', '/api/controlled-lists/entries', undefined, alice);
    expect(entries.json).toEqual([{ category_id: toxicId, cas: '143-33-9', name: '氰化钠' }, { category_id: made.json.id, cas: '7440-61-1', name: '铀' }]);
    const file = await fetch(`${base}/api/controlled-lists/${toxicId}/export?format=csv&lang=en`, { headers: { cookie: admin } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString('utf8')).toBe('\uFEFFCAS,Name\r\n143-33-9,氰化钠');
  });
});
