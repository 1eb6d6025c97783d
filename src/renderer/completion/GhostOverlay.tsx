// Where the ghost text goes (right after the typed text, inside the input's content box) and the
// grey text itself, drawn over the input so what was typed never shifts.
import { useLayoutEffect, useState, type RefObject } from 'react';
import { theme, type InputRef } from 'antd';
import type { Ghost } from './ghost-logic';

export interface Place {
  left: number;
  top: number;
  height: number;
  width: number;
  font: string;
  lineHeight: string;
}

let measureCanvas: HTMLCanvasElement | null = null;
function textWidth(text: string, font: string): number {
  measureCanvas ??= document.createElement('canvas');
  const ctx = measureCanvas.getContext('2d');
  if (!ctx) return 0;
  ctx.font = font;
  return ctx.measureText(text).width;
}

/** Measured after layout whenever the suggestion or the text changes; null while there is none. */
export function useGhostPlace(inputRef: RefObject<InputRef | null>, wrapRef: RefObject<HTMLDivElement | null>, ghost: Ghost | null, value: string): Place | null {
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    const el = inputRef.current?.input;
    const wrap = wrapRef.current;
    if (!ghost || !el || !wrap) return setPlace(null);
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const w = wrap.getBoundingClientRect();
    const padL = parseFloat(cs.paddingLeft) + parseFloat(cs.borderLeftWidth);
    const padR = parseFloat(cs.paddingRight) + parseFloat(cs.borderRightWidth);
    const typedW = textWidth(value, cs.font);
    const left = r.left - w.left + padL + typedW - el.scrollLeft;
    setPlace({
      left,
      top: r.top - w.top,
      height: r.height,
      width: Math.max(0, r.right - w.left - padR - left),
      font: cs.font,
      lineHeight: `${r.height}px`,
    });
  }, [ghost, value]);
  return place;
}

export function GhostOverlay({ place, suffix }: { place: Place; suffix: string }) {
  const { token } = theme.useToken();
  return (
    <span
      aria-hidden="true"
      data-testid="ghost-text"
      style={{
        position: 'absolute',
        left: place.left,
        top: place.top,
        height: place.height,
        maxWidth: place.width,
        font: place.font,
        lineHeight: place.lineHeight,
        color: token.colorTextQuaternary,
        whiteSpace: 'pre',
        overflow: 'hidden',
        pointerEvents: 'none',
        // Above the input: Space.Compact raises a focused input (and its white background).
        zIndex: 10,
      }}
    >
      {suffix}
    </span>
  );
}
