// The shipped reference data over real HTTP on loopback: every CAS of the shipped files resolves
// (a walk over all of them, each checked against the file read on its own here), the facts the
// issue names, the written forms the app accepts, refusals naming `cas`, and reference.db kept,
// or built again when it is missing, damaged or built from other files.
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { startTestServices, setupAdmin, tempDir, ROOT } from '../support/temp';
import { http as call, login } from '../support/http';
import { REFERENCE_DB } from '../../src/main/reference/reference-db';
import type { CasReference, ReferenceSources } from '../../src/shared/reference';

const DIR = path.join(ROOT, 'resources/reference');

async function lab(dataDir = tempDir()) {
  const s = await startTestServices({ dataDir });
  if (await s.data.auth.setupNeeded()) await setupAdmin(s);
  const base = `http://127.0.0.1:${s.port}`;
  return { s, base, cookie: await login(base, 'admin', 'admin-pass-1') };
}

const lookup = async (l: { base: string; cookie: string }, cas: string) => {
  const r = await call(l.base, 'GET', `/api/reference/cas/${encodeURIComponent(cas)}`, undefined, l.cookie);
  return { status: r.status, body: r.json as CasReference & { error?: { code: string; message: string; fields: Record<string, { key: string; params: object }> } } };
};

/** A shipped file's rows, read with nothing of the app but papaparse. */
function rows(file: string): Array<Record<string, string>> {
  return Papa.parse<Record<string, string>>(fs.readFileSync(path.join(DIR, file), 'utf8'), { header: true, skipEmptyLines: 'greedy' }).data;
}
const casCells = (cell: string | undefined) => (cell ?? '').split('；').map((c) => c.trim()).filter(Boolean);

