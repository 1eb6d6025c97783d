// Two-person confirmation (双人双锁) of a controlled item's stock actions through the real
// dispatcher: each refusal names its field and changes nothing (item, movements, audit); a
// confirmed action stores both people on the movement, and the ledger export names both.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../records/harness';
import { bob, controlledItem as controlledOf, snapshot } from './controlled-support';
import type { InventoryItem } from '../../src/shared/records';
import type { StockMovement } from '../../src/shared/stock';
import { parseImportFile } from '../../src/main/bulk-import/import-parse';
import fs from 'node:fs';

const controlledItem = (h: Harness) => controlledOf(h, 'highly_toxic', { cas: '143-33-9', name: '氰化钠', quantity: 100, unit: 'g' });

describe('two-person confirmation of controlled items', () => {
  it('refuses a missing, same-person, public, wrong or deactivated confirmation, changing nothing', async () => {
    const h = createHarness();
    const item = await controlledItem(h);
    const before = snapshot(h, item.id);
    const cases: Array<[unknown, string, string]> = [
      [undefined, 'second_person.username', 'field.secondPersonRequired'],
      [{ username: 'alice', password: 'alice-pass-1' }, 'second_person.username', 'field.secondPersonSelf'],
      [{ username: 'guest', password: 'guest-pass-1' }, 'second_person.username', 'field.secondPersonPublic'],
      [{ username: 'bob', password: 'wrong-pass' }, 'second_person.password', 'field.secondPersonWrong'],
      [{ username: 'nobody', password: 'bob-pass-12' }, 'second_person.password', 'field.secondPersonWrong'],
    ];
    const ops: Array<[string, Record<string, unknown>]> = [
      ['useInventoryItem', { id: item.id, amount: 1, unit: 'g' }],
      ['consumeInventoryItem', { id: item.id }],
      ['disposeInventoryItem', { id: item.id, reason: 'expired' }],
    ];
    for (const [op, input] of ops) {
      for (const [second, field, key] of cases) {
        const r = await h.call(h.member, op, { ...input, ...(second ? { second_person: second } : {}) });
        expect(r, `${op} ${JSON.stringify(second)}`).toMatchObject({ ok: false, error: { code: 'validation', fields: { [field]: expect.objectContaining({ key }) } } });
      }
    }
    expect(snapshot(h, item.id)).toEqual(before);
    // adjust is an admin's; the admin cannot confirm their own count either
    const adj = await h.call(h.admin, 'adjustInventoryItem', { id: item.id, amount: 90, unit: 'g', reason: 'count', second_person: { username: 'admin', password: 'admin-pass-1' } });
    expect(adj).toMatchObject({ ok: false, error: { fields: { 'second_person.username': expect.objectContaining({ key: 'field.secondPersonSelf' }) } } });
    h.dbs.lab.prepare("UPDATE users SET active = 0 WHERE username = 'bob'").run();
    expect(await h.call(h.member, 'useInventoryItem', { id: item.id, amount: 1, unit: 'g', second_person: bob })).toMatchObject({
      ok: false,
      error: { fields: { 'second_person.username': expect.objectContaining({ key: 'field.secondPersonInactive' }) } },
    });
    expect(snapshot(h, item.id)).toEqual(before);
    // The form cannot change a controlled amount: that is Adjust's, with a second person.
    expect(await h.call(h.member, 'updateInventoryItem', { id: item.id, quantity: 50 })).toMatchObject({ ok: false, error: { fields: { quantity: expect.objectContaining({ key: 'controlled.editAmount' }) } } });
    // A borrowing that comes back short counts the rest as used: it needs the second person too.
    await h.ok(h.member, 'borrowInventoryItem', { id: item.id, amount: 10, unit: 'g', purpose: '标定', second_person: { username: 'admin', password: 'admin-pass-1' } });
    const borrowed = snapshot(h, item.id);
    expect(await h.call(h.member, 'returnInventoryItem', { id: item.id, amount: 8, unit: 'g' })).toMatchObject({ ok: false, error: { fields: { 'second_person.username': expect.objectContaining({ key: 'field.secondPersonRequired' }) } } });
    expect(snapshot(h, item.id)).toEqual(borrowed);
    expect(before.movements).toBe(1);
  });

  it('stores both people on use, consume, dispose and adjust; uncontrolled items need no one', async () => {
    const h = createHarness();
    const item = await controlledItem(h);
    await h.ok(h.member, 'useInventoryItem', { id: item.id, amount: 2.5, unit: 'g', second_person: bob });
    await h.ok(h.admin, 'adjustInventoryItem', { id: item.id, amount: 97, unit: 'g', reason: 'count', second_person: { username: 'alice', password: 'alice-pass-1' } });
    await h.ok(h.member, 'borrowInventoryItem', { id: item.id, purpose: '氰化实验', second_person: bob });
    await h.ok(h.member, 'returnInventoryItem', { id: item.id }); // all back: nothing used, no second person
    await h.ok(h.member, 'disposeInventoryItem', { id: item.id, amount: 7, unit: 'g', reason: 'spill', second_person: bob });
    const done = await h.ok<InventoryItem>(h.member, 'consumeInventoryItem', { id: item.id, second_person: bob });
    expect(done).toMatchObject({ status: 'consumed', quantity: 0 });
    const ms = await h.ok<StockMovement[]>(h.member, 'listMovements', { id: item.id });
    expect(ms.map((m) => [m.kind, m.delta, m.user_name, m.second_user_name])).toEqual([
      ['received', 100, '张三 Alice', null],
      ['used', -2.5, '张三 Alice', 'Bob'],
      ['adjusted', -0.5, 'Lab Admin', '张三 Alice'],
      ['borrowed', 0, '张三 Alice', 'Bob'],
      ['returned', 0, '张三 Alice', null],
      ['disposed', -7, '张三 Alice', 'Bob'],
      ['used', -90, '张三 Alice', 'Bob'],
    ]);
    // The per-item ledger export shows both people.
    const file = await h.stock.export({ id: item.id, format: 'csv', lang: 'en' });
    const table = await parseImportFile('l.csv', fs.readFileSync(file.path));
    expect(table.rows.map((r) => r[1])).toContain('张三 Alice / Bob');
    fs.rmSync(file.path);

    const plain = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '乙醇', cas_number: '64-17-5', quantity: 1, unit: 'L' });
    await h.ok(h.member, 'useInventoryItem', { id: plain.id, amount: 1, unit: 'mL' });
    expect((await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: plain.id, quantity: 500 })).quantity).toBe(500);
  });
});

