// The nine GHS hazard pictograms (UN GHS, Annex 3) drawn as small inline SVG — the app is offline,
// so no image files or fonts are fetched: a red diamond border on white with the black symbol,
// recognisable at 18 px rather than exact. Each carries its name in the UI language as title and
// aria-label, so a screen reader and a hover both say what it means.
import type { ReactNode } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { GHS_PICTOGRAMS, type GhsPictogram } from '../../shared/stock';

const RED = '#e60012';

/** Bursting rays around a point: the explosion of GHS01. */
function rays(cx: number, cy: number, r1: number, r2: number, n: number, from: number, to: number): ReactNode[] {
  return Array.from({ length: n }, (_, i) => {
    const a = ((from + ((to - from) * i) / (n - 1)) * Math.PI) / 180;
    return <line key={i} x1={cx + r1 * Math.cos(a)} y1={cy + r1 * Math.sin(a)} x2={cx + r2 * Math.cos(a)} y2={cy + r2 * Math.sin(a)} stroke="#000" strokeWidth={3.5} strokeLinecap="round" />;
  });
}

const FLAME = 'M50 24 C57 35 66 42 63 56 C61 65 56 69 50 69 C43 69 37 64 37 56 C37 48 43 45 44 37 C48 42 49 46 49 51 C53 45 54 35 50 24 Z';

const SYMBOLS: Record<GhsPictogram, ReactNode> = {
  GHS01: (
    <g>
      <circle cx={42} cy={62} r={12} fill="#000" />
      <path d="M49 52 Q53 45 58 43" stroke="#000" strokeWidth={3} fill="none" />
      {rays(60, 41, 5, 17, 7, -165, 15)}
      <circle cx={27} cy={46} r={3} fill="#000" />
      <circle cx={68} cy={60} r={3} fill="#000" />
      <circle cx={36} cy={36} r={2.5} fill="#000" />
    </g>
  ),
  GHS02: (
    <g>
      <path d={FLAME} fill="#000" />
      <rect x={34} y={72} width={32} height={5} fill="#000" />
    </g>
  ),
  GHS03: (
    <g>
      <circle cx={50} cy={60} r={10} fill="none" stroke="#000" strokeWidth={5} />
      <path d="M50 22 C55 30 60 34 58 43 C57 48 54 50 50 50 C45 50 42 47 42 42 C42 37 46 35 46 30 C49 34 50 36 50 39 C52 35 53 29 50 22 Z" fill="#000" />
      <rect x={34} y={74} width={32} height={5} fill="#000" />
    </g>
  ),
  GHS04: (
    <g transform="rotate(-25 50 52)">
      <rect x={26} y={44} width={46} height={17} rx={8.5} fill="#000" />
      <rect x={72} y={48} width={6} height={9} fill="#000" />
      <rect x={78} y={46} width={3} height={13} fill="#000" />
    </g>
  ),
  GHS05: (
    <g>
      {/* two tubes pouring onto a surface (left) and a hand (right) */}
      <rect x={30} y={22} width={9} height={22} rx={2} transform="rotate(-40 34 33)" fill="#000" />
      <rect x={61} y={22} width={9} height={22} rx={2} transform="rotate(40 66 33)" fill="#000" />
      <path d="M40 47 q-2 4 0 6 q2 -2 0 -6 Z M60 47 q-2 4 0 6 q2 -2 0 -6 Z" fill="#000" stroke="#000" strokeWidth={2} />
      <path d="M22 64 H36 l3 -4 l3 4 H46 V73 H22 Z" fill="#000" />
      <path d="M54 62 h6 v-5 h3 v5 h3 v-6 h3 v6 h3 v-4 h3 v11 H54 Z" fill="#000" />
    </g>
  ),
  GHS06: (
    <g>
      <line x1={32} y1={58} x2={68} y2={74} stroke="#000" strokeWidth={6} strokeLinecap="round" />
      <line x1={68} y1={58} x2={32} y2={74} stroke="#000" strokeWidth={6} strokeLinecap="round" />
      <circle cx={50} cy={42} r={14} fill="#000" />
      <rect x={43} y={50} width={14} height={9} rx={2} fill="#000" />
      <circle cx={45} cy={41} r={3.8} fill="#fff" />
      <circle cx={55} cy={41} r={3.8} fill="#fff" />
      <path d="M50 46 l-2 4 h4 Z" fill="#fff" />
    </g>
  ),
  GHS07: (
    <g>
      <rect x={45} y={26} width={10} height={33} rx={3} fill="#000" />
      <circle cx={50} cy={69} r={5.5} fill="#000" />
    </g>
  ),
  GHS08: (
    <g>
      <circle cx={50} cy={31} r={8} fill="#000" />
      <path d="M30 76 C30 52 38 42 50 42 C62 42 70 52 70 76 Z" fill="#000" />
      <path d="M50 49 L53 58 L62 58 L55 63 L58 72 L50 66 L42 72 L45 63 L38 58 L47 58 Z" fill="#fff" />
    </g>
  ),
  GHS09: (
    <g>
      {/* a dead tree and a dead fish */}
      <path d="M36 72 V34 M36 44 L26 36 M36 50 L45 40 M36 58 L28 52" stroke="#000" strokeWidth={3.5} strokeLinecap="round" fill="none" />
      <line x1={24} y1={74} x2={76} y2={74} stroke="#000" strokeWidth={3} />
      <ellipse cx={58} cy={65} rx={11} ry={5.5} fill="#000" />
      <path d="M68 65 L76 59 L76 71 Z" fill="#000" />
      <circle cx={52} cy={64} r={1.6} fill="#fff" />
    </g>
  ),
};

/** One pictogram; `size` in px. */
export function GhsIcon({ code, size = 20 }: { code: GhsPictogram; size?: number }) {
  const { t } = useTranslation();
  const name = `${code} ${t(`itemFields.ghs.${code}`)}`;
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={name} data-ghs={code} style={{ display: 'inline-block', verticalAlign: 'middle', flex: 'none' }}>
      <title>{name}</title>
      <polygon points="50,4 96,50 50,96 4,50" fill="#fff" stroke={RED} strokeWidth={8} strokeLinejoin="miter" />
      {SYMBOLS[code]}
    </svg>
  );
}

/** An item's pictograms in GHS order (none: nothing). */
export function GhsIcons({ codes, size }: { codes: readonly string[]; size?: number }) {
  const known = GHS_PICTOGRAMS.filter((g) => codes.includes(g));
  if (!known.length) return null;
  return (
    <Space size={2} wrap={false} data-testid="ghs-icons">
      {known.map((g) => (
        <GhsIcon key={g} code={g} size={size} />
      ))}
    </Space>
  );
}
