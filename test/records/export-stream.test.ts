// The export as a stream: rows come in chunks in exactly the list's order (relevance, column sorts,
// status filter), HTTP answers the file itself and leaves nothing behind in exports/, and the desktop
// transport saves it in the downloads folder without overwriting a file already there.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { createIpcHandlers } from '../../src/main/api/ipc-handlers';
import { saveToFolder } from '../../src/main/api/save-download';
import { IPC_PREFIX } from '../../src/shared/bridge';
import type { Envelope } from '../../src/shared/errors';
import type { ExportDownload, InventoryItem, ListResult } from '../../src/shared/records';
import { listChunks, listPage } from '../../src/main/records/search';
import { inventoryListSpec } from '../../src/main/records/inventory-service';
import { createHarness, tempDir } from './harness';
import { sampleItems } from '../fixtures/records/sample-data';
import { startTestServices, setupAdmin } from '../support/temp';
import { http } from '../support/http';

const csvRowCount = (file: string) => Papa.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data.length;

describe('export stream', () => {
  it('reads every row of the view in chunks, in the same order as the list pages', async () => {
    const h = createHarness();
    for (const it of sampleItems(60)) await h.ok(h.member, 'createInventoryItem', it);
    await h.ok(h.member, 'createInventoryItem', { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 1 });
    const views = [
      { search: '', field: 'all', status: '', sort: '' },
      { search: 'a301', field: 'all', status: '', sort: 'name' },
      { search: 'ethanol', field: 'all', status: '', sort: '' },
      { search: '', field: 'all', status: 'in_stock', sort: '-updated_at' },
      { search: '1', field: 'all', status: '', sort: '-quantity' },
    ];
    for (const v of views) {
      const q = { ...v, page: 1, pageSize: 500 };
      const page = listPage(h.dbs.lab, inventoryListSpec, q);
      const { total, chunks } = listChunks(h.dbs.lab, inventoryListSpec, q, ['id', 'name'], 7);
      const got = [...chunks];
      expect(total, JSON.stringify(v)).toBe(page.total);
      expect(got.every((c) => c.length <= 7)).toBe(true);
      expect(got.flat(), JSON.stringify(v)).toEqual(page.rows.map((r) => [r.id, r.name]));
    }
  });

  it('over HTTP the answer is the file itself, and the service file is removed once sent', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: 'Alice', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const alice = (await http(base, 'POST', '/api/session', { username: 'alice', password: 'alice-pass-1' })).cookie!;
    for (const it of sampleItems(30)) expect((await http(base, 'POST', '/api/inventory', it, alice)).status).toBe(200);
    const list = (await http(base, 'GET', '/api/inventory/?sort=name&pageSize=500', undefined, alice)).json as ListResult<InventoryItem>;
    const res = await fetch(`${base}/api/records/export?endpoint=${encodeURIComponent('/inventory/')}&format=csv&lang=machine&sort=name`, { headers: { 'x-lab-client': '1', cookie: alice } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv;charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="inventory-[\d-]+\.csv"; filename\*=UTF-8''inventory-[\d-]+\.csv$/);
    expect(res.headers.get('x-export-rows')).toBe(String(list.total));
    const text = (await res.text()).replace(/^\uFEFF/, '');
    expect(Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data.map((r) => Number(r.id))).toEqual(list.rows.map((r) => r.id));
    const exportsDir = path.join(path.dirname(s.data.dbs.lab.name), 'exports');
    await expect.poll(() => fs.readdirSync(exportsDir)).toEqual([]);
  });

  it('over IPC the file is saved in the downloads folder under its own name, never over an existing file', async () => {
    const h = createHarness();
    for (const it of sampleItems(5)) await h.ok(h.member, 'createInventoryItem', it);
    const downloads = tempDir('lab-downloads-');
    const ipc = createIpcHandlers(h.dispatcher, () => undefined, saveToFolder(() => downloads));
    const send = async () => (await ipc.get(IPC_PREFIX + 'exportList')!({ trusted: true, session: h.sessionOf(h.guest) }, { endpoint: '/inventory/', format: 'csv', lang: 'en' })) as Envelope<ExportDownload & { path?: string }>;
    const first = await send();
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.path).toBeUndefined();
    expect(first.value).toMatchObject({ rows: 5, savedTo: path.join(downloads, first.value.fileName) });
    expect(csvRowCount(first.value.savedTo!)).toBe(5);
    // A second file of the same name: a numbered copy beside the first, which stays as it was.
    const work = tempDir('lab-export-work-');
    const again = path.join(work, 'x.csv');
    fs.writeFileSync(again, 'second');
    const savedTo = await saveToFolder(() => downloads)({ fileName: first.value.fileName, mime: 'text/csv', rows: 0, path: again });
    expect(savedTo).toBe(path.join(downloads, first.value.fileName.replace(/\.csv$/, ' (2).csv')));
    expect(fs.readFileSync(savedTo, 'utf8')).toBe('second');
    expect(csvRowCount(first.value.savedTo!)).toBe(5);
    expect(fs.existsSync(again)).toBe(false);
    expect(fs.readdirSync(path.join(path.dirname(h.dbs.lab.name), 'exports'))).toEqual([]);
  });
});
