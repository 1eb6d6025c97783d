// The password rule as people read it, taken from the contract's schema (the service's own limits)
// so the words next to the field and what the service accepts cannot drift apart.
import type { z } from 'zod';
import { authOps } from '../../shared/contract/auth';

export function passwordLimits(): { min: number; max: number } {
  const s = authOps.setup.input.shape.password as z.ZodString;
  return { min: s.minLength ?? 1, max: s.maxLength ?? Number.MAX_SAFE_INTEGER };
}

/** The schema every password field of the UI checks against (setup, add user, reset). */
export const passwordSchema = authOps.setup.input;
