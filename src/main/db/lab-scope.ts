// The lab a piece of work is for. On the institute server every lab-owned row carries `lab_id`;
// whoever knows the lab (the request's session) runs the work inside `inLab`, and the scope follows
// it across awaits. The PostgreSQL unit of work hands it to row-level security at the start of each
// transaction (docs/postgres.md). The desktop's SQLite file is one lab and ignores it.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<number>();

/** Runs `fn` for lab `labId` (a positive integer: a lab's id). */
export function inLab<T>(labId: number, fn: () => T): T {
  if (!Number.isSafeInteger(labId) || labId <= 0) throw new RangeError(`a lab id is a positive integer, not ${String(labId)}`);
  return scope.run(labId, fn);
}

/** The lab of the running work; undefined outside any `inLab`. */
export function currentLab(): number | undefined {
  return scope.getStore();
}
