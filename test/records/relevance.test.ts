// Search relevance without a column sort: exact name / English name / CAS first, then prefix
// matches, then matches inside the text; ties newest first. A column sort the user picked wins.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { ExportFile } from '../../src/main/list-export/export-file';
import type { InventoryItem, ListResult } from '../../src/shared/records';
import { createHarness, type Harness } from './harness';

// Created in this order (oldest first): before relevance, the newest-first list put 乙醇 last.
const ROWS = [
  { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5' },
  { name: '甲醇', english_name: 'Methanol', cas_number: '67-56-1' },
  { name: '二乙醇胺', english_name: 'Diethanolamine', cas_number: '111-42-2' },
  { name: '2-(甲基氨基)乙醇', english_name: '2-(Methylamino)ethanol', cas_number: '109-83-1' },
  { name: '乙醇胺', english_name: 'Ethanolamine', cas_number: '141-43-5' },
  { name: '变性乙醇', english_name: 'Ethanol, denatured', specification: 'batch 64175-A' },
  { name: '无水乙醇', english_name: 'Ethanol absolute', specification: '500 mL' },
];

async function seed(h: Harness): Promise<void> {
  for (const r of ROWS) await h.ok(h.member, 'createInventoryItem', { ...r, quantity: 1 });
}
const list = async (h: Harness, q: Record<string, unknown>) => (await h.ok<ListResult<InventoryItem>>(h.guest, 'listInventory', q)).rows.map((r) => r.name);

describe('search relevance', () => {
  it('ETHANOL lists 乙醇 first, then names starting with it, then names containing it (ties newest first)', async () => {
    const h = createHarness();
    await seed(h);
    const expected = ['乙醇', '无水乙醇', '变性乙醇', '乙醇胺', '2-(甲基氨基)乙醇', '二乙醇胺', '甲醇'];
    expect(await list(h, { search: 'ETHANOL' })).toEqual(expected);
    expect(await list(h, { search: 'ethanol', field: 'name' })).toEqual(expected);
  });

  it('a Chinese term ranks the same way: exact 乙醇, then 乙醇胺, then the rest', async () => {
    const h = createHarness();
    await seed(h);
    expect(await list(h, { search: '乙醇' })).toEqual(['乙醇', '乙醇胺', '无水乙醇', '变性乙醇', '2-(甲基氨基)乙醇', '二乙醇胺']);
  });

  it('a CAS number with or without hyphens is an exact match', async () => {
    const h = createHarness();
    await seed(h);
    // 变性乙醇 (newer) holds 64175 in its specification only: a match inside the text.
    for (const q of ['64-17-5', '64175', '６４－１７－５']) expect(await list(h, { search: q }), q).toEqual(['乙醇', '变性乙醇']);
    // A CAS prefix ranks above a match inside the text.
    await h.ok(h.member, 'createInventoryItem', { name: 'Buffer', specification: 'lot 111-4', quantity: 1 });
    expect(await list(h, { search: '111-4' })).toEqual(['二乙醇胺', 'Buffer']);
  });

  it('a column sort picked by the user wins over relevance; no search lists newest first', async () => {
    const h = createHarness();
    await seed(h);
    expect(await list(h, { search: 'ethanol', sort: '-id' })).toEqual(['无水乙醇', '变性乙醇', '乙醇胺', '2-(甲基氨基)乙醇', '二乙醇胺', '甲醇', '乙醇']);
    expect(await list(h, { search: 'ethanol', sort: 'english_name' })).toEqual(['2-(甲基氨基)乙醇', '二乙醇胺', '乙醇', '无水乙醇', '变性乙醇', '乙醇胺', '甲醇']);
    expect(await list(h, {})).toEqual([...ROWS].reverse().map((r) => r.name));
  });

  it('the export of a search without a column sort has the list\'s relevance order', async () => {
    const h = createHarness();
    await seed(h);
    const csv = await h.ok<ExportFile>(h.guest, 'exportList', { endpoint: '/inventory/', format: 'csv', lang: 'machine', search: 'ETHANOL' });
    const names = fs.readFileSync(csv.path, 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split(',')[1]);
    expect(names).toEqual(await list(h, { search: 'ETHANOL', pageSize: 100 }));
  });
});
