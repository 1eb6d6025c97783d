// The scan shortcut (F2) as every listener reads it. It is not taken while a dialog or drawer is
// open (F2 must not open a second window over a form), nor while the key repeats, nor when a
// page has already handled it: the stocktake page takes F2 first to focus its own scan input, so
// there a scan counts the container instead of opening its details.

export const SCAN_SHORTCUT = 'F2';

/** An open modal dialog or drawer (antd marks both role="dialog" aria-modal; closed ones stay hidden in the DOM). */
function dialogOpen(): boolean {
  return Array.from(document.querySelectorAll('[role="dialog"][aria-modal="true"]')).some((el) => el.getClientRects().length > 0);
}

/** Whether this key press is the scan shortcut, free to act on. */
export function isScanShortcut(e: KeyboardEvent): boolean {
  if (e.key !== SCAN_SHORTCUT || e.ctrlKey || e.altKey || e.metaKey || e.shiftKey) return false;
  return !e.repeat && !e.defaultPrevented && !dialogOpen();
}

/**
 * A page's own scan input takes the shortcut before the header's scan box: the listener runs in
 * the capture phase (before the header's) and marks the event handled. Returns the remover.
 */
export function takeScanShortcut(focus: () => void): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (!isScanShortcut(e)) return;
    e.preventDefault();
    focus();
  };
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}
