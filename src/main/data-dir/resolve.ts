// Data directory resolution (docs/design.md#data-directory): --data-dir flag > LAB_DATA_DIR > portable `data/` next to
// the executable > the platform's user-data folder. Pure, so the order is testable without Electron.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_NAME } from '../../shared/app-info';
import { NOT_WRITABLE_CODES, StartFailureError } from '../../shared/start-failure';

export type DataDirSource = 'flag' | 'env' | 'portable' | 'user-data';

export interface ResolveInput {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** Folder holding the executable; for electron-builder's Windows portable target, PORTABLE_EXECUTABLE_DIR. */
  exeDir: string | null;
  /** The platform's per-user app-data folder (Electron's userData). */
  userDataDir: string;
}

export function flagValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}

/** Written into the old directory by "Move data directory" (src/main/backup/move.ts). */
export const MOVED_POINTER = 'moved-to.json';

/** The data was moved to a place that is not there now (a USB disk not connected, a share offline). */
export class MovedDataMissingError extends StartFailureError {
  constructor(readonly from: string, readonly to: string) {
    super('movedDataMissing', { to, pointer: path.join(from, MOVED_POINTER) });
    this.name = 'MovedDataMissingError';
  }
}

/**
 * Follows a completed move once: the old directory names the new one, which must hold lab.db.
 * Running on the old directory instead would silently show stale data, so a missing target is an error.
 */
function followMove(dir: string): { dir: string; movedFrom?: string } {
  let to: unknown;
  try {
    to = (JSON.parse(fs.readFileSync(path.join(dir, MOVED_POINTER), 'utf8')) as { to?: unknown }).to;
  } catch {
    return { dir }; // no pointer (the usual case), or an unreadable one: stay
  }
  if (typeof to !== 'string' || !path.isAbsolute(to)) return { dir };
  if (!fs.existsSync(path.join(to, 'lab.db'))) throw new MovedDataMissingError(dir, to);
  return { dir: to, movedFrom: dir };
}

export function resolveDataDir(input: ResolveInput): { dir: string; source: DataDirSource; movedFrom?: string } {
  const base = resolveBaseDataDir(input);
  return { ...base, ...followMove(base.dir) };
}

function resolveBaseDataDir(input: ResolveInput): { dir: string; source: DataDirSource } {
  const flag = flagValue(input.argv, 'data-dir');
  if (flag) return { dir: path.resolve(flag), source: 'flag' };
  const env = input.env.LAB_DATA_DIR;
  if (env) return { dir: path.resolve(env), source: 'env' };
  const exeDir = input.env.PORTABLE_EXECUTABLE_DIR || input.exeDir;
  if (exeDir) {
    const portable = path.join(exeDir, 'data');
    if (fs.existsSync(portable) && fs.statSync(portable).isDirectory()) return { dir: portable, source: 'portable' };
  }
  return { dir: input.userDataDir, source: 'user-data' };
}

/** The folder Electron would use as userData for this product name, computed without Electron. */
export function platformUserDataDir(env = process.env, platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME);
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), APP_NAME);
}

export class DataDirNotWritableError extends StartFailureError {
  constructor(
    readonly dir: string,
    readonly code: string,
  ) {
    super('notWritable', { dir, code });
    this.name = 'DataDirNotWritableError';
  }
}

export function ensureDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'backups'), { recursive: true });
    // Fails early with a clear error when the folder is not writable.
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (NOT_WRITABLE_CODES.includes(code)) throw new DataDirNotWritableError(dir, code);
    // A recursive mkdir on a read-only mount can report ENOENT: ask the nearest existing folder.
    const why = writeRefusal(dir);
    if (why) throw new DataDirNotWritableError(dir, why);
    throw e;
  }
}

function writeRefusal(dir: string): string | null {
  let p = path.resolve(dir);
  while (!fs.existsSync(p) && path.dirname(p) !== p) p = path.dirname(p);
  try {
    fs.accessSync(p, fs.constants.W_OK);
    return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    return NOT_WRITABLE_CODES.includes(code) ? code : null;
  }
}
