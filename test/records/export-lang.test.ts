// Exports for people and for scripts over real HTTP: `lang=zh-CN` / `en` give the forms' labels,
// translated statuses and yes/no and local readable times; `lang=machine` gives today's columns and
// raw codes; CSV in UTF-8 with a BOM or GB18030; XLSX read back with exceljs.
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { startTestServices, setupAdmin } from '../support/temp';
import { LISTS } from '../../src/shared/records';
import { http } from '../support/http';

// The lab's computer is in China: local time is UTC+8 (no daylight saving), so the test can tell
// local time from UTC.
process.env.TZ = 'Asia/Shanghai';

const csvRows = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });

async function setup() {
  const s = await startTestServices();
  await setupAdmin(s);
  await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
  const base = `http://127.0.0.1:${s.port}`;
  const alice = (await http(base, 'POST', '/api/session', { username: 'alice', password: 'alice-pass-1' })).cookie!;
  const item = await http(base, 'POST', '/api/inventory', { name: '乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 2, storage_location: 'A301-1号柜', hazardous: true }, alice);
  expect(item.status).toBe(200);
  expect((await http(base, 'POST', `/api/inventory/${item.json.id}/borrow`, {}, alice)).status).toBe(200);
  // The answer is the file itself (errors stay JSON).
  const get = async (q: string) => {
    const res = await fetch(`${base}/api/records/export?endpoint=${encodeURIComponent('/inventory/')}&${q}`, { headers: { 'x-lab-client': '1', cookie: alice } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const disposition = res.headers.get('content-disposition') ?? '';
    const fileName = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '');
    const json = res.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(bytes.toString('utf8')) as Record<string, any>) : undefined; // eslint-disable-line @typescript-eslint/no-explicit-any
    return { status: res.status, type: res.headers.get('content-type'), rows: res.headers.get('x-export-rows'), fileName, bytes, json };
  };
  return { item: item.json, get };
}

describe('export languages and encodings over HTTP', () => {
  it('lang=zh-CN: Chinese headers, translated status and yes/no, local readable times, empty as empty; UTF-8 with BOM', async () => {
    const { item, get } = await setup();
    const before = new Date(Date.now() + 8 * 3600_000).toISOString();
    const res = await get('format=csv&lang=zh-CN');
    expect(res.status).toBe(200);
    // The file name carries the local time as well (UTC+8 here).
    const after = new Date(Date.now() + 8 * 3600_000).toISOString();
    const stamp = (iso: string) => `${iso.slice(0, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}`;
    expect(res.type).toBe('text/csv;charset=utf-8');
    expect(res.rows).toBe('1');
    expect(res.fileName).toMatch(/^inventory-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}\.csv$/);
    expect([stamp(before), stamp(after)]).toContain(res.fileName.slice(10, 25));
    const bytes = res.bytes;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = csvRows(bytes.toString('utf8').slice(1));
    expect(parsed.meta.fields).toEqual(['编号', '名称', '英文名', 'CAS号', '规格', '数量', '单位', '单瓶规格', '容器', '存放位置', '品牌', '类别', '货号', '危险品', 'GHS象形图', '批号', '有效期', '入库日期', '开封日期', '供应商', '最低库存', '备注', '状态', '借用人', '借出时间', '来源试剂订单', '创建时间', '更新时间']);
    // Left out, lang is the lab's language: people open exports; scripts ask for lang=machine.
    const byDefault = csvRows((await get('format=csv')).bytes.toString('utf8').slice(1));
    expect(byDefault.meta.fields).toEqual(parsed.meta.fields);
    const row = parsed.data[0]!;
    expect(row).toMatchObject({ 编号: String(item.id), 名称: '乙醇', 状态: '借出', 危险品: '是', 借用人: '张三', 规格: '', 来源试剂订单: '' });
    const beijing = new Date(Date.parse(item.created_at) + 8 * 3600_000).toISOString();
    expect(row['创建时间']).toBe(`${beijing.slice(0, 10)} ${beijing.slice(11, 16)}`);
    expect(row['借出时间']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('lang=en: the English labels and values', async () => {
    const { get } = await setup();
    const parsed = csvRows((await get('format=csv&lang=en')).bytes.toString('utf8').slice(1));
    expect(parsed.meta.fields!.slice(0, 4)).toEqual(['ID', 'Name', 'English name', 'CAS No.']);
    expect(parsed.data[0]).toMatchObject({ Name: '乙醇', Status: 'Borrowed', Hazardous: 'Yes', 'Borrowed by': '张三' });
  });

  it('lang=machine: today\'s snake_case columns and raw codes', async () => {
    const { item, get } = await setup();
    for (const q of ['format=csv&lang=machine']) {
      const parsed = csvRows((await get(q)).bytes.toString('utf8').slice(1));
      expect(parsed.meta.fields).toEqual([...LISTS['/inventory/'].exportColumns]);
      expect(parsed.data[0]).toMatchObject({ id: String(item.id), name: '乙醇', status: 'borrowed', hazardous: 'yes', created_at: item.created_at });
    }
  });

  it('encoding=gb18030 decodes back to the same Chinese text (no BOM)', async () => {
    const { get } = await setup();
    const bytes = (await get('format=csv&lang=zh-CN&encoding=gb18030')).bytes;
    expect(bytes[0]).not.toBe(0xef);
    // Not UTF-8: the same text in UTF-8 would differ byte for byte.
    const text = iconv.decode(bytes, 'gb18030');
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(false);
    const row = csvRows(text).data[0]!;
    expect(row).toMatchObject({ 名称: '乙醇', 存放位置: 'A301-1号柜', 状态: '借出', 借用人: '张三' });
  });

  it('XLSX in zh-CN reads back with Chinese headers and values', async () => {
    const { get } = await setup();
    const res = await get('format=xlsx&lang=zh-CN');
    expect(res.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.fileName).toMatch(/^inventory-.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const values = (ws.getRow(2).values as unknown[]).slice(1);
    const row = Object.fromEntries(header.map((h, i) => [String(h), values[i]]));
    expect(row).toMatchObject({ 名称: '乙醇', 状态: '借出', 危险品: '是', CAS号: '64-17-5' });
  });

  it('a bad lang or encoding is a 400 naming the field', async () => {
    const { get } = await setup();
    const badLang = await get('format=csv&lang=fr');
    expect(badLang).toMatchObject({ status: 400, json: { error: { code: 'validation', fields: { lang: expect.objectContaining({ key: 'field.oneOf', params: { values: ['zh-CN', 'en', 'machine'] } }) } } } });
    const badEnc = await get('format=csv&encoding=latin1');
    expect(badEnc).toMatchObject({ status: 400, json: { error: { code: 'validation', fields: { encoding: expect.objectContaining({ key: 'field.oneOf', params: { values: ['utf-8', 'gb18030'] } }) } } } });
  });
});
