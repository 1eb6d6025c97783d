// 危险品 follows the GHS pictograms (shared/stock.ts hazardousWith; docs/decisions.md): every write
// path derives the flag — the form's create and edit, the bulk import (with a warning on the row
// that said 否), a split — and never stores 否 beside a pictogram; without pictograms the flag is
// what the person sets. The history records a derived change like any other.
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ImportPreview, InventoryItem } from '../../src/shared/records';
import { hazardousWith } from '../../src/shared/stock';
import { createHarness, tempDir } from './harness';

const stored = (h: ReturnType<typeof createHarness>) =>
  h.dbs.lab.prepare('SELECT name, hazardous, ghs FROM inventory_items ORDER BY id').all() as Array<{ name: string; hazardous: number; ghs: string }>;

describe('the hazardous flag follows the GHS pictograms', () => {
  it('reads any pictogram as hazardous, and leaves the flag alone without one', () => {
    expect(hazardousWith(['GHS06'], false)).toBe(true);
    expect(hazardousWith('GHS02,GHS07', false)).toBe(true);
    expect(hazardousWith([], false)).toBe(false);
    expect(hazardousWith('', true)).toBe(true);
    expect(hazardousWith(undefined, undefined)).toBe(false);
  });

  it('form create and edit: a pictogram sets it, 否 beside one is not stored, without pictograms it is the person\'s', async () => {
    const h = createHarness();
    const tox = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '氰化钠', quantity: 1, unit: 'g', ghs: ['GHS06'], hazardous: false });
    expect(tox.hazardous).toBe(true);
    const fire = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '丙酮', quantity: 1, unit: 'L', ghs: ['GHS02'] });
    expect(fire.hazardous).toBe(true);
    const salt = await h.ok<InventoryItem>(h.member, 'createInventoryItem', { name: '氯化钠', quantity: 1, unit: 'kg' });
    expect(salt.hazardous).toBe(false);

    // An edit that says 否 while the pictogram stays: still hazardous, and no change in the history.
    expect(await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: tox.id, hazardous: false })).toMatchObject({ hazardous: true });
    // Adding a pictogram to an item that was not hazardous sets the flag, and the history says so.
    expect(await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: salt.id, ghs: ['GHS07'], hazardous: false })).toMatchObject({ hazardous: true, ghs: ['GHS07'] });
    const changes = (id: number) =>
      (h.dbs.lab.prepare("SELECT changes FROM audit_log WHERE entity_type = 'inventory_item' AND entity_id = ? AND action = 'update' ORDER BY id").pluck().all(id) as string[]).map((c) => JSON.parse(c) as Record<string, unknown>);
    expect(changes(tox.id)).toEqual([]);
    expect(changes(salt.id)).toEqual([{ hazardous: [false, true], ghs: ['', 'GHS07'] }]);
    // Pictograms gone: the flag is the person's again.
    expect(await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: salt.id, ghs: [] })).toMatchObject({ hazardous: true, ghs: [] });
    expect(await h.ok<InventoryItem>(h.member, 'updateInventoryItem', { id: salt.id, hazardous: false })).toMatchObject({ hazardous: false });

    // A split-off part copies the lot: hazardous with it.
    const { newItem } = await h.ok<{ newItem: InventoryItem }>(h.member, 'splitInventoryItem', { id: fire.id, amount: 0.2, unit: 'L' });
    expect(newItem).toMatchObject({ hazardous: true, ghs: ['GHS02'] });
    expect(stored(h).filter((r) => r.ghs !== '' && r.hazardous === 0)).toEqual([]);
  });

  it('bulk import: a row with pictograms that says 否 is imported as hazardous, with a warning on that row', async () => {
    const h = createHarness();
    const file = path.join(tempDir(), 'sheet.csv');
    fs.writeFileSync(file, '\uFEFF' + Papa.unparse({ fields: ['名称', '数量', '单位', '危险品', '危险象形图'], data: [['甲醇', '500', 'mL', '否', 'GHS02,GHS06'], ['氯化钠', '1', 'kg', '否', ''], ['硫酸', '1', 'L', '是', '']] }), 'utf8');
    const upload = await h.ok<{ importId: string }>(h.member, 'importUpload', { fileName: 'sheet.csv', chunk: fs.readFileSync(file).toString('base64'), last: true });
    const preview = await h.ok<ImportPreview>(h.member, 'importPreview', { importId: upload.importId });
    expect(preview).toMatchObject({ validRows: 3, badRows: 0 });
    expect(preview.warnings.map((w) => [w.row, w.column, w.message])).toEqual([[2, '危险品', 'hazardous says no, but the row has the GHS pictograms GHS02,GHS06: imported as hazardous']]);
    await h.ok(h.member, 'importCommit', { importId: upload.importId, mapping: preview.mapping, skipBadRows: false });
    expect(stored(h)).toEqual([
      { name: '甲醇', hazardous: 1, ghs: 'GHS02,GHS06' },
      { name: '氯化钠', hazardous: 0, ghs: '' },
      { name: '硫酸', hazardous: 1, ghs: '' },
    ]);
  });
});
