// reference.db's build on its own: H-statements paired with their codes where a statement holds
// "; " itself, and a broken shipped set (a bad CAS, a row count other than the manifest's, a
// manifest naming other files) refused with the file and row named, nothing written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pairStatements, parseHazchem } from '../../src/main/reference/parse';
import { openReferenceDb, ReferenceBrokenError, REFERENCE_DB } from '../../src/main/reference/reference-db';
import { tempDir, ROOT } from '../support/temp';

const SHIPPED = path.join(ROOT, 'resources/reference');

/** A copy of the shipped folder, `LAB_REFERENCE_DIR` pointing at it while `fn` runs. */
function withCopy<T>(change: (dir: string) => void, fn: () => T): T {
  const dir = tempDir('lab-ref-');
  for (const f of fs.readdirSync(SHIPPED)) fs.copyFileSync(path.join(SHIPPED, f), path.join(dir, f));
  change(dir);
  const before = process.env.LAB_REFERENCE_DIR;
  process.env.LAB_REFERENCE_DIR = dir;
  try {
    return fn();
  } finally {
    if (before === undefined) delete process.env.LAB_REFERENCE_DIR;
    else process.env.LAB_REFERENCE_DIR = before;
  }
}

describe('reference build', () => {
  it('pairs each H-code with its statement, a statement holding "; " kept whole', () => {
    expect(pairStatements(['H272', 'H302'], 'May intensify fire; oxidizer; Harmful if swallowed')).toEqual([
      { code: 'H272', statement: 'May intensify fire; oxidizer' },
      { code: 'H302', statement: 'Harmful if swallowed' },
    ]);
    expect(pairStatements(['H302', 'H201'], 'Harmful if swallowed; Explosive; mass explosion hazard')).toEqual([
      { code: 'H302', statement: 'Harmful if swallowed' },
      { code: 'H201', statement: 'Explosive; mass explosion hazard' },
    ]);
    // As many pieces as codes: one each, even for a two-piece code.
    expect(pairStatements(['H272'], 'May intensify fire')).toEqual([{ code: 'H272', statement: 'May intensify fire' }]);
    expect(pairStatements(['H302', 'H315'], 'Harmful if swallowed; Causes skin irritation; extra')).toBeNull();
    expect(pairStatements(['H302', 'H315'], 'Harmful if swallowed')).toBeNull();
  });

  it('indexes every CAS of a catalogue cell, canonical, and names the row of a bad one', () => {
    const rows = parseHazchem('t.csv', '序号,品名,别名,CAS号,备注,剧毒\n1,甲,,64-17-5；６４１７５,,0\n2,乙,,7664-93-9；50-00-0,,1\n');
    expect(rows.map((r) => r.cas)).toEqual([['64-17-5'], ['7664-93-9', '50-00-0']]);
    expect(rows[1]!.toxic).toBe(true);
    expect(() => parseHazchem('t.csv', '序号,品名,别名,CAS号,备注,剧毒\n1,甲,,64-17-5,,0\n2,乙,,64-17-6,,0\n')).toThrow('reference file t.csv, row 3: "64-17-6" is not a valid CAS number');
    expect(() => parseHazchem('t.csv', '序号,品名,CAS号\n1,甲,64-17-5\n')).toThrow('missing column(s) 别名, 备注, 剧毒');
  });

  it('refuses a broken shipped set, naming the file, and writes no reference.db', () => {
    const dataDir = tempDir();
    withCopy(
      (dir) => fs.appendFileSync(path.join(dir, 'yizhidu.csv'), '第三类,多出的一行,67-64-1\n'),
      () => expect(() => openReferenceDb(dataDir)).toThrow('The reference data installed with Lab Desktop is missing or broken (reference file yizhidu.csv has 45 rows; the manifest says 44). Install the app again.'),
    );
    withCopy(
      (dir) => fs.appendFileSync(path.join(dir, 'yizhibao-2017.csv'), '某物,,1234-56-7,氧化性固体\n'),
      () => expect(() => openReferenceDb(dataDir)).toThrow(/yizhibao-2017\.csv, row 93: "1234-56-7" is not a valid CAS number/),
    );
    withCopy(
      (dir) => {
        const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { files: unknown[] };
        m.files.pop();
        fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(m));
      },
      () => expect(() => openReferenceDb(dataDir)).toThrow(/manifest\.json must list hazchem, yizhibao, yizhidu, ghs, epaGroups, epaCodes, epaPairs/),
    );
    withCopy(
      (dir) => fs.rmSync(path.join(dir, 'ghs-hcis.csv')),
      () => expect(() => openReferenceDb(dataDir)).toThrow(ReferenceBrokenError),
    );
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith(REFERENCE_DB))).toEqual([]);
  });

  it('builds again when the shipped files change', () => {
    const dataDir = tempDir();
    const first = openReferenceDb(dataDir);
    first.db.close();
    const changed = withCopy(
      (dir) => fs.appendFileSync(path.join(dir, 'NOTICE.txt'), '\n'),
      () => openReferenceDb(dataDir),
    );
    // NOTICE.txt is not part of the data: the same set, the file kept.
    expect(changed.rebuilt).toBeNull();
    changed.db.close();
    const edited = withCopy(
      (dir) => {
        const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { version: string };
        m.version = 'next';
        fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(m));
      },
      () => openReferenceDb(dataDir),
    );
    expect(edited.rebuilt).toBe('changed');
    edited.db.close();
  });
});
