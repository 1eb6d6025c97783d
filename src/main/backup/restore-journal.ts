// The crash-safe swap of a restore. restore-journal.json in the data directory records the swap
// before any live file moves; every step is a rename on the same disk and can be repeated, so a
// start-up that finds the journal finishes the swap (roll forward). The app therefore opens either
// the old data (no journal: staging was still being prepared) or the complete new data — never a
// mix such as a restored lab.db beside the old lab.db-wal.
//   phase "aside": every live data file (LIVE_FILES) is moved to replaced/<time>/ — all old;
//   phase "place": every staged file is moved into the data directory, the archive's logs go to
//                  logs/restored-<time>/; then the journal is deleted and staging removed.
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logging';
import { LIVE_FILES, LOGS_DIR, REPLACED_DIR } from './layout';
import { fileStamp, fsyncDir, writeFileAtomic } from './files';

export const JOURNAL_FILE = 'restore-journal.json';
export const STAGING_PREFIX = '.restore-staging-';

interface Journal {
  phase: 'aside' | 'place';
  /** Folder names relative to the data directory. */
  staging: string;
  aside: string;
  /** Top-level files in staging to put in place. */
  files: string[];
  at: string;
}

/** Test seam: called at each named point of the swap (the crash tests kill the process there). */
export type StepHook = (step: string) => void;

function writeJournal(dataDir: string, j: Journal): void {
  writeFileAtomic(path.join(dataDir, JOURNAL_FILE), JSON.stringify(j, null, 2));
}

function run(dataDir: string, j: Journal, step: StepHook): void {
  const aside = path.join(dataDir, j.aside);
  const staging = path.join(dataDir, j.staging);
  if (j.phase === 'aside') {
    fs.mkdirSync(aside, { recursive: true });
    let moved = 0;
    for (const f of LIVE_FILES) {
      const live = path.join(dataDir, f);
      if (!fs.existsSync(live)) continue;
      fs.renameSync(live, path.join(aside, f));
      if (++moved === 1) step('aside-partial');
    }
    fsyncDir(aside);
    fsyncDir(dataDir);
    j = { ...j, phase: 'place' };
    writeJournal(dataDir, j);
    step('aside-done');
  }
  let placed = 0;
  for (const f of j.files) {
    const from = path.join(staging, f);
    if (!fs.existsSync(from)) continue; // already placed before an interruption
    fs.renameSync(from, path.join(dataDir, f));
    if (++placed === 1) step('place-partial');
  }
  const logs = path.join(staging, LOGS_DIR);
  if (fs.existsSync(logs)) {
    fs.mkdirSync(path.join(dataDir, LOGS_DIR), { recursive: true });
    fs.renameSync(logs, path.join(dataDir, LOGS_DIR, `restored-${path.basename(j.aside)}`));
  }
  fsyncDir(dataDir);
  step('placed');
  fs.rmSync(path.join(dataDir, JOURNAL_FILE), { force: true });
  fsyncDir(dataDir);
  fs.rmSync(staging, { recursive: true, force: true });
  step('done');
}

/**
 * Swaps a verified staging folder (a direct child of dataDir) in. Every connection to the data
 * directory must be closed. On an ordinary error (permissions, a file held open) the swap is
 * rolled back and the error rethrown; a crash is finished by the next start-up instead.
 * Returns the folder, relative to dataDir, that keeps the replaced files.
 */
export function swapInRestore(dataDir: string, stagingName: string, step: StepHook = () => {}): string {
  const staging = path.join(dataDir, stagingName);
  const files = fs.readdirSync(staging, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  const j: Journal = { phase: 'aside', staging: stagingName, aside: path.join(REPLACED_DIR, fileStamp()), files, at: new Date().toISOString() };
  step('before-journal');
  writeJournal(dataDir, j);
  step('journal-written');
  try {
    run(dataDir, j, step);
  } catch (e) {
    rollBack(dataDir, j);
    throw e;
  }
  return j.aside;
}

/** Undoes a swap that failed with an error: placed files go back to staging, old files back in place. */
function rollBack(dataDir: string, j: Journal): void {
  const aside = path.join(dataDir, j.aside);
  const staging = path.join(dataDir, j.staging);
  try {
    for (const f of j.files) {
      const live = path.join(dataDir, f);
      if (fs.existsSync(live) && !fs.existsSync(path.join(staging, f)) && fs.existsSync(path.join(aside, f))) fs.renameSync(live, path.join(staging, f));
    }
    for (const f of LIVE_FILES) {
      const old = path.join(aside, f);
      if (fs.existsSync(old)) fs.renameSync(old, path.join(dataDir, f));
    }
    fsyncDir(dataDir);
    fs.rmSync(path.join(dataDir, JOURNAL_FILE), { force: true });
    fs.rmSync(aside, { recursive: true, force: true });
  } catch {
    // Rolling back failed too: the journal stays and the next start finishes the restore instead.
  }
}

/**
 * Start-up (before any database is opened): finishes a restore interrupted by a crash, and removes
 * staging folders of restores that never reached the journal. Returns true when it finished one.
 */
export function completeInterruptedRestore(dataDir: string, log?: Logger): boolean {
  let finished = false;
  const jf = path.join(dataDir, JOURNAL_FILE);
  if (fs.existsSync(jf)) {
    let j: Journal | null = null;
    try {
      j = JSON.parse(fs.readFileSync(jf, 'utf8')) as Journal;
    } catch {
      // The journal is written atomically, so an unreadable one was never completed: nothing moved.
      fs.rmSync(jf, { force: true });
    }
    if (j) {
      log?.warn({ phase: j.phase, aside: j.aside }, 'finishing a restore that was interrupted');
      run(dataDir, j, () => {});
      finished = true;
    }
  }
  if (fs.existsSync(dataDir)) {
    for (const name of fs.readdirSync(dataDir)) {
      if (name.startsWith(STAGING_PREFIX)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
  return finished;
}
