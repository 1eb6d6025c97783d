// What the forms make of the shipped lists' answer (src/renderer/reference/reference-hints.ts and
// shared/hazard-statements.ts), on real answers of the reference service: the regulatory tags in
// their order, "no reference data" for a CAS no list has, how a user's pictograms differ from the
// reference's, and a Chinese statement for every H-code the shipped GHS file holds.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReferenceService } from '../../src/main/reference/reference-service';
import { parseGhs } from '../../src/main/reference/parse';
import { silentLogger } from '../../src/main/logging';
import { hasReference, pictogramDiff, regulatoryTags } from '../../src/renderer/reference/reference-hints';
import { HAZARD_STATEMENTS_ZH, hazardStatement } from '../../src/shared/hazard-statements';
import { tempDir, ROOT } from '../support/temp';

const reference = new ReferenceService({ dataDir: tempDir('lab-ref-hints-'), log: silentLogger() });
afterAll(() => reference.close());

describe('regulatory tags', () => {
  it('names the catalogue entry, 剧毒, 易制毒 and 易制爆 in that order', () => {
    // potassium cyanide: catalogue #1686, marked 剧毒
    expect(regulatoryTags(reference.lookup('151-50-8'))).toEqual([{ kind: 'hazchem', serial: 1686 }, { kind: 'toxic' }]);
    // sulfuric acid: in the catalogue and 易制毒 第三类
    expect(regulatoryTags(reference.lookup('7664-93-9'))).toEqual([{ kind: 'hazchem', serial: 1302 }, { kind: 'yizhidu', category: 3 }]);
    // potassium permanganate: catalogue, 易制毒 第三类 and 易制爆
    const kmno4 = regulatoryTags(reference.lookup('7722-64-7')).map((t) => t.kind);
    expect(kmno4).toEqual(['hazchem', 'yizhidu', 'yizhibao']);
  });

  it('a valid CAS in no list has no reference data, and no tags', () => {
    const water = reference.lookup('7732-18-5');
    expect(hasReference(water)).toBe(false);
    expect(regulatoryTags(water)).toEqual([]);
    expect(hasReference(reference.lookup('151-50-8'))).toBe(true);
  });
});

describe('the pictograms against the reference', () => {
  it('names what is missing and what is extra, in GHS order; nothing when they agree', () => {
    expect(pictogramDiff(['GHS02'], ['GHS06'])).toEqual({ missing: ['GHS06'], extra: ['GHS02'] });
    expect(pictogramDiff(['GHS09', 'GHS06', 'GHS02'], ['GHS06', 'GHS05'])).toEqual({ missing: ['GHS05'], extra: ['GHS02', 'GHS09'] });
    expect(pictogramDiff(['GHS06'], ['GHS06'])).toEqual({ missing: [], extra: [] });
    expect(pictogramDiff([], ['GHS07', 'GHS06'])).toEqual({ missing: ['GHS06', 'GHS07'], extra: [] });
  });
});

describe('hazard statements in the UI language', () => {
  it('has a Chinese statement for every H-code of the shipped GHS file', () => {
    const file = path.join(ROOT, 'resources/reference/ghs-hcis.csv');
    const codes = new Set(parseGhs('ghs-hcis.csv', fs.readFileSync(file, 'utf8')).flatMap((r) => r.hazards.map((h) => h.code)));
    expect(codes.size).toBeGreaterThan(70);
    expect([...codes].filter((c) => !HAZARD_STATEMENTS_ZH[c])).toEqual([]);
  });

  it('English as the list words it, Chinese from the table, the list\'s text for a code the table lacks', () => {
    const h310 = reference.lookup('151-50-8').ghs!.hazards.find((h) => h.code === 'H310')!;
    expect(hazardStatement(h310, 'en')).toBe('Fatal in contact with skin');
    expect(hazardStatement(h310, 'zh-CN')).toBe('皮肤接触致命');
    expect(hazardStatement({ code: 'H999', statement: 'Something new' }, 'zh-CN')).toBe('Something new');
  });
});