describe('the form cannot take a controlled item out of the two-person rule', () => {
  it('refuses a CAS change of a controlled item, so unlist-use-relist is impossible', async () => {
    const h = createHarness();
    const item = await controlledItem(h);
    const before = snapshot(h, item.id);
    // 1. the CAS of an unlisted chemical would clear the flag …
    expect(await h.call(h.member, 'updateInventoryItem', { id: item.id, cas_number: '64-17-5' })).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { cas_number: expect.objectContaining({ key: 'controlled.editCas' }) } },
    });
    // 2. … so using it alone stays refused …
    expect(await h.call(h.member, 'useInventoryItem', { id: item.id, amount: 10, unit: 'g' })).toMatchObject({ ok: false, error: { fields: { 'second_person.username': expect.anything() } } });
    // 3. … and nothing was changed in between.
    expect(await h.call(h.member, 'updateInventoryItem', { id: item.id, cas_number: '143-33-9', name: '氰化钠（分析纯）' })).toMatchObject({ ok: true });
    const after = snapshot(h, item.id) as { item: { controlled: string; quantity: number; cas_number: string }; movements: number };
    expect(after.item).toMatchObject({ controlled: expect.any(String), quantity: 100, cas_number: '143-33-9' });
    expect(after.movements).toBe(before.movements);
    // The name and other fields still change through the form; a unit-only conversion too.
    expect(await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: item.id, quantity: 0.1, unit: 'kg' })).toMatchObject({ quantity: 0.1, unit: 'kg' });
  });

  it('refuses one edit that gives an unflagged item a listed CAS and a new amount', async () => {
    const h = createHarness();
    const cat = (await h.controlled.categories()).find((c) => c.key === 'highly_toxic')!;
    await h.controlled.addCas(h.admin, { id: cat.id, cas: '143-33-9', name: '氰化钠' });
    const plain = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '白色粉末', quantity: 100, unit: 'g' });
    const before = snapshot(h, plain.id);
    expect(await h.call(h.member, 'updateInventoryItem', { id: plain.id, cas_number: '143-33-9', quantity: 40 })).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { quantity: expect.objectContaining({ key: 'controlled.editAmount' }) } },
    });
    expect(snapshot(h, plain.id)).toEqual(before);
    // The CAS alone is accepted: the item becomes controlled with its amount unchanged.
    expect(await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: plain.id, cas_number: '143-33-9' })).toMatchObject({ quantity: 100, controlled: String(cat.id) });
  });

  it('refuses deleting a controlled item (it stays in the ledger; dispose it instead)', async () => {
    const h = createHarness();
    const item = await controlledItem(h);
    const before = snapshot(h, item.id);
    const refused = await h.call(h.admin, 'deleteInventoryItem', { id: item.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringContaining('dispose') } });
    expect(snapshot(h, item.id)).toEqual(before);
    // Even at a zero balance: the disposed record is what the ledger shows.
    await h.ok(h.member, 'disposeInventoryItem', { id: item.id, reason: 'expired', second_person: bob });
    expect(await h.call(h.admin, 'deleteInventoryItem', { id: item.id })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const cat = (await h.controlled.categories()).find((c) => c.key === 'highly_toxic')!;
    const file = await h.controlled.exportLedger({ id: cat.id, from: '2000-01-01', to: '2100-01-01', lang: 'en' });
    const table = await parseImportFile('l.xlsx', fs.readFileSync(file.path));
    fs.rmSync(file.path);
    expect(table.rows.some((r) => r.includes(`#${item.id}`))).toBe(true);
    // An uncontrolled item is still deleted.
    const plain = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '乙醇', quantity: 1, unit: 'L' });
    expect(await h.call(h.admin, 'deleteInventoryItem', { id: plain.id })).toMatchObject({ ok: true });
  });
});
