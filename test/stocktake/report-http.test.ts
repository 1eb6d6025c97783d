// The stocktake report read back from the XLSX (header and every line, in English and Chinese),
// each column's values under their own header (a seen line without a count shows the amount it was
// counted as; "not seen" and "found here" are values of their own columns), downloadable again after
// the close, and the stocktake API over real HTTP on loopback:
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
  ws.eachRow({ includeEmpty: true }, (row) => rows.push(Array.from({ length: 20 }, (_, i) => String(row.getCell(i + 1).value ?? ''))));
  return rows.map((r) => r.slice(0, r.findLastIndex((c) => c !== '') + 1));
}

/** The lines' table under its header row (found by its first cell): each column's values by header, every row as wide as the header. */
function columns(rows: string[][], first: string): Record<string, string[]> {
  const at = rows.findIndex((r) => r[0] === first);
  const head = rows[at]!;
  const body = rows.slice(at + 1).filter((r) => r.length > 0);
  for (const r of body) expect(r.length, `a value outside the columns: ${r.join('|')}`).toBeLessThanOrEqual(head.length);
  return Object.fromEntries(head.map((h, i) => [h, body.map((r) => r[i] ?? '')]));
}

describe('stocktake report and HTTP', () => {
  it('writes the header and every line with its outcome and adjustment, in the UI language, as often as asked', async () => {
    const h = await stocktakeHarness();
    const a = await h.item({ name: '丙酮', english_name: 'Acetone', cas_number: '67-64-1', location_id: h.loc.r101.id });
    const b = await h.item({ name: '无水乙醇', english_name: 'Ethanol', location_id: h.loc.shelf.id, quantity: 1000 });
    const e = await h.item({ name: '乙腈', cas_number: '75-05-8', location_id: h.loc.r102.id, quantity: 4, unit: 'L' });
    // seen, no count: it was as expected
    const c = await h.item({ name: '甲醇', english_name: 'Methanol', cas_number: '67-56-1', location_id: h.loc.r101.id, quantity: 250 });
    const st = await h.ok<Stocktake>(h.admin, 'startStocktake', { location_id: h.loc.r101.id });
    await h.ok(h.member, 'countStocktake', { id: st.id, item_id: a.id, amount: 450 });
    await h.ok(h.member, 'scanStocktake', { id: st.id, payload: `LAB1:${e.id}` });
    await h.ok(h.member, 'scanStocktake', { id: st.id, payload: `LAB1:${c.id}` });
    await h.ok(h.admin, 'closeStocktake', { id: st.id, missing: [{ item_id: b.id, action: 'zero' }] });
    const seenAt = (id: number) => h.dbs.lab.prepare('SELECT seen_at FROM stocktake_lines WHERE item_id = ?').pluck().get(id) as string;
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
        ['Seen / expected', '2 / 3'],
        ['Found from elsewhere', '1'],
      ]);
      const head = rows.findIndex((r) => r[0] === 'Item id');
      expect(rows[head]).toEqual(['Item id', 'Name', 'English name', 'CAS', 'Registered at', 'On the list', 'Expected', 'Seen', 'Counted', 'Seen by', 'Seen at', 'Outcome', 'Adjustment']);
      // Column by column, one value per line: a, c, b expected here (by place, then name), e found here.
      expect(columns(rows, 'Item id')).toEqual({
        'Item id': [a, c, b, e].map((x) => String(x.id)),
        Name: ['丙酮', '甲醇', '无水乙醇', '乙腈'],
        'English name': ['Acetone', 'Methanol', 'Ethanol', ''],
        CAS: ['67-64-1', '67-56-1', '64-17-5', '75-05-8'],
        'Registered at': ['B1 › Room 101', 'B1 › Room 101', 'B1 › Room 101 › Shelf A', 'B1 › Room 102'],
        'On the list': ['expected here', 'expected here', 'expected here', 'found here'],
        Expected: ['500 mL', '250 mL', '1000 mL', ''],
        Seen: ['Yes', 'Yes', 'No', 'Yes'],
        Counted: ['450 mL', '250 mL', '', '4 L'],
        'Seen by': ['张三 Alice', '张三 Alice', '', '张三 Alice'],
        'Seen at': [local(seenAt(a.id)), local(seenAt(c.id)), '', local(seenAt(e.id))],
        Outcome: ['Adjusted to the count', 'OK', 'Not found: adjusted to 0', 'Kept as it was'],
        Adjustment: ['−50 mL', '', '−1000 mL', ''],
      });
    }
    const zh = await h.ok<ExportDownload & { path: string }>(h.member, 'stocktakeReport', { id: st.id, lang: 'zh-CN' });
    const zrows = await sheet(zh.path);
    expect(zrows[0]).toEqual([`盘点 #${st.id}`]);
    expect(zrows[2]).toEqual(['状态', '已结束']);
    const z = columns(zrows, '物品编号');
    expect(Object.keys(z)).toEqual(['物品编号', '名称', '英文名称', 'CAS 号', '登记位置', '清单', '应有', '见到', '实盘', '盘点人', '盘点时间', '结果', '调整']);
    expect(z['清单']).toEqual(['应在此处', '应在此处', '应在此处', '在此发现']);
    expect(z['应有']).toEqual(['500 mL', '250 mL', '1000 mL', '']);
    expect(z['见到']).toEqual(['是', '是', '否', '是']);
    expect(z['实盘']).toEqual(['450 mL', '250 mL', '', '4 L']);
    expect(z['盘点人']).toEqual(['张三 Alice', '张三 Alice', '', '张三 Alice']);
    expect(z['结果']).toEqual(['按实盘调整', '无误', '未找到：调整为 0', '保持不变']);
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
