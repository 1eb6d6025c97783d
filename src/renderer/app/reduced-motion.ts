// The system's "reduce motion" setting (Windows: Show animations off; macOS: Reduce motion; GNOME:
// animations off), which Chromium reports as `prefers-reduced-motion: reduce`. With it, menus,
// dialogs and charts appear at once instead of growing into place: a popup still moving under the
// pointer can take a press on one entry and the release on the next, and then neither is clicked.
import { useSyncExternalStore } from 'react';

/** One query for the window: read on every render of its users, so not made anew each time. */
let query: MediaQueryList | undefined;
const reduce = () => (query ??= window.matchMedia('(prefers-reduced-motion: reduce)'));

function subscribe(changed: () => void): () => void {
  reduce().addEventListener('change', changed);
  return () => reduce().removeEventListener('change', changed);
}

/** True while the system asks for less motion; follows a change of the setting live. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => reduce().matches);
}
