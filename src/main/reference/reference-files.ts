// The shipped reference files (resources/reference): where they are in every way the app runs, the
// manifest that describes them, and the hash the derived reference.db is built from. Found like the
// label font (labels/label-font.ts): from source (vitest), out/main (dev, browser mode), and
// packaged (electron-builder copies resources/reference to <resources>/reference).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REFERENCE_FILE_IDS, type ReferenceFile } from '../../shared/reference';

export const MANIFEST_FILE = 'manifest.json';

export interface ReferenceManifest {
  version: string;
  files: ReferenceFile[];
}

/** Candidate folders, most specific first. */
function candidates(): string[] {
  const out: string[] = [];
  if (process.env.LAB_REFERENCE_DIR) out.push(process.env.LAB_REFERENCE_DIR);
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources) out.push(path.join(resources, 'reference'));
  // Walk up from this module (src/main/reference, out/main, out/main/chunks, app.asar/out/main).
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    out.push(path.join(dir, 'resources', 'reference'), path.join(dir, 'reference'));
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return out;
}

/** The folder holding the shipped files; throws when the installation lacks it (a broken package). */
export function referenceDir(): string {
  const found = candidates().find((d) => fs.existsSync(path.join(d, MANIFEST_FILE)));
  if (!found) throw new Error(`the reference data (${MANIFEST_FILE}) was not found (looked in: ${candidates().join(', ')})`);
  return found;
}

/** The manifest, checked: every known file once, in the known order, with a row count. */
export function readManifest(dir: string): ReferenceManifest {
  const m = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as ReferenceManifest;
  const ids = m.files?.map((f) => f.id) ?? [];
  if (typeof m.version !== 'string' || ids.join() !== REFERENCE_FILE_IDS.join()) throw new Error(`${MANIFEST_FILE} must list ${REFERENCE_FILE_IDS.join(', ')} in this order (it lists ${ids.join(', ') || 'nothing'})`);
  for (const f of m.files) {
    if (!Number.isInteger(f.rows) || typeof f.file !== 'string' || path.basename(f.file) !== f.file) throw new Error(`${MANIFEST_FILE}: entry ${f.id} needs a plain file name and a row count`);
    for (const lang of ['zh', 'en'] as const) for (const k of ['list', 'edition', 'source', 'terms'] as const) if (typeof f[lang]?.[k] !== 'string') throw new Error(`${MANIFEST_FILE}: entry ${f.id} lacks ${lang}.${k}`);
  }
  return m;
}

/** The shipped set: manifest, each file's text and the hash of them all with the schema version. */
export interface ShippedReference {
  dir: string;
  manifest: ReferenceManifest;
  texts: Map<string, string>;
  hash: string;
}

export function readShippedReference(dir: string, schemaVersion: number): ShippedReference {
  const manifest = readManifest(dir);
  const h = crypto.createHash('sha256');
  h.update(`schema ${schemaVersion}\n`);
  h.update(fs.readFileSync(path.join(dir, MANIFEST_FILE)));
  const texts = new Map<string, string>();
  for (const f of manifest.files) {
    const bytes = fs.readFileSync(path.join(dir, f.file));
    h.update(`\n${f.file} ${bytes.length}\n`).update(bytes);
    texts.set(f.id, bytes.toString('utf8'));
  }
  return { dir, manifest, texts, hash: h.digest('hex') };
}
