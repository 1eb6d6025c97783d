// A newer edition of a reference list over real HTTP on loopback: the preview names the CAS numbers
// a modified copy of the shipped list adds and removes (with names) and changes nothing; bad files are
// refused naming row and column; the switch makes lookups answer from the new edition at once, is
// audited and calls the referenceChanged listeners; revert goes back; a backup → restore brings the
// active edition back; a member is refused; a damaged imported file at start falls back to the
// shipped edition and says so.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServices, setupAdmin, tempDir, ROOT } from '../support/temp';
import { http as call, login } from '../support/http';
import { EDITIONS_FILE, editionCsvFile } from '../../src/main/reference/editions-file';
import type { CasReference, EditionPreview, ReferenceSources } from '../../src/shared/reference';

const DIR = path.join(ROOT, 'resources/reference');
const YIZHIBAO = fs.readFileSync(path.join(DIR, 'yizhibao-2017.csv'), 'utf8');
/** The shipped list without 硝酸 (7697-37-2) and with formaldehyde (50-00-0) added. */
const MODIFIED = YIZHIBAO.replace(/^硝酸,,7697-37-2,[^\n]*\n/m, '') + '甲醛测试,,50-00-0,易燃液体，类别1\r\n';
const NAMES = { zh: { list: '《易制爆危险化学品名录（2025年版）》', edition: '2025年版', source: '测试用修改稿' }, en: { list: 'Explosive precursors (2025 edition)', edition: '2025 edition' } };

async function lab(dataDir = tempDir()) {
  const s = await startTestServices({ dataDir });
  if (await s.data.auth.setupNeeded()) await setupAdmin(s);
  const base = `http://127.0.0.1:${s.port}`;
  const changed: number[] = [];
  s.onReferenceChanged(() => changed.push(Date.now()));
  return { s, base, changed, cookie: await login(base, 'admin', 'admin-pass-1') };
}
type Lab = Awaited<ReturnType<typeof lab>>;

/** Uploads `text` in chunks of `chunk` bytes as the renderer does; answers the upload id. */
async function upload(l: Lab, text: string, chunk = 64 * 1024, cookie = l.cookie): Promise<{ status: number; uploadId?: string; body: Record<string, unknown> }> {
  const bytes = Buffer.from(text, 'utf8');
  let uploadId: string | undefined;
  for (let off = 0; ; off += chunk) {
    const last = off + chunk >= bytes.length;
    const r = await call(l.base, 'POST', '/api/reference/editions/upload', { uploadId, chunk: bytes.subarray(off, off + chunk).toString('base64'), last }, cookie);
    if (r.status !== 200) return { status: r.status, body: r.json };
    uploadId = r.json.uploadId as string;
    if (last) return { status: 200, uploadId, body: r.json };
  }
}

async function preview(l: Lab, list: string, text: string, names: object = NAMES) {
  const u = await upload(l, text);
  const r = await call(l.base, 'POST', `/api/reference/editions/${list}/preview`, { uploadId: u.uploadId, ...names }, l.cookie);
  return { status: r.status, body: r.json as EditionPreview & { error?: { code: string; key: string; message: string; fields: Record<string, { key: string; params: Record<string, unknown> }>; details: { problems: Array<{ key: string; params: Record<string, unknown> }> } } } };
}

const lookup = async (l: Lab, cas: string) => (await call(l.base, 'GET', `/api/reference/cas/${cas}`, undefined, l.cookie)).json as CasReference;
const sources = async (l: Lab) => (await call(l.base, 'GET', '/api/reference/sources', undefined, l.cookie)).json as ReferenceSources;
const switchTo = async (l: Lab, token: string) => call(l.base, 'POST', '/api/reference/editions/switch', { token }, l.cookie);
const yizhibaoSource = async (l: Lab) => (await sources(l)).files.find((f) => f.id === 'yizhibao')!;

