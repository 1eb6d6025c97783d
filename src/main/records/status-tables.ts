// Refusals of the lab's workflows (the tables are shared with the list pages:
// src/shared/workflows.ts). Services look actions up there and check them here, so an illegal
// transition is refused in one place with a `conflict` that names the current status.
import { AppError, fieldError } from '../../shared/errors';
import type { RecordEntityType } from '../../shared/records';
import { allowedFrom, type Transition } from '../../shared/workflows';

/** The record a refusal names: its kind (a code the UI words) and id. */
export interface RecordRef {
  kind: RecordEntityType;
  id: number;
}

function wrongStatus(action: string, what: RecordRef, current: string, allowed: readonly string[]): AppError {
  return new AppError('conflict', 'records.wrongStatus', { action, kind: what.kind, id: what.id, status: current, allowed: [...allowed] }, { fields: fieldError('status', 'field.statusIs', { status: current }) });
}

export function checkTransition<S extends string>(t: Transition<S>, action: string, what: RecordRef, current: S): S {
  if (!allowedFrom(t.from, current)) throw wrongStatus(action, what, current, t.from);
  return t.to;
}

export function checkStatusIn(allowed: readonly string[], action: string, what: RecordRef, current: string): void {
  if (!allowedFrom(allowed, current)) throw wrongStatus(action, what, current, allowed);
}
