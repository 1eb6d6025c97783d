// A search box with inline completion: grey ghost text after the caret (never shifting what was
// typed), Tab or → at the end accepts (positive feedback), Esc hides (negative feedback). Typing
// along the ghost shrinks it locally with no request. Requests are debounced, aborted on change
// and unmount, time out after 2 s, and go out only for field `all` without a half-width space.
// The suggestion is announced to screen readers through a polite live region. The requests are in
// use-ghost-suggestion, the ghost's placement in GhostOverlay; the keys stay here.
import { Input, type InputProps, type InputRef } from 'antd';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { shrinkGhost } from './ghost-logic';
import { sendFeedback } from './completion-client';
import { GhostOverlay, useGhostPlace } from './GhostOverlay';
import { useGhostSuggestion } from './use-ghost-suggestion';

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

export function GhostTextInput({ inlineCompletionEndpoint, enableInlineCompletion = true, searchField, value, onChange, onSubmit, onKeyDown, ...inputProps }: GhostTextInputProps) {
  const { t } = useTranslation();
  const liveId = useId();
  const inputRef = useRef<InputRef>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [caretAtEnd, setCaretAtEnd] = useState(true);
  const endpoint = inlineCompletionEndpoint;
  const active = enableInlineCompletion && !!endpoint && searchField === 'all';
  const { ghost, setGhost, announce, setAnnounce, skipFor } = useGhostSuggestion({ value, active, endpoint, searchField });
  const place = useGhostPlace(inputRef, wrapRef, ghost, value);

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
      {visible && place && <GhostOverlay place={place} suffix={ghost.suffix} />}
      <div id={liveId} aria-live="polite" role="status" data-testid="ghost-announce" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        {announce}
      </div>
    </div>
  );
}
