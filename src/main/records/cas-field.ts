// CAS numbers on the write path: stored canonical (NNNNNNN-NN-N). An unparsable value is a field
// error; a bad check digit is refused too unless the caller explicitly overrides (published
// numbers are sometimes wrong), and the error carries what the UI needs to offer the override.
import { parseCas } from '../../shared/cas';
import { AppError, fieldError } from '../../shared/errors';

export interface BadCheckDigitDetails {
  cas: { kind: 'bad_check_digit'; canonical: string; expected: number };
}

export function resolveCas(raw: string | undefined, override: boolean | undefined, field = 'cas_number'): string {
  const p = parseCas(raw ?? '');
  switch (p.kind) {
    case 'empty':
      return '';
    case 'valid':
      return p.canonical;
    case 'bad_check_digit':
      if (override) return p.canonical;
      throw new AppError('validation', 'cas.checkDigit', { cas: p.canonical, expected: p.expected }, {
        fields: fieldError(field, 'cas.checkDigitField', { cas: p.canonical, expected: p.expected }),
        details: { cas: { kind: 'bad_check_digit', canonical: p.canonical, expected: p.expected } } satisfies BadCheckDigitDetails,
      });
    case 'invalid':
      throw new AppError('validation', 'cas.invalid', { value: raw ?? '', reason: p.reason }, { fields: fieldError(field, 'cas.invalidField', { reason: p.reason }) });
  }
}
