// The lab's time zone applied to this process. Services compute days and write times in the
// process's local time (dashboard "today", ledgers' day bounds, exports, stocktake reports, backup
// alerts), so the zone chosen in settings (settings.json `timeZone`; '' = the computer's) is set as
// process.env.TZ: Node re-reads it when assigned, and the import/export children forked afterwards
// inherit it. An export made on a server running in UTC then shows the times the screen shows.
// One lab per process (the desktop app, a lab's server); a server for many labs passes zones instead.
import { isTimeZone, runtimeTimeZone } from '../shared/time-zone';

/** process.env.TZ as the process started (undefined = the system's zone), restored for ''. */
let startTz: string | undefined;
let captured = false;
let computerZone = '';
const listeners = new Set<() => void>();

/** The computer's own zone: what '' means. */
export function computerTimeZone(): string {
  return captured ? computerZone : runtimeTimeZone();
}

/** Make `setting` the process's zone ('' or an unknown name: the computer's). Idempotent. */
export function applyLabTimeZone(setting: string): void {
  if (!captured) {
    captured = true;
    startTz = process.env.TZ;
    computerZone = runtimeTimeZone();
  }
  const want = setting && isTimeZone(setting) ? setting : startTz;
  if (process.env.TZ === want) return;
  if (want === undefined) delete process.env.TZ;
  else process.env.TZ = want;
  for (const l of listeners) l();
}

/** The zone times are written in now. */
export function labTimeZone(): string {
  return runtimeTimeZone();
}

/** Called after the zone changed: for caches of local times (the export's minute cache). */
export function onLabTimeZoneChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