describe('importing a newer edition of a reference list', () => {
  it('previews the added and removed CAS without changing anything, switches, then reverts to the shipped edition', async () => {
    const l = await lab();
    const p = await preview(l, 'yizhibao', MODIFIED);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      list: 'yizhibao',
      kind: 'import',
      from: { zh: { list: '《易制爆危险化学品名录（2017年版）》', edition: '2017年版' }, rows: 91, imported: false },
      to: { zh: NAMES.zh, en: { ...NAMES.en, source: '' }, rows: 91, imported: true },
      added: [{ cas: '50-00-0', name: '甲醛测试' }],
      removed: [{ cas: '7697-37-2', name: '硝酸' }],
    });
    expect(p.body.token).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing changed yet: the lookup answers from the shipped edition, no file was written.
    expect((await lookup(l, '7697-37-2')).yizhibao).toMatchObject({ name: '硝酸', edition: { zh: { edition: '2017年版' } } });
    expect(fs.existsSync(path.join(l.s.dataDir, EDITIONS_FILE))).toBe(false);
    expect(l.changed).toEqual([]);

    const sw = await switchTo(l, p.body.token);
    expect(sw.status).toBe(200);
    // Lookups answer from the new edition at once, naming it.
    const formaldehyde = await lookup(l, '50-00-0');
    expect(formaldehyde.yizhibao).toMatchObject({ name: '甲醛测试', edition: { zh: { list: NAMES.zh.list, edition: '2025年版' }, en: { list: NAMES.en.list } } });
    expect(formaldehyde.editions.yizhibao.zh.list).toBe(NAMES.zh.list);
    expect((await lookup(l, '7697-37-2')).yizhibao).toBeNull();
    expect((await lookup(l, '7697-37-2')).hazchem).not.toBeNull(); // the other lists keep theirs
    const src = await yizhibaoSource(l);
    expect(src).toMatchObject({ file: editionCsvFile('yizhibao'), rows: 91, zh: { list: NAMES.zh.list, source: '测试用修改稿', terms: expect.stringContaining('著作权法') }, imported: { importedBy: { name: 'Admin' }, rows: 91 }, fault: null });
    expect(fs.readFileSync(path.join(l.s.dataDir, editionCsvFile('yizhibao')), 'utf8')).toBe(MODIFIED);
    expect(l.changed).toHaveLength(1);
    // A token is used once.
    expect((await switchTo(l, p.body.token)).json.error).toMatchObject({ code: 'not_found', key: 'referenceEdition.noPreview' });

    const audit = l.s.data.dbs.lab.prepare(`SELECT user_id, action, changes FROM audit_log WHERE entity_type = 'reference_edition' ORDER BY id`).all() as Array<{ user_id: number; action: string; changes: string }>;
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('switch');
    expect(JSON.parse(audit[0]!.changes)).toMatchObject({ list: ['yizhibao', 'yizhibao'], edition: ['《易制爆危险化学品名录（2017年版）》', NAMES.zh.list], rows: [91, 91], added: [null, 1], removed: [null, 1] });

    // Revert: the same preview, the shipped file as the new edition.
    const back = await call(l.base, 'POST', '/api/reference/editions/yizhibao/revert-preview', {}, l.cookie);
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ kind: 'revert', from: { zh: { list: NAMES.zh.list }, imported: true }, to: { zh: { edition: '2017年版' }, imported: false }, added: [{ cas: '7697-37-2', name: '硝酸' }], removed: [{ cas: '50-00-0', name: '甲醛测试' }] });
    expect((await switchTo(l, back.json.token as string)).status).toBe(200);
    expect((await lookup(l, '7697-37-2')).yizhibao).toMatchObject({ name: '硝酸', edition: { zh: { edition: '2017年版' } } });
    expect((await lookup(l, '50-00-0')).yizhibao).toBeNull();
    expect(await yizhibaoSource(l)).toMatchObject({ file: 'yizhibao-2017.csv', imported: null, fault: null });
    expect(fs.existsSync(path.join(l.s.dataDir, editionCsvFile('yizhibao')))).toBe(false);
    expect(l.changed).toHaveLength(2);
    expect((l.s.data.dbs.lab.prepare(`SELECT action FROM audit_log WHERE entity_type = 'reference_edition' ORDER BY id`).pluck().all() as string[])).toEqual(['switch', 'revert']);
    // Nothing more to revert.
    expect((await call(l.base, 'POST', '/api/reference/editions/yizhibao/revert-preview', {}, l.cookie)).json.error).toMatchObject({ code: 'conflict', key: 'referenceEdition.notImported' });
  });

  it('refuses a bad header or bad rows naming the row and the column, and changes nothing', async () => {
    const l = await lab();
    const before = fs.readdirSync(l.s.dataDir).sort();

    const header = await preview(l, 'yizhibao', YIZHIBAO.replace('品名,别名,CAS号,主要燃爆危险性分类', '品名,别名,CAS,主要燃爆危险性分类'));
    expect(header.status).toBe(400);
    expect(header.body.error).toMatchObject({ code: 'validation', key: 'referenceEdition.missingColumns', fields: { file: { key: 'referenceEdition.missingColumns', params: { columns: 'CAS号' } } } });
    expect(header.body.error!.message).toContain('CAS号');

    const lines = YIZHIBAO.split('\n');
    lines[2] = lines[2]!.replace('52583-42-3', '1234-56-7'); // file row 3
    lines[4] = lines[4]!.replace('7601-90-3', '7601-90-4'); // file row 5: a wrong check digit
    const rows = await preview(l, 'yizhibao', lines.join('\n'));
    expect(rows.status).toBe(400);
    expect(rows.body.error).toMatchObject({ key: 'referenceEdition.badCas', fields: { file: { params: { row: 3, column: 'CAS号', value: '1234-56-7' } } } });
    expect(rows.body.error!.details.problems.map((p) => p.params.row)).toEqual([3, 5]);
    expect(rows.body.error!.message).toBe('row 3, column CAS号: "1234-56-7" is not a valid CAS number');

    // A row the parser refuses for another column (yizhidu's 类别).
    const yizhidu = fs.readFileSync(path.join(DIR, 'yizhidu.csv'), 'utf8').replace('第三类', '第四类');
    const cell = await preview(l, 'yizhidu', yizhidu);
    expect(cell.body.error).toMatchObject({ key: 'referenceEdition.badCell', params: { column: '类别' } });

    // The edition's names are required in both languages.
    const unnamed = await preview(l, 'yizhibao', MODIFIED, { zh: NAMES.zh, en: { list: '', edition: '2025' } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error!.fields['en.list']).toMatchObject({ key: 'field.required' });

    expect(fs.readdirSync(l.s.dataDir).sort()).toEqual(before);
    expect((await lookup(l, '7697-37-2')).yizhibao).toMatchObject({ name: '硝酸' });
    expect(l.changed).toEqual([]);
  });

  it('takes an HCIS export in chunks (bigger than one request) and cancels a pending preview', async () => {
    const l = await lab();
    const ghs = fs.readFileSync(path.join(DIR, 'ghs-hcis.csv'), 'utf8');
    const lines = ghs.split('\n');
    const dropped = lines.splice(1, 1)[0]!; // the first entry
    const u = await upload(l, lines.join('\n'), 960 * 1024);
    expect(u.status).toBe(200);
    expect(u.body.received).toBeGreaterThan(2 * 1024 * 1024);
    const r = await call(l.base, 'POST', '/api/reference/editions/ghs/preview', { uploadId: u.uploadId, zh: { list: 'HCIS', edition: '2025年导出' }, en: { list: 'HCIS', edition: '2025 export' } }, l.cookie);
    expect(r.status).toBe(200);
    const p = r.json as EditionPreview;
    expect(p.to.rows).toBe(6825);
    expect(p.added).toEqual([]);
    const droppedCas = dropped.split(',')[0]!;
    if (droppedCas) expect(p.removed.map((x) => x.cas)).toEqual(lines.some((x) => x.startsWith(`${droppedCas},`)) ? [] : [droppedCas]);
    expect((await call(l.base, 'POST', '/api/reference/editions/cancel', { token: p.token }, l.cookie)).status).toBe(200);
    expect((await switchTo(l, p.token)).json.error).toMatchObject({ key: 'referenceEdition.noPreview' });
    expect((await yizhibaoSource(l)).imported).toBeNull();
  });

  it('refuses a member (403) and keeps the active edition through a backup and restore', async () => {
    const l = await lab();
    await l.s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    const alice = await login(l.base, 'alice', 'alice-pass-1');
    expect((await upload(l, MODIFIED, 64 * 1024, alice)).status).toBe(403);
    expect((await call(l.base, 'POST', '/api/reference/editions/yizhibao/revert-preview', {}, alice)).status).toBe(403);
    expect((await call(l.base, 'POST', '/api/reference/editions/switch', { token: 'x' }, alice)).status).toBe(403);
    // A member reads the sources and lookups as before.
    expect((await call(l.base, 'GET', '/api/reference/sources', undefined, alice)).status).toBe(200);

    const p = await preview(l, 'yizhibao', MODIFIED);
    expect((await switchTo(l, p.body.token)).status).toBe(200);
    const backup = await l.s.backups.backupAndWait('manual');
    const back = await call(l.base, 'POST', '/api/reference/editions/yizhibao/revert-preview', {}, l.cookie);
    await switchTo(l, back.json.token as string);
    expect((await yizhibaoSource(l)).imported).toBeNull();
    const changes = l.changed.length;

    await l.s.backups.restore(backup.file);
    const cookie = await login(l.base, 'admin', 'admin-pass-1');
    const restored = { ...l, cookie };
    expect(await yizhibaoSource(restored)).toMatchObject({ zh: { list: NAMES.zh.list }, imported: { importedBy: { name: 'Admin' } } });
    expect((await lookup(restored, '50-00-0')).yizhibao).toMatchObject({ name: '甲醛测试' });
    expect(l.changed.length).toBe(changes + 1);
  });

  it('falls back to the shipped edition when the imported file is damaged or missing at start, and says so', async () => {
    const dataDir = tempDir();
    const first = await lab(dataDir);
    const p = await preview(first, 'yizhibao', MODIFIED);
    await switchTo(first, p.body.token);
    await first.s.close();
    fs.appendFileSync(path.join(dataDir, editionCsvFile('yizhibao')), '篡改,,64-17-5,\n');

    const damaged = await lab(dataDir);
    expect(await yizhibaoSource(damaged)).toMatchObject({ file: 'yizhibao-2017.csv', rows: 91, imported: null, fault: 'damaged', zh: { edition: '2017年版' } });
    expect((await lookup(damaged, '7697-37-2')).yizhibao).toMatchObject({ name: '硝酸' });
    expect((await lookup(damaged, '50-00-0')).yizhibao).toBeNull();
    const log = fs.readdirSync(path.join(dataDir, 'logs')).map((f) => fs.readFileSync(path.join(dataDir, 'logs', f), 'utf8')).join('\n');
    expect(log).toContain('the imported edition of yizhibao cannot be used');
    // Revert clears the fault: the JSON no longer names the list.
    const back = await call(damaged.base, 'POST', '/api/reference/editions/yizhibao/revert-preview', {}, damaged.cookie);
    expect(back.json).toMatchObject({ kind: 'revert', added: [], removed: [] });
    await switchTo(damaged, back.json.token as string);
    expect(await yizhibaoSource(damaged)).toMatchObject({ imported: null, fault: null });
    await damaged.s.close();

    const again = await lab(dataDir);
    await switchTo(again, (await preview(again, 'yizhibao', MODIFIED)).body.token);
    await again.s.close();
    fs.rmSync(path.join(dataDir, editionCsvFile('yizhibao')));
    const missing = await lab(dataDir);
    expect(await yizhibaoSource(missing)).toMatchObject({ imported: null, fault: 'missing' });
    expect((await lookup(missing, '7697-37-2')).yizhibao).toMatchObject({ name: '硝酸' });
  });
});
