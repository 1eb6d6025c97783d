// Operations on the shipped reference data: what the lists say of one CAS number, and where every
// reference file came from (the About / data sources screen).
import { z } from 'zod';
import { op, returns, type OperationDef } from './define';
import { empty } from './common';
import { parseCas } from '../cas';
import type { CasReference, ReferenceSources } from '../reference';

/** Any written form parseCas accepts (prefixes, full-width digits, any dash); answers the canonical form. */
export const casNumberInput = z
  .string({ error: 'field.text' })
  .max(60, 'field.maxChars')
  .transform((v, ctx) => {
    const p = parseCas(v);
    if (p.kind === 'valid') return p.canonical;
    if (p.kind === 'empty') ctx.addIssue({ code: 'custom', message: 'field.required' });
    else if (p.kind === 'bad_check_digit') ctx.addIssue({ code: 'custom', message: 'reference.checkDigit', params: { cas: p.canonical, expected: p.expected } });
    else ctx.addIssue({ code: 'custom', message: 'cas.invalidField', params: { reason: p.reason } });
    return z.NEVER;
  });

export const referenceOps = {
  /** The regulated-list entries and GHS classification of one CAS number; all null when no list has it. */
  lookupReferenceCas: op({ method: 'GET', path: '/reference/cas/:cas', access: 'user', input: z.object({ cas: casNumberInput }).strict(), output: returns<CasReference>() }),
  /** Every shipped reference file: list, edition, source, terms, rows. */
  referenceSources: op({ method: 'GET', path: '/reference/sources', access: 'user', input: empty, output: returns<ReferenceSources>() }),
} satisfies Record<string, OperationDef>;
