// The nine GHS hazard pictograms (UN GHS, Annex 3) drawn as small inline SVG — the app is offline,
// so no image files or fonts are fetched. The shapes live in src/shared/ghs-shapes.ts (the label
// PDF draws the same ones). Each carries its name in the UI language as title and
// aria-label, so a screen reader and a hover both say what it means.
import { useTranslation } from 'react-i18next';
import { GHS_PICTOGRAMS, type GhsPictogram } from '../../shared/stock';
import { GHS_BORDER, GHS_SHAPES, type GhsShape } from '../../shared/ghs-shapes';

function Shape({ s }: { s: GhsShape }) {
  return (
    <path
      d={s.d}
      fill={s.fill ?? 'none'}
      stroke={s.stroke}
      strokeWidth={s.width}
      strokeLinecap={s.round ? 'round' : undefined}
      transform={s.rotate ? `rotate(${s.rotate.join(' ')})` : undefined}
    />
  );
}

/** One pictogram; `size` in px. */
export function GhsIcon({ code, size = 20 }: { code: GhsPictogram; size?: number }) {
  const { t } = useTranslation();
  const name = `${code} ${t(`itemFields.ghs.${code}`)}`;
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={name} data-ghs={code} style={{ display: 'inline-block', verticalAlign: 'middle', flex: 'none' }}>
      <title>{name}</title>
      <Shape s={GHS_BORDER} />
      {GHS_SHAPES[code].map((s, i) => (
        <Shape key={i} s={s} />
      ))}
    </svg>
  );
}

/** An item's pictograms in GHS order (none: nothing); a plain flex row, as it sits in table cells. */
export function GhsIcons({ codes, size }: { codes: readonly string[]; size?: number }) {
  const known = GHS_PICTOGRAMS.filter((g) => codes.includes(g));
  if (!known.length) return null;
  return (
    <span data-testid="ghs-icons" style={{ display: 'inline-flex', alignItems: 'center', gap: 2, verticalAlign: 'middle' }}>
      {known.map((g) => (
        <GhsIcon key={g} code={g} size={size} />
      ))}
    </span>
  );
}
