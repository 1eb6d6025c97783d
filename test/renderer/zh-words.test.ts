// Chinese as a Chinese lab reads it (issue 28 §2): no ASCII colon anywhere in the zh-CN catalogue
// (the full-width "："), except inside codes a person types or sees as such (addresses, a label's
// code, HTTP headers); and a backup's name shows its time in local time.
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/renderer/i18n/resources';
import { localBackupName } from '../../src/renderer/data/backup-name';

/** Codes kept as they are written: a browser's address, a label's payload, HTTP headers, an id's allowed characters. */
const CODES = [/[a-z]+:\/\/[^\s，。；）)]*/g, /LAB1:/g, /Content-Type: application\/json/g, /X-Lab-Client: 1/g, /_\.:-/g];

function strings(node: unknown, key: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof node === 'string') out.push([key, node]);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) strings(v, key ? `${key}.${k}` : k, out);
  return out;
}

describe('the Chinese catalogue', () => {
  it('has no ASCII colon outside codes', () => {
    const all = strings(resources['zh-CN'].translation, '', []);
    expect(all.length).toBeGreaterThan(1000);
    const colons = all.filter(([, text]) => CODES.reduce((t, code) => t.replace(code, ''), text).includes(':')).map(([k, text]) => `${k}: ${text}`);
    expect(colons).toEqual([]);
  });

  it('the codes it keeps are there (the exceptions above are in use, not stale)', () => {
    const text = strings(resources['zh-CN'].translation, '', []).map(([, s]) => s).join('\n');
    for (const code of CODES) expect(text, String(code)).toMatch(new RegExp(code.source));
  });
});

describe('a backup\'s name', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

  it('reads its UTC stamp in local time, in a name or a path', () => {
    const at = new Date('2026-11-23T10:36:59.223Z');
    expect(localBackupName('auto-2026-11-23T10-36-59-223Z.zip')).toBe(`auto-${local(at)}.zip`);
    expect(localBackupName('backups/pre-migration-2026-11-23T10-36-59-223Z')).toBe(`backups/pre-migration-${local(at)}`);
    // A name without a stamp (a file the user put there) stays as it is.
    expect(localBackupName('my-copy.zip')).toBe('my-copy.zip');
  });
});
