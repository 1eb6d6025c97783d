// The suggestion request state of the inline-completion input: requests are debounced, aborted on
// change and unmount, go out only when ghost-logic allows, and a shown suggestion expires with its
// cache entry. `skipFor` holds the value for which no request should be made (set by local
// shrinking, accept and Esc in the input's own key handling).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-store';
import { CACHE_TTL_MS, DEBOUNCE_MS, shouldRequest, type Ghost } from './ghost-logic';
import { fetchSuggestion } from './completion-client';

interface Request {
  value: string;
  active: boolean;
  endpoint: string | undefined;
  searchField: string;
}

export function useGhostSuggestion({ value, active, endpoint, searchField }: Request) {
  const { t } = useTranslation();
  const session = useSession();
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const [announce, setAnnounce] = useState('');
  const skipFor = useRef<string | null>(null);

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

  return { ghost, setGhost, announce, setAnnounce, skipFor };
}
