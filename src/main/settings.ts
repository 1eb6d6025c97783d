// settings.json in the data directory. Only values that travel with the data live here; paths are
// stored relative to the data directory so a portable folder keeps working when moved.
// The file may come from a restored backup or a hand edit: it is read through a schema, and each
// missing, unknown or invalid value falls back to its default (said once in the log).
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PORT } from '../shared/app-info';
import type { Logger } from './logging';
import { DEFAULT_EXPIRING_DAYS, MAX_EXPIRING_DAYS, MIN_EXPIRING_DAYS } from '../shared/contract/dashboard';
import { isTimeZone } from '../shared/time-zone';

export const SETTINGS_FILE = 'settings.json';
export const MIN_BACKUP_KEEP = 1;
export const MAX_BACKUP_KEEP = 365;

const FIELDS = {
  port: z.number().int().min(1024).max(65535),
  /** Automatic backups kept in backups/ (src/main/backup/retention.ts). */
  backupKeep: z.number().int().min(MIN_BACKUP_KEEP).max(MAX_BACKUP_KEEP),
  /** The home screen's "expiring within N days" alert (src/main/dashboard). */
  expiringDays: z.number().int().min(MIN_EXPIRING_DAYS).max(MAX_EXPIRING_DAYS),
  /** The lab's time zone, an IANA name; '' = the computer's (src/main/lab-time-zone.ts). */
  timeZone: z.string().refine((v) => v === '' || isTimeZone(v)),
};

export type Settings = { [K in keyof typeof FIELDS]: z.infer<(typeof FIELDS)[K]> };
export const DEFAULT_SETTINGS: Settings = { port: DEFAULT_PORT, backupKeep: 14, expiringDays: DEFAULT_EXPIRING_DAYS, timeZone: '' };

/** Each known value that passes its schema, defaults for the rest; `rejected` names what was dropped. */
export function parseSettings(raw: unknown): { settings: Settings; rejected: string[] } {
  const settings: Settings = { ...DEFAULT_SETTINGS };
  const rejected: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { settings, rejected: ['(not an object)'] };
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    // Own keys only: `constructor` or `__proto__` in the file must not reach Object's members.
    const schema = Object.hasOwn(FIELDS, key) ? (FIELDS as Record<string, z.ZodType>)[key] : undefined;
    const parsed = schema?.safeParse(value);
    if (parsed?.success) (settings as Record<string, unknown>)[key] = parsed.data;
    else rejected.push(`${key}=${JSON.stringify(value)?.slice(0, 40)}`);
  }
  return { settings, rejected };
}

export class SettingsStore {
  private readonly file: string;
  private warned = '';
  constructor(
    dataDir: string,
    private readonly log?: Logger,
  ) {
    this.file = path.join(dataDir, SETTINGS_FILE);
  }
  read(): Settings {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = null;
    }
    const { settings, rejected } = parseSettings(raw);
    if (rejected.length && this.warned !== text) {
      this.warned = text;
      this.log?.warn({ file: this.file, rejected, using: settings }, 'settings.json has unknown or invalid values; defaults are used for them');
    }
    return settings;
  }
  update(patch: Partial<Settings>): Settings {
    const { settings: next, rejected } = parseSettings({ ...this.read(), ...patch });
    if (rejected.length) throw new Error(`invalid settings: ${rejected.join(', ')}`);
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(next, null, 2));
    fs.renameSync(tmp, this.file);
    return next;
  }
}
