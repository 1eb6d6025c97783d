// The stocktake report read back from the XLSX (header and every line, in English and Chinese),
// downloadable again after the close, and the stocktake API over real HTTP on loopback:
// `GET /api/stocktakes` with progress, scans by two sessions, refusals with their statuses.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { stocktakeHarness } from './harness';
import type { Stocktake } from '../../src/shared/stocktake';
import type { ExportDownload } from '../../src/shared/records';
import { startTestServices, setupAdmin } from '../support/temp';
import { http, login } from '../support/http';

process.env.TZ = 'Asia/Shanghai';

async function sheet(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => rows.push(Array.from({ length: 11 }, (_, i) => String(row.getCell(i + 1).value ?? ''))));
  return rows.map((r) => r.slice(0, r.findLastIndex((c) => c !== '') + 1));
}

describe('stocktake report and HTTP', () => {
  it('writes the header and every line with its outcome and adjustment, in the UI language, as often as asked', async () => {
    const h = await stocktakeHarness();
    const a = await h.item({ name: '丙酮', english_name: 'Acetone', cas_number: '67-64-1', location_id: h.loc.r101.id });
    const b = await h.item({ name: '无水乙醇', english_name: 'Ethanol', location_id: h.loc.shelf.id, quantity: 1000 });
    const e = await h.item({ name: '乙腈', cas_number: '75-05-8', location_id: h.loc.r102.id, quantity: 4, unit: 'L' });
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 450 });
    await h.ok(h.member, 'scanStocktake', { id: st.id, payload: `LAB1:${e.id}` });
    await h.ok(h.admin, 'closeStocktake', { id: st.id, missing: [{ item_id: b.id, action: 'zero' }] });
    const seenAt = (h.dbs.lab.prepare('SELECT seen_at FROM stocktake_lines WHERE item_id = ?').pluck().get(a.id) as string);
    const local = (iso: string) => {
      const d = new Date(iso);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
    };

    for (let round = 0; round < 2; round++) {
      const en = await h.ok<ExportDownload & { path: string }>(h.guest, 'stocktakeReport', { id: st.id, lang: 'en' });
      expect(en.fileName).toMatch(new RegExp(`^stocktake-${st.id}-.*\\.xlsx$`));
      const rows = await sheet(en.path);
      fs.rmSync(en.path);
      expect(rows[0]).toEqual([`Stocktake #${st.id}`]);
      expect(rows.slice(1, 7)).toEqual([
        ['Location', 'B1 › Room 101'],
        ['Status', 'Closed'],
        ['Started', expect.stringMatching(/^Lab Admin · \d{4}-\d\d-\d\d \d\d:\d\d$/)],
        ['Closed / cancelled', expect.stringMatching(/^Lab Admin · /)],
        ['Seen / expected', '1 / 2'],
        ['Found from elsewhere', '1'],
      ]);
      const head = rows.findIndex((r) => r[0] === 'Item id');
      expect(rows[head]).toEqual(['Item id', 'Name', 'English name', 'CAS', 'Registered at', 'Expected', 'Counted', 'Seen by', 'Seen at', 'Outcome', 'Adjustment']);
      expect(rows.slice(head + 1)).toEqual([
        [String(a.id), '丙酮', 'Acetone', '67-64-1', 'B1 › Room 101', '500 mL', '450 mL', '张三 Alice', local(seenAt), 'Adjusted to the count', '−50 mL'],
        [String(b.id), '无水乙醇', 'Ethanol', '64-17-5', 'B1 › Room 101 › Shelf A', '1000 mL', '', 'not seen', '', 'Not found: adjusted to 0', '−1000 mL'],
        [String(e.id), '乙腈', '', '75-05-8', 'B1 › Room 102', 'found here', '', '张三 Alice', expect.any(String), 'Kept as it was'],
      ]);
    }
    const zh = await h.ok<ExportDownload & { path: string }>(h.member, 'stocktakeReport', { id: st.id, lang: 'zh-CN' });
    const zrows = await sheet(zh.path);
    expect(zrows[0]).toEqual([`盘点 #${st.id}`]);
    expect(zrows[2]).toEqual(['状态', '已结束']);
    const zhead = zrows.findIndex((r) => r[0] === '物品编号');
    expect(zrows[zhead]).toContain('实盘');
    expect(zrows[zhead + 2]).toContain('未找到：调整为 0');
    expect(await h.refused(h.member, 'stocktakeReport', { id: st.id, lang: 'fr' })).toMatchObject({ fields: { lang: expect.anything() } });
  });

  it('serves GET /api/stocktakes with progress; members scan over HTTP; refusals are 400 naming the field, 403 for members starting or closing', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    await s.data.auth.createUser({ username: 'bob', password: 'bob-pass-123', displayName: 'Bob', role: 'member' }, 1);
    await s.data.auth.createUser({ username: 'guest', password: 'guest-pass-1', displayName: 'Public', role: 'public' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const admin = await login(base, 'admin', 'admin-pass-1');
    const alice = await login(base, 'alice', 'alice-pass-1');
    const bob = await login(base, 'bob', 'bob-pass-123');
    const guest = await login(base, 'guest', 'guest-pass-1');
    const room = (await http(base, 'POST', '/api/locations', { name: 'A301' }, admin)).json;
    const ids: number[] = [];
    for (const name of ['丙酮', '乙醇', '甲醇']) ids.push((await http(base, 'POST', '/api/inventory', { name, quantity: 1, unit: 'L', location_id: room.id }, alice)).json.id);

    expect((await http(base, 'POST', '/api/stocktakes', { location_id: room.id }, alice)).status).toBe(403);
    const bad = await http(base, 'POST', '/api/stocktakes', { location_id: 'A301' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toHaveProperty('location_id');
    const st = await http(base, 'POST', '/api/stocktakes', { location_id: room.id, note: 'Q4' }, admin);
    expect(st).toMatchObject({ status: 200, json: { status: 'open', expected: 3, seen: 0 } });
    const id = st.json.id as number;
    expect((await http(base, 'POST', '/api/stocktakes', { location_id: room.id }, admin))).toMatchObject({ status: 409, json: { error: { key: 'stocktake.overlap' } } });

    // Two sessions scanning the same room at once; the same container twice counts once.
    const results = await Promise.all([
      http(base, 'POST', `/api/stocktakes/${id}/scan`, { payload: `LAB1:${ids[0]}` }, alice),
      http(base, 'POST', `/api/stocktakes/${id}/scan`, { payload: `LAB1:${ids[0]}` }, bob),
      http(base, 'POST', `/api/stocktakes/${id}/scan`, { payload: `LAB1:${ids[1]}` }, bob),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.slice(0, 2).map((r) => r.json.result).sort()).toEqual(['already', 'seen']);
    const scanBad = await http(base, 'POST', `/api/stocktakes/${id}/scan`, { payload: 'hello' }, alice);
    expect(scanBad).toMatchObject({ status: 400, json: { error: { code: 'validation', fields: { payload: { key: 'stocktake.notPayload' } } } } });
    expect((await http(base, 'POST', `/api/stocktakes/${id}/scan`, { payload: `LAB1:${ids[2]}` }, guest)).status).toBe(403);

    const list = await http(base, 'GET', '/api/stocktakes', undefined, guest);
    expect(list).toMatchObject({ status: 200, json: [{ id, location_path: 'A301', status: 'open', seen: 2, expected: 3, found: 0, note: 'Q4', started_by_name: 'Admin' }] });
    expect((await http(base, 'GET', `/api/stocktakes/${id}`, undefined, guest)).json.lines).toHaveLength(3);

    expect((await http(base, 'POST', `/api/stocktakes/${id}/close`, { missing: [{ item_id: ids[2], action: 'keep' }] }, alice)).status).toBe(403);
    const undecided = await http(base, 'POST', `/api/stocktakes/${id}/close`, {}, admin);
    expect(undecided).toMatchObject({ status: 400, json: { error: { fields: { missing: { key: 'stocktake.decideMissing' } } } } });
    expect((await http(base, 'POST', `/api/stocktakes/${id}/close`, { missing: [{ item_id: ids[2], action: 'keep' }] }, admin))).toMatchObject({ status: 200, json: { status: 'closed' } });

    const report = await fetch(`${base}/api/stocktakes/${id}/report?lang=en`, { headers: { 'x-lab-client': '1', cookie: guest } });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('spreadsheetml');
    expect(Buffer.from(await report.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
  });
});
