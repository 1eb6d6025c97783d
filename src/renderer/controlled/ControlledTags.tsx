// A record's controlled-chemical categories as red tags, in the UI's language: from a record's
// `controlled` flag (items, orders), or from a CAS number for what is not in the database yet
// (the cart-import review).
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseCas } from '../../shared/cas';
import { controlledNames } from '../../shared/controlled';
import { useControlled } from './use-controlled';

/** `compact`: one narrow tag (names joined, the whole on hover) for a list cell that must keep the name readable. */
export function ControlledTags({ flag, cas, compact }: { flag?: string | null; cas?: string | null; compact?: boolean }) {
  const { i18n } = useTranslation();
  const { categories, byCas } = useControlled();
  let ids = flag ?? null;
  if (ids === null && cas) {
    const p = parseCas(cas);
    ids = p.kind === 'valid' ? (byCas.get(p.canonical)?.join(',') ?? null) : null;
  }
  const names = controlledNames(ids, categories, i18n.language);
  if (names.length === 0) return null;
  if (compact) {
    const all = names.join(' · ');
    return (
      <Tag color="red" title={all} style={{ marginInlineEnd: 0, maxWidth: 96, overflow: 'hidden', textOverflow: 'ellipsis', flexShrink: 0 }} data-testid="controlled-tag">
        {all}
      </Tag>
    );
  }
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
