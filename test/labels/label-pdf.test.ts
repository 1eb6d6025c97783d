// Label PDFs through the real HTTP server (browser mode, a real lab.db): every size carries a QR
// code a decoder reads back as LAB1:<id>; Chinese text is embedded in the shipped CJK font and
// visibly drawn; a selection gives that many labels; long text never leaves its label; bad input
// is a 400 naming the field and an unknown id a 404 naming the id.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, type RunningApp } from '../../src/main/app-services';
import { ADMIN, freePort, setupAdmin } from '../support/temp';
import { http, login } from '../support/http';
import { LABEL_GEOMETRY, LABEL_SIZES, MAX_LABELS } from '../../src/shared/labels';
import { decodeQr, ink, pdfFonts, pdfPageMm, pdfPages, pdfText, pxPerMm, renderPages } from './pdf-check';

let s: RunningApp;
let base: string;
let cookie: string;
let dir: string;
const ids: Record<string, number> = {};

async function create(body: Record<string, unknown>): Promise<number> {
  const r = await http(base, 'POST', '/api/inventory', { quantity: 1, unit: 'g', ...body }, cookie);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.id as number;
}

async function pdf(p: string): Promise<string> {
  const res = await fetch(base + p, { headers: { 'x-lab-client': '1', cookie } });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const file = path.join(dir, `${Object.keys(ids).length}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

// One server for the file (tempDir/startTestServices clean up after every test).
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-labels-'));
  s = await startServices({ dataDir: path.join(dir, 'data'), mode: 'browser', version: '9.9.9-test', port: await freePort() });
  await setupAdmin(s);
  await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
  base = `http://127.0.0.1:${s.port}`;
  cookie = await login(base, 'alice', 'alice-pass-1');
  // 剧毒 (highly toxic) lists potassium cyanide: the item is flagged by the v8 triggers.
  s.data.dbs.lab.prepare("INSERT INTO controlled_cas (category_id, cas, name) SELECT id, '151-50-8', '氰化钾' FROM controlled_categories WHERE key = 'highly_toxic'").run();
  ids.kcn = await create({
    name: '氰化钾', english_name: 'Potassium cyanide', cas_number: '151-50-8', specification: '500 g', lot_number: 'LOT-2026-001',
    expiry_date: '2027-06-30', storage_location: '化学楼 › 301 室 › 毒品柜', ghs: ['GHS06', 'GHS09'],
  });
  ids.long = await create({
    name: '2,2′-联吡啶-4,4′-二羧酸双(四丁基铵)顺式双(异硫氰基)钌(II) 配合物（N719 染料，高纯度，用于染料敏化太阳能电池）',
    english_name: 'Di-tetrabutylammonium cis-bis(isothiocyanato)bis(2,2′-bipyridyl-4,4′-dicarboxylato)ruthenium(II) for dye-sensitized solar cells',
    specification: '1 g × 10 vials, ≥95 % (HPLC), stored at 2–8 ℃', lot_number: 'L'.repeat(60), storage_location: 'Building A › Room 101 › Cabinet 2 › Shelf 3 › Box 17',
    ghs: ['GHS02', 'GHS05', 'GHS06', 'GHS07', 'GHS08', 'GHS09'],
  });
  ids.plain = await create({ name: 'Sodium chloride', cas_number: '7647-14-5' });
}, 120_000);

