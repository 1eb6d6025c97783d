// The nine GHS hazard pictograms (UN GHS, Annex 3) as vector shapes on a 100 × 100 box: one copy
// for the screen (GhsIcon renders them as SVG) and the label PDF (pdfkit draws the same paths).
// Recognisable at 18 px rather than exact: a red diamond border on white with the black symbol.
import type { GhsPictogram } from './stock';

/** One SVG path: filled and/or stroked, optionally rotated by `rotate` = [degrees, cx, cy]. */
export interface GhsShape {
  d: string;
  fill?: string;
  stroke?: string;
  width?: number;
  /** Round line caps (the rays and strokes); default butt. */
  round?: boolean;
  rotate?: readonly [number, number, number];
}

export const GHS_RED = '#e60012';
const K = '#000';
const W = '#fff';

/** The red diamond every pictogram sits in (stroked with a miter join). */
export const GHS_BORDER: GhsShape = { d: 'M50 4 L96 50 L50 96 L4 50 Z', fill: W, stroke: GHS_RED, width: 8 };

const circle = (cx: number, cy: number, r: number) => ellipse(cx, cy, r, r);
function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  return `M${cx - rx} ${cy} a${rx} ${ry} 0 1 0 ${2 * rx} 0 a${rx} ${ry} 0 1 0 ${-2 * rx} 0 Z`;
}
function rect(x: number, y: number, w: number, h: number, r = 0): string {
  if (!r) return `M${x} ${y} h${w} v${h} h${-w} Z`;
  return `M${x + r} ${y} h${w - 2 * r} a${r} ${r} 0 0 1 ${r} ${r} v${h - 2 * r} a${r} ${r} 0 0 1 ${-r} ${r} h${-(w - 2 * r)} a${r} ${r} 0 0 1 ${-r} ${-r} v${-(h - 2 * r)} a${r} ${r} 0 0 1 ${r} ${-r} Z`;
}
const line = (x1: number, y1: number, x2: number, y2: number) => `M${x1} ${y1} L${x2} ${y2}`;
const r2 = (n: number) => Math.round(n * 100) / 100;

/** Bursting rays around a point: the explosion of GHS01. */
function rays(cx: number, cy: number, from: number, to: number): string {
  const n = 7;
  return Array.from({ length: n }, (_, i) => {
    const a = ((from + ((to - from) * i) / (n - 1)) * Math.PI) / 180;
    return line(r2(cx + 5 * Math.cos(a)), r2(cy + 5 * Math.sin(a)), r2(cx + 17 * Math.cos(a)), r2(cy + 17 * Math.sin(a)));
  }).join(' ');
}

const FLAME = 'M50 24 C57 35 66 42 63 56 C61 65 56 69 50 69 C43 69 37 64 37 56 C37 48 43 45 44 37 C48 42 49 46 49 51 C53 45 54 35 50 24 Z';
const GAS: GhsShape['rotate'] = [-25, 50, 52];

export const GHS_SHAPES: Record<GhsPictogram, readonly GhsShape[]> = {
  GHS01: [
    { d: circle(42, 62, 12), fill: K },
    { d: 'M49 52 Q53 45 58 43', stroke: K, width: 3 },
    { d: rays(60, 41, -165, 15), stroke: K, width: 3.5, round: true },
    { d: `${circle(27, 46, 3)} ${circle(68, 60, 3)} ${circle(36, 36, 2.5)}`, fill: K },
  ],
  GHS02: [{ d: FLAME, fill: K }, { d: rect(34, 72, 32, 5), fill: K }],
  GHS03: [
    { d: circle(50, 60, 10), stroke: K, width: 5 },
    { d: 'M50 22 C55 30 60 34 58 43 C57 48 54 50 50 50 C45 50 42 47 42 42 C42 37 46 35 46 30 C49 34 50 36 50 39 C52 35 53 29 50 22 Z', fill: K },
    { d: rect(34, 74, 32, 5), fill: K },
  ],
  GHS04: [{ d: `${rect(26, 44, 46, 17, 8.5)} ${rect(72, 48, 6, 9)} ${rect(78, 46, 3, 13)}`, fill: K, rotate: GAS }],
  GHS05: [
    // two tubes pouring onto a surface (left) and a hand (right)
    { d: rect(30, 22, 9, 22, 2), fill: K, rotate: [-40, 34, 33] },
    { d: rect(61, 22, 9, 22, 2), fill: K, rotate: [40, 66, 33] },
    { d: 'M40 47 q-2 4 0 6 q2 -2 0 -6 Z M60 47 q-2 4 0 6 q2 -2 0 -6 Z', fill: K, stroke: K, width: 2 },
    { d: 'M22 64 H36 l3 -4 l3 4 H46 V73 H22 Z', fill: K },
    { d: 'M54 62 h6 v-5 h3 v5 h3 v-6 h3 v6 h3 v-4 h3 v11 H54 Z', fill: K },
  ],
  GHS06: [
    { d: `${line(32, 58, 68, 74)} ${line(68, 58, 32, 74)}`, stroke: K, width: 6, round: true },
    { d: circle(50, 42, 14), fill: K },
    { d: rect(43, 50, 14, 9, 2), fill: K },
    { d: `${circle(45, 41, 3.8)} ${circle(55, 41, 3.8)}`, fill: W },
    { d: 'M50 46 l-2 4 h4 Z', fill: W },
  ],
  GHS07: [{ d: `${rect(45, 26, 10, 33, 3)} ${circle(50, 69, 5.5)}`, fill: K }],
  GHS08: [
    { d: circle(50, 31, 8), fill: K },
    { d: 'M30 76 C30 52 38 42 50 42 C62 42 70 52 70 76 Z', fill: K },
    { d: 'M50 49 L53 58 L62 58 L55 63 L58 72 L50 66 L42 72 L45 63 L38 58 L47 58 Z', fill: W },
  ],
  GHS09: [
    // a dead tree and a dead fish
    { d: 'M36 72 V34 M36 44 L26 36 M36 50 L45 40 M36 58 L28 52', stroke: K, width: 3.5, round: true },
    { d: line(24, 74, 76, 74), stroke: K, width: 3 },
    { d: `${ellipse(58, 65, 11, 5.5)} M68 65 L76 59 L76 71 Z`, fill: K },
    { d: circle(52, 64, 1.6), fill: W },
  ],
};
