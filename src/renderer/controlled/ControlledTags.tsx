// A record's controlled-chemical categories as red tags, in the UI's language: from a record's
// `controlled` flag (items, orders), or from a CAS number for what is not in the database yet
// (the cart-import review).
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseCas } from '../../shared/cas';
import { controlledNames } from '../../shared/controlled';
import { useControlled } from './use-controlled';

export function ControlledTags({ flag, cas }: { flag?: string | null; cas?: string | null }) {
  const { i18n } = useTranslation();
  const { categories, byCas } = useControlled();
  let ids = flag ?? null;
  if (ids === null && cas) {
    const p = parseCas(cas);
    ids = p.kind === 'valid' ? (byCas.get(p.canonical)?.join(',') ?? null) : null;
  }
  const names = controlledNames(ids, categories, i18n.language);
  if (names.length === 0) return null;
  return (
    <>
      {names.map((n) => (
        <Tag key={n} color="red" style={{ marginInlineEnd: 4 }} data-testid="controlled-tag">
          {n}
        </Tag>
      ))}
    </>
  );
}