afterAll(async () => {
  await s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('label PDF: QR payload round trip', () => {
  for (const size of LABEL_SIZES) {
    it(`${size}: the QR code decodes to LAB1:<id> and the page has the label's size`, async () => {
      const file = await pdf(`/api/inventory/${ids.kcn}/label.pdf?size=${size}&lang=zh-CN`);
      const g = LABEL_GEOMETRY[size];
      const page = pdfPageMm(file);
      expect(page.w).toBeCloseTo(g.pageWidth, 0);
      expect(page.h).toBeCloseTo(g.pageHeight, 0);
      const [png] = renderPages(file, dir);
      // the first label's cell (the whole page for a label printer's sizes)
      const cell = { x: g.left * pxPerMm, y: g.top * pxPerMm, w: g.width * pxPerMm, h: g.height * pxPerMm };
      expect(decodeQr(png!, cell)).toBe(`LAB1:${ids.kcn}`);
    });
  }
});

describe('label PDF: Chinese text', () => {
  it('embeds the shipped CJK font, gives the Chinese text back and draws it', async () => {
    const file = await pdf(`/api/inventory/${ids.kcn}/label.pdf?size=70x40&lang=zh-CN`);
    const fonts = pdfFonts(file);
    expect(fonts).toMatch(/NotoSansCJKsc-Regular\s+CID Type 0C\s+Identity-H\s+yes\s+yes/);
    const text = pdfText(file);
    for (const t of ['氰化钾', 'Potassium cyanide', 'CAS 151-50-8', '500 g', '批号 LOT-2026-001', '有效期 2027-06-30', '管制: 剧毒', '毒品柜']) expect(text).toContain(t);
    const [png] = renderPages(file, dir);
    // the name's line, right of the QR code: ink where the characters are
    const nameArea = { x: 30 * pxPerMm, y: 2 * pxPerMm, w: 36 * pxPerMm, h: 4 * pxPerMm };
    expect(ink(png!, nameArea)).toBeGreaterThan(0.05);
  });

  it('in English the captions and the controlled category are English', async () => {
    const text = pdfText(await pdf(`/api/inventory/${ids.kcn}/label.pdf?size=70x40&lang=en`));
    for (const t of ['Controlled: Highly toxic', 'Lot LOT-2026-001', 'Exp. 2027-06-30']) expect(text).toContain(t);
  });

  it('a character outside the subset is drawn with a system CJK font when one is installed', async () => {
    const id = await create({ name: '䶮化合物 𠀾', specification: '1 g', lot_number: '二〇二六' });
    const file = await pdf(`/api/inventory/${id}/label.pdf?size=70x40`);
    expect(pdfText(file)).toContain('䶮化合物');
    // the subset for the other lines, the system font for this one (fonts-noto-cjk is installed here and in CI)
    expect(pdfFonts(file).match(/NotoSansCJKsc-Regular/g)!.length).toBe(2);
  });
});

describe('label PDF: fitting and selections', () => {
  it('long text shrinks and ends in an ellipsis, never running off the label', async () => {
    for (const size of ['50x30', '70x40'] as const) {
      const file = await pdf(`/api/inventory/${ids.long}/label.pdf?size=${size}&lang=zh-CN`);
      expect(pdfText(file)).toContain('…');
      const [png] = renderPages(file, dir);
      const g = LABEL_GEOMETRY[size];
      // the right and bottom 0.8 mm stay blank; the QR still reads
      expect(ink(png!, { x: png!.width - 0.8 * pxPerMm, y: 0, w: 0.8 * pxPerMm, h: png!.height })).toBe(0);
      expect(ink(png!, { x: 0, y: png!.height - 0.8 * pxPerMm, w: png!.width, h: 0.8 * pxPerMm })).toBe(0);
      expect(decodeQr(png!, { x: 0, y: 0, w: (g.width / 2) * pxPerMm, h: png!.height })).toBe(`LAB1:${ids.long}`);
    }
  });

  it('a selection gives one label per item: pages for a label printer, cells on an A4 sheet', async () => {
    const sel = [ids.kcn, ids.long, ids.plain];
    const roll = await pdf(`/api/labels.pdf?ids=${sel.join(',')}&size=50x30&lang=en`);
    expect(pdfPages(roll)).toBe(3);
    expect(renderPages(roll, dir).map((p) => decodeQr(p))).toEqual(sel.map((i) => `LAB1:${i}`));
    const five = [...sel, ids.plain, ids.kcn];
    const sheet = await pdf(`/api/labels.pdf?ids=${five.join(',')}&size=a4`);
    // duplicates print once
    expect(pdfPages(sheet)).toBe(1);
    const [png] = renderPages(sheet, dir);
    const g = LABEL_GEOMETRY.a4;
    const read = [0, 1, 2, 3].map((i) => decodeQr(png!, { x: (i % 3) * g.width * pxPerMm, y: (g.top + Math.floor(i / 3) * g.height) * pxPerMm, w: g.width * pxPerMm, h: g.height * pxPerMm }));
    expect(read).toEqual([...sel.map((i) => `LAB1:${i}`), null]);
  });

  it('the print page gets the same content as JSON', async () => {
    const r = await http(base, 'GET', `/api/labels?ids=${ids.kcn}&lang=zh-CN`, undefined, cookie);
    expect(r.status).toBe(200);
    expect(r.json[0]).toMatchObject({ id: ids.kcn, payload: `LAB1:${ids.kcn}`, name: '氰化钾', ghs: ['GHS06', 'GHS09'], controlled: ['剧毒'], expiry_date: '2027-06-30' });
  });
});

describe('label PDF: refusals', () => {
  it('an unknown or deleted item is a 404 naming its id', async () => {
    const gone = await create({ name: 'to delete' });
    const admin = await login(base, ADMIN.username, ADMIN.password);
    expect((await http(base, 'DELETE', `/api/inventory/${gone}`, undefined, admin)).status).toBe(200);
    for (const p of [`/api/inventory/${gone}/label.pdf`, `/api/labels.pdf?ids=${ids.kcn},${gone}`, `/api/inventory/987654/label.pdf`]) {
      const r = await http(base, 'GET', p, undefined, cookie);
      expect(r.status, p).toBe(404);
      expect(r.json.error.params.id, p).toBe(p.includes('987654') ? 987654 : gone);
    }
  });

  it('a bad size, language or id list is a 400 naming the field', async () => {
    const bad = async (p: string, field: string, key: string) => {
      const r = await http(base, 'GET', p, undefined, cookie);
      expect(r.status, p).toBe(400);
      expect(r.json.error.fields[field].key, p).toBe(key);
    };
    await bad(`/api/inventory/${ids.kcn}/label.pdf?size=10x10`, 'size', 'field.oneOf');
    await bad(`/api/inventory/${ids.kcn}/label.pdf?lang=fr`, 'lang', 'field.oneOf');
    await bad('/api/labels.pdf?ids=1,x', 'ids', 'field.idList');
    await bad('/api/labels.pdf?ids=', 'ids', 'field.idList');
    await bad(`/api/labels.pdf?ids=${Array.from({ length: MAX_LABELS + 1 }, (_, i) => i + 1).join(',')}`, 'ids', 'field.maxItems');
  });

  it('needs a session', async () => {
    const res = await fetch(`${base}/api/inventory/${ids.kcn}/label.pdf`, { headers: { 'x-lab-client': '1' } });
    expect(res.status).toBe(401);
  });
});
