// The AppError a synchronous call refuses with; fails the test when the call does not refuse.
import { AppError } from '../../src/shared/errors';

export function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}
