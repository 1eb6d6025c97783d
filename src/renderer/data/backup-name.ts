// A backup's name as people read it. On disk a backup is named by its UTC time
// (`auto-2026-11-23T10-36-59-223Z.zip`): sortable, unique, the same in every time zone, and what
// retention orders by. Shown, that time reads as the computer's local time
// (`auto-2026-11-23 18:36:59.zip`); the name on disk stays on hover.
import { inLabZone } from '../app/format';

const STAMP = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/;

/** The name (or a path ending in it) with its UTC stamp written in the lab's time; other names as they are. */
export function localBackupName(name: string): string {
  return name.replace(STAMP, (_m, day: string, h: string, min: string, s: string, ms: string) => inLabZone(`${day}T${h}:${min}:${s}.${ms}Z`).format('YYYY-MM-DD HH:mm:ss'));
}
