// Where the team's shared data lives: `shared/` beside the repository (as on developer machines
// and in CI). LAB_SHARED_DIR overrides it for other layouts.
import fs from 'node:fs';
import path from 'node:path';

export const SHARED_DIR = process.env.LAB_SHARED_DIR ?? path.resolve(__dirname, '../../../shared');

export function sharedDataFile(name: string): string {
  const file = path.join(SHARED_DIR, 'data', name);
  if (!fs.existsSync(file)) throw new Error(`${file} not found: the shared data set must sit beside the repository (or set LAB_SHARED_DIR).`);
  return file;
}

export const CHEMICALS_TSV = path.join(SHARED_DIR, 'data', 'chemicals.tsv');
