// Refusals of the lab's workflows (the tables are shared with the list pages:
// src/shared/workflows.ts). Services look actions up there and check them here, so an illegal
// transition is refused in one place with a `conflict` that names the current status.
import { AppError } from '../../shared/errors';
import { allowedFrom, type Transition } from '../../shared/workflows';

export function checkTransition<S extends string>(t: Transition<S>, action: string, what: string, current: S): S {
  if (!allowedFrom(t.from, current)) {
    throw new AppError('conflict', `Cannot ${action.replace('_', ' ')} ${what}: its status is "${current}" (needs ${t.from.map((f) => `"${f}"`).join(' or ')}).`, { status: current });
  }
  return t.to;
}

export function checkStatusIn(allowed: readonly string[], action: string, what: string, current: string): void {
  if (!allowedFrom(allowed, current)) {
    throw new AppError('conflict', `Cannot ${action} ${what}: its status is "${current}" (only ${allowed.map((f) => `"${f}"`).join(' or ')}).`, { status: current });
  }
}
