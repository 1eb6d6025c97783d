// settings.json in the data directory. Only values that travel with the data live here; paths are
// stored relative to the data directory so a portable folder keeps working when moved.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORT } from '../shared/app-info';

export interface Settings {
  port: number;
  /** Automatic backups kept in backups/ (src/main/backup/retention.ts). */
  backupKeep: number;
}

export const SETTINGS_FILE = 'settings.json';
const DEFAULTS: Settings = { port: DEFAULT_PORT, backupKeep: 14 };

export class SettingsStore {
  private readonly file: string;
  constructor(dataDir: string) {
    this.file = path.join(dataDir, SETTINGS_FILE);
  }
  read(): Settings {
    try {
      const raw = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Partial<Settings>;
      return { ...DEFAULTS, ...raw };
    } catch {
      return { ...DEFAULTS };
    }
  }
  update(patch: Partial<Settings>): Settings {
    const next = { ...this.read(), ...patch };
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(next, null, 2));
    fs.renameSync(tmp, this.file);
    return next;
  }
}
