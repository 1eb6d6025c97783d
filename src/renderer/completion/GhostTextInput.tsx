// A search box with inline completion: grey ghost text after the caret (never shifting what was
// typed), Tab or → at the end accepts (positive feedback), Esc hides (negative feedback). Typing
// along the ghost shrinks it locally with no request. Requests are debounced, aborted on change
// and unmount, time out after 2 s, and go out only for field `all` without a half-width space.
// The suggestion is announced to screen readers through a polite live region.
import { Input, theme, type InputProps, type InputRef } from 'antd';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-store';
import { CACHE_TTL_MS, DEBOUNCE_MS, shouldRequest, shrinkGhost, type Ghost } from './ghost-logic';
import { fetchSuggestion, sendFeedback } from './completion-client';

export interface GhostTextInputProps extends Omit<InputProps, 'value' | 'onChange' | 'onKeyDown' | 'onSubmit'> {
  /** `inlineCompletionEndpoint` of the table: '/inventory/', '/reagent-orders/', '/consumable-orders/'. */
  inlineCompletionEndpoint?: string;
  /** `enableInlineCompletion` of the table. */
  enableInlineCompletion?: boolean;
  /** The list's search field; suggestions only for `all`. */
  searchField: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter. */
  onSubmit?: (value: string) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
}

interface Place {
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

export function GhostTextInput({ inlineCompletionEndpoint, enableInlineCompletion = true, searchField, value, onChange, onSubmit, onKeyDown, ...inputProps }: GhostTextInputProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = useSession();
  const liveId = useId();
  const inputRef = useRef<InputRef>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const [announce, setAnnounce] = useState('');
  const [caretAtEnd, setCaretAtEnd] = useState(true);
  const [place, setPlace] = useState<Place | null>(null);
  /** The value for which no request should be made (set by local shrinking, accept and Esc). */
  const skipFor = useRef<string | null>(null);
  const endpoint = inlineCompletionEndpoint;
  const active = enableInlineCompletion && !!endpoint && searchField === 'all';

  const show = useCallback(
    (g: Ghost | null) => {
      setGhost(g);
      setAnnounce(g ? t('completion.announce', { completion: g.completion }) : '');
    },
    [t],
  );

  // Fetch (debounced, aborted on change/unmount) whenever the text, the field or the account changes.
  useEffect(() => {
    if (skipFor.current === value) return;
    skipFor.current = null;
    show(null);
    if (!active || !endpoint || !shouldRequest(value, searchField) || !session.user) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void fetchSuggestion(endpoint, 'all', value, controller.signal).then((r) => {
        if (controller.signal.aborted || !r || !r.suffix) return;
        show({ typed: value, completion: r.completion, suffix: r.suffix });
      });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, active, endpoint, searchField, session.epoch, session.user, show]);

  // The displayed suggestion is valid as long as a cache entry: 60 s.
  useEffect(() => {
    if (!ghost) return;
    const timer = setTimeout(() => show(null), CACHE_TTL_MS);
    return () => clearTimeout(timer);
  }, [ghost, show]);

  // Place the ghost right after the typed text, inside the input's content box.
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

  const updateCaret = () => {
    const el = inputRef.current?.input;
    if (el) setCaretAtEnd(el.selectionStart === el.value.length && el.selectionEnd === el.value.length);
  };

  const handleChange = (next: string) => {
    const shrunk = ghost ? shrinkGhost(ghost, next) : null;
    if (shrunk) {
      skipFor.current = next;
      setGhost(shrunk);
    }
    onChange(next);
  };

  const visible = !!ghost && ghost.typed === value && caretAtEnd && active;

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // An input method is composing (Chinese): its keys are not ours.
    if (e.nativeEvent.isComposing) return onKeyDown?.(e);
    if (visible && ghost && (e.key === 'Tab' || e.key === 'ArrowRight') && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      skipFor.current = ghost.completion;
      setGhost(null);
      setAnnounce(t('completion.accepted', { completion: ghost.completion }));
      sendFeedback(endpoint!, ghost.completion, true);
      onChange(ghost.completion);
      return;
    }
    if (visible && ghost && e.key === 'Escape') {
      e.preventDefault();
      skipFor.current = value;
      setGhost(null);
      setAnnounce(t('completion.hidden'));
      sendFeedback(endpoint!, ghost.completion, false);
      return;
    }
    if (e.key === 'Enter') onSubmit?.(value);
    onKeyDown?.(e);
  };

  return (
    <div ref={wrapRef} style={{ position: 'relative', flex: 1, minWidth: 0 }}>
      <Input
        {...inputProps}
        ref={inputRef}
        value={value}
        aria-autocomplete="inline"
        aria-describedby={liveId}
        onChange={(e) => handleChange(e.target.value)}
        onKeyDown={handleKeyDown}
        onKeyUp={updateCaret}
        onSelect={updateCaret}
        onClick={updateCaret}
        onBlur={() => setCaretAtEnd(false)}
        onFocus={updateCaret}
      />
      {visible && place && (
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
          {ghost.suffix}
        </span>
      )}
      <div id={liveId} aria-live="polite" role="status" data-testid="ghost-announce" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        {announce}
      </div>
    </div>
  );
}
