// The extension's type suggestion (spec 001): `reagent` only when a CAS number with a correct check
// digit was recognized; otherwise `pending` — never `consumable`. The reason travels with the item
// so the reviewer sees why.
import type { ClassificationReason } from '../../src/shared/cart-batch';
import { findCasInText, parseCas } from '../../src/shared/cas';

export type SuggestedType = 'reagent' | 'pending';

export interface Classification {
  suggested_order_type: SuggestedType;
  classification_reason: ClassificationReason;
  /** Canonical `NNNNNNN-NN-N` when the shape is right (even with a wrong check digit), else the raw text. */
  cas_number: string;
}

export function classify(casRaw: string | undefined | null): Classification {
  const raw = (casRaw ?? '').trim();
  if (!raw) return { suggested_order_type: 'pending', classification_reason: 'no_cas', cas_number: '' };
  let parsed = parseCas(raw);
  if (parsed.kind === 'invalid') {
    // `CAS号：64-17-5（无水）` and other decorated shapes: look for the number inside the text.
    const found = findCasInText(raw);
    if (found) parsed = parseCas(found);
  }
  switch (parsed.kind) {
    case 'valid':
      return { suggested_order_type: 'reagent', classification_reason: 'valid_cas', cas_number: parsed.canonical };
    case 'bad_check_digit':
      return { suggested_order_type: 'pending', classification_reason: 'cas_check_digit_failed', cas_number: parsed.canonical };
    case 'empty':
      return { suggested_order_type: 'pending', classification_reason: 'no_cas', cas_number: '' };
    default:
      return { suggested_order_type: 'pending', classification_reason: 'cas_unrecognized', cas_number: raw.slice(0, 60) };
  }
}
