// A settings.json from a restored backup or a hand edit cannot harm the data (issue 14, defect 4):
// settings are read through a schema, and retention never deletes the newest good backup.
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { setupAdmin, startTestServices, tempDir } from '../support/temp';
import { insertRows } from '../backup/helpers';
import { applyRetention, listBackups } from '../../src/main/backup/retention';
import { DEFAULT_SETTINGS, SettingsStore } from '../../src/main/settings';

function capturingLogger() {
  const lines: Array<{ level: number; msg: string; rejected?: string[] }> = [];
  const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) });
  return { log, lines };
}

function autoBackups(dataDir: string, n: number): string[] {
  const dir = path.join(dataDir, 'backups');
  fs.mkdirSync(dir, { recursive: true });
  const names = Array.from({ length: n }, (_, i) => `auto-2026-01-${String(i + 1).padStart(2, '0')}T00-00-00-000Z.zip`);
  for (const name of names) fs.writeFileSync(path.join(dir, name), 'zip');
  return names;
}

describe('hostile settings.json', () => {
  it('invalid or unknown values fall back to their defaults, with a log line naming them', () => {
    const dir = tempDir();
    const { log, lines } = capturingLogger();
    const store = new SettingsStore(dir, log);
    for (const [content, expected] of [
      ['{"backupKeep":"x"}', DEFAULT_SETTINGS],
      ['{"backupKeep":-3,"port":"8080"}', DEFAULT_SETTINGS],
      ['{"backupKeep":1e400,"port":70000,"evil":true}', DEFAULT_SETTINGS],
      ['{"backupKeep":2.5}', DEFAULT_SETTINGS],
      ['[1,2]', DEFAULT_SETTINGS],
      ['not json', DEFAULT_SETTINGS],
      ['{"backupKeep":7,"port":"x"}', { ...DEFAULT_SETTINGS, backupKeep: 7 }],
    ] as const) {
      fs.writeFileSync(path.join(dir, 'settings.json'), content);
      expect(store.read(), content).toEqual(expected);
    }
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(7);
    expect(warnings[0]!.rejected).toEqual(['backupKeep="x"']);
    // The same file read again is not logged again.
    store.read();
    expect(lines.filter((l) => l.level === 40)).toHaveLength(7);
  });

  it('retention keeps the newest good backup whatever it is given', () => {
    for (const keep of [Number.NaN, 'x', -5, 0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, undefined, null, 0.2]) {
      const dir = tempDir();
      const names = autoBackups(dir, 20);
      applyRetention(dir, keep);
      const left = listBackups(dir).map((b) => b.name);
      expect(left, String(keep)).toContain(names.at(-1));
      expect(left.length, String(keep)).toBeGreaterThanOrEqual(1);
    }
  });

  it('a restored settings.json {"backupKeep":"x"} does not delete the backups when the daily backup runs', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    insertRows(s.data.dbs.lab, 3);
    const older = autoBackups(s.dataDir, 3);
    fs.writeFileSync(path.join(s.dataDir, 'settings.json'), '{"backupKeep":"x"}');
    expect(await s.backups.runDueAutomaticBackup()).toBe(true);
    const left = listBackups(s.dataDir).filter((b) => b.kind === 'automatic').map((b) => b.name);
    console.log(`hostile backupKeep "x": ${left.length} automatic backups left of ${older.length + 1}`);
    expect(left).toHaveLength(older.length + 1);
    expect(s.backups.status().keep).toBe(DEFAULT_SETTINGS.backupKeep);
  });
});
