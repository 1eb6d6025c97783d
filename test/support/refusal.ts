// What a call throws or refuses with, for tests that assert on the error itself.
import { AppError } from '../../src/shared/errors';

/** The error `fn` throws; fails the test when it does not throw. */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to throw');
}

/** The AppError a call refuses with; fails the test when it does not refuse or throws another error. */
export function refusal(fn: () => unknown): AppError {
  const e = thrownBy(fn);
  if (e instanceof AppError) return e;
  throw e;
}

/** The AppError an asynchronous call refuses with (thrown or rejected); fails the test when it does not refuse or fails otherwise. */
export async function asyncRefusal(fn: () => unknown): Promise<AppError> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected the call to throw');
}
