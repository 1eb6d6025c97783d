// manifest.json of a backup (zip archive or backup folder): who wrote it, what schema versions the
// databases have, how many rows each table held and the SHA-256 of every file, so a restore can
// refuse a damaged, foreign or too-new backup before it touches anything.
import { z } from 'zod';
import { BackupError } from './backup-error';
import { APP_ID } from '../../shared/app-info';
import { BACKUP_KINDS } from '../../shared/contract/data';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'lab-desktop-backup';
export const BACKUP_FORMAT_VERSION = 1;

const count = z.number().int().min(0);
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  app: z.string(),
  appVersion: z.string(),
  createdAt: z.string(),
  kind: z.enum(BACKUP_KINDS),
  schema: z.object({ lab: z.number().int().min(0), completion: z.number().int().min(0) }),
  counts: z.object({ lab: z.record(z.string(), count), completion: z.record(z.string(), count) }),
  files: z.array(z.object({ path: z.string().min(1), size: count, sha256: z.string().regex(/^[0-9a-f]{64}$/) })).min(1),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type BackupKind = Manifest['kind'];

/** Parses and checks the manifest's identity; throws BackupError with a plain reason. */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError('restore.manifestJson');
  }
  const format = (raw as { format?: unknown } | null)?.format;
  const app = (raw as { app?: unknown } | null)?.app;
  if (format !== BACKUP_FORMAT || (typeof app === 'string' && app !== APP_ID)) {
    throw new BackupError('restore.otherProgram', { app: typeof app === 'string' ? app : '?' });
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError('restore.manifestIncomplete', { path: parsed.error.issues[0]?.path.join('.') || 'root' });
  const m = parsed.data;
  if (m.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError('restore.newerFormat', { version: m.appVersion, format: m.formatVersion });
  }
  return m;
}
