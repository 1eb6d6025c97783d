// CAS Registry Numbers: tolerant parsing (prefixes, full-width digits, any dash, bare digits)
// and check-digit validation. Canonical form: 2–7 digits, hyphen, 2 digits, hyphen, 1 check digit.

export type CasParse =
  | { kind: 'empty' }
  | { kind: 'valid'; canonical: string }
  | { kind: 'bad_check_digit'; canonical: string; expected: number }
  | { kind: 'invalid'; reason: 'form' | 'leading_zero' | 'length' };

const PREFIX = /^(?:cas(?:\s*(?:no\.?|number|rn|号|號|编号|編號))?\s*[:：#]?\s*)/i;

export function casCheckDigit(body: string): number {
  // body = all digits except the check digit; weights 1,2,3… from the right.
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i + 1);
  return sum % 10;
}

export function parseCas(input: string | null | undefined): CasParse {
  if (input == null) return { kind: 'empty' };
  let s = input.normalize('NFKC').trim();
  if (s === '') return { kind: 'empty' };
  s = s.replace(PREFIX, '').trim();
  // Every dash variant (and the minus sign) becomes a plain hyphen; spaces vanish.
  s = s.replace(/[\p{Pd}\u2212]/gu, '-').replace(/\s+/g, '');
  let digits: string;
  if (/^\d+$/.test(s)) {
    digits = s;
  } else {
    const m = /^(\d{2,7})-(\d{2})-(\d)$/.exec(s);
    if (!m) return { kind: 'invalid', reason: 'form' };
    if (m[1]!.length > 1 && m[1]!.startsWith('0')) return { kind: 'invalid', reason: 'leading_zero' };
    digits = m[1]! + m[2]! + m[3]!;
  }
  if (digits.length < 5 || digits.length > 10) return { kind: 'invalid', reason: 'length' };
  if (digits.startsWith('0')) return { kind: 'invalid', reason: 'leading_zero' };
  const canonical = `${digits.slice(0, -3)}-${digits.slice(-3, -1)}-${digits.slice(-1)}`;
  const expected = casCheckDigit(digits.slice(0, -1));
  if (expected !== Number(digits.slice(-1))) return { kind: 'bad_check_digit', canonical, expected };
  return { kind: 'valid', canonical };
}

export function isValidCas(input: string | null | undefined): boolean {
  return parseCas(input).kind === 'valid';
}

/** Finds the first CAS-looking token in free text (supplier pages write `CAS号：64-17-5`). */
export function findCasInText(text: string): string | null {
  const t = text.normalize('NFKC').replace(/[\p{Pd}\u2212]/gu, '-');
  const m = /(?<![\d-])(\d{2,7}-\d{2}-\d)(?![\d-])/.exec(t);
  return m ? m[1]! : null;
}