describe('reference data over HTTP', () => {
  it('answers every CAS of the shipped lists from its list, and the facts the issue names', async () => {
    const l = await lab();
    const expected = new Map<string, Set<'hazchem' | 'yizhibao' | 'yizhidu' | 'ghs'>>();
    const add = (list: 'hazchem' | 'yizhibao' | 'yizhidu' | 'ghs', cas: string) => (expected.get(cas) ?? expected.set(cas, new Set()).get(cas)!).add(list);
    for (const r of rows('hazchem-catalogue-2015.csv')) for (const c of casCells(r['CAS号'])) add('hazchem', c);
    for (const r of rows('yizhibao-2017.csv')) for (const c of casCells(r['CAS号'])) add('yizhibao', c);
    for (const r of rows('yizhidu.csv')) for (const c of casCells(r['CAS号'])) add('yizhidu', c);
    for (const r of rows('ghs-hcis.csv')) for (const c of casCells(r.cas)) add('ghs', c);
    expect(expected.size).toBeGreaterThan(7500);
    expect(l.s.reference.indexedCas()).toEqual([...expected.keys()].sort());
    const wrong: string[] = [];
    // Sequential: one request at a time on a 2-core machine shared with others.
    for (const [cas, lists] of expected) {
      const { status, body } = await lookup(l, cas);
      if (status !== 200 || body.cas !== cas) {
        wrong.push(`${cas}: ${status}`);
        continue;
      }
      for (const list of ['hazchem', 'yizhibao', 'yizhidu', 'ghs'] as const) if (!!body[list] !== lists.has(list)) wrong.push(`${cas}: ${list} ${body[list] ? 'found' : 'missing'}`);
    }
    expect(wrong).toEqual([]);

    const kcn = (await lookup(l, '151-50-8')).body;
    expect(kcn.hazchem).toMatchObject({ serial: 1686, name: '氰化钾', toxic: true, edition: { id: 'hazchem', zh: { list: '《危险化学品目录（2015版）》' } } });
    expect(kcn.ghs).toMatchObject({ pictograms: ['GHS06'], signalWord: 'Danger' });
    expect(kcn.ghs!.hazards[0]).toEqual({ code: 'H310', statement: 'Fatal in contact with skin' });
    expect(kcn.ghs!.edition.en.edition).toBe('2022 export');

    const ethanol = (await lookup(l, '64-17-5')).body;
    expect(ethanol.ghs!.pictograms).toContain('GHS02');
    expect(ethanol.hazchem).toMatchObject({ toxic: false });

    const sulfuric = (await lookup(l, '7664-93-9')).body;
    expect(sulfuric.yizhidu).toMatchObject({ category: 3, name: '硫酸', edition: { id: 'yizhidu' } });

    const nitric = (await lookup(l, '7697-37-2')).body;
    expect(nitric.yizhibao).toMatchObject({ name: '硝酸', class: '氧化性液体，类别3', edition: { id: 'yizhibao', zh: { edition: '2017年版' } } });

    // A CAS listed several times: the first entry, and every entry (perchloric acid by concentration).
    const perchloric = (await lookup(l, '7601-90-3')).body;
    expect(perchloric.yizhibao!.entries.map((e) => e.name)).toEqual(['高氯酸[浓度＞72%]', '高氯酸[浓度50%～72%]', '高氯酸[浓度≤50%]']);
    // Hydrogen cyanide: 剧毒 in one of its entries is 剧毒 for the CAS.
    expect((await lookup(l, '74-90-8')).body.hazchem).toMatchObject({ toxic: true });
    // An H-statement that itself holds "; " stays whole (HCIS separates statements with "; " too).
    const statements = (await lookup(l, '7757-79-1')).body.ghs?.hazards.map((h) => h.statement) ?? [];
    for (const s of statements) expect(s).not.toBe('oxidizer');
  }, 600_000);

  it('takes every written form the app accepts; an unknown valid CAS answers all null with the editions', async () => {
    const l = await lab();
    for (const written of ['CAS号：64-17-5', '６４－１７－５', '64 17 5', '64175', 'cas no. 64—17—5']) {
      const { status, body } = await lookup(l, written);
      expect(status, written).toBe(200);
      expect(body.cas).toBe('64-17-5');
      expect(body.ghs).not.toBeNull();
    }
    expect(l.s.reference.indexedCas()).not.toContain('1000-00-6');
    const unknown = await lookup(l, '1000-00-6');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ cas: '1000-00-6', hazchem: null, yizhibao: null, yizhidu: null, ghs: null });
    expect(Object.keys(unknown.body.editions).sort()).toEqual(['ghs', 'hazchem', 'yizhibao', 'yizhidu']);
  });

  it('refuses a malformed CAS with 400 naming cas', async () => {
    const l = await lab();
    for (const [written, key] of [
      ['64-17-6', 'reference.checkDigit'],
      ['ethanol', 'cas.invalidField'],
      ['064-17-5', 'cas.invalidField'],
      ['123', 'cas.invalidField'],
      [' ', 'field.required'],
    ] as const) {
      const { status, body } = await lookup(l, written);
      expect(status, written).toBe(400);
      expect(body.error!.code).toBe('validation');
      expect(Object.keys(body.error!.fields)).toEqual(['cas']);
      expect(body.error!.message).toContain('cas');
      expect(body.error!.fields.cas!.key, written).toBe(key);
    }
    expect((await lookup(l, '64-17-6')).body.error!.fields.cas).toMatchObject({ params: { cas: '64-17-6', expected: 5 } });
    // Not logged in: refused like every other read.
    expect((await call(l.base, 'GET', '/api/reference/cas/64-17-5')).status).toBe(401);
  });

  it('lists every shipped file with its source, edition, terms and row count, and the HCIS attribution', async () => {
    const l = await lab();
    const r = await call(l.base, 'GET', '/api/reference/sources', undefined, l.cookie);
    expect(r.status).toBe(200);
    const sources = r.json as ReferenceSources;
    expect(sources.files.map((f) => [f.file, f.rows])).toEqual([
      ['hazchem-catalogue-2015.csv', 2997],
      ['yizhibao-2017.csv', 91],
      ['yizhidu.csv', 44],
      ['ghs-hcis.csv', 6826],
      ['epa_groups.csv', 41],
      ['epa_codes.csv', 9],
      ['epa_pairs_nonblank.csv', 296],
    ]);
    for (const f of sources.files) expect(rows(f.file)).toHaveLength(f.rows);
    const ghs = sources.files.find((f) => f.id === 'ghs')!;
    for (const lang of ['zh', 'en'] as const) expect(ghs[lang].source).toContain('Safe Work Australia HCIS, CC BY 4.0');
    expect(ghs.en.source).toContain('reformatted');
    expect(fs.readFileSync(path.join(DIR, 'NOTICE.txt'), 'utf8')).toContain('Safe Work Australia HCIS, CC BY 4.0');
    // No ASCII colon in the Chinese words.
    for (const f of sources.files) for (const v of Object.values(f.zh)) expect(v).not.toContain(':');
  });

  it('keeps a sound reference.db, and builds it again when missing, damaged or built from other files', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, REFERENCE_DB);
    const restart = async () => {
      const l = await lab(dataDir);
      const rebuilt = l.s.reference.rebuilt;
      const answer = await lookup(l, '151-50-8');
      await l.s.close();
      return { rebuilt, answer };
    };
    const first = await startTestServices({ dataDir });
    expect(first.reference.rebuilt).toBe('missing');
    await first.close();
    expect((await restart()).rebuilt).toBeNull();

    // Damaged: the pages after the header overwritten.
    const bytes = fs.readFileSync(file);
    bytes.fill(0x5a, 100, Math.min(bytes.length, 64 * 1024));
    fs.writeFileSync(file, bytes);
    const afterDamage = await restart();
    expect(afterDamage.rebuilt).toBe('damaged');
    expect(afterDamage.answer.body.hazchem).toMatchObject({ toxic: true });

    // Not a database at all.
    fs.writeFileSync(file, 'not a database');
    expect((await restart()).rebuilt).toBe('damaged');

    // Built from other files: another schema version or data set hashes differently.
    fs.rmSync(file);
    const other = await startTestServices({ dataDir });
    await other.close();
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(file);
    db.prepare("UPDATE meta SET value = 'other' WHERE key = 'hash'").run();
    db.close();
    const afterChange = await restart();
    expect(afterChange.rebuilt).toBe('changed');
    expect(afterChange.answer.status).toBe(200);
    expect(fs.existsSync(`${file}.building`)).toBe(false);
  });
});
