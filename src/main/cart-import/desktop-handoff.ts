// Desktop hand-off: when the bridge hands over a batch, the shell brings the window forward on the
// review screen (the renderer also gets the `import-batch-ready` push). Plain Node so it is tested
// without Electron; the shell passes its focus function.
import type { EventBus } from '../events';

export const REVIEW_ROUTE = '#/cart-import';

export function bringReviewForwardOnBatch(events: EventBus, focus: (route: string) => void): () => void {
  return events.subscribe((e) => {
    if (e.type === 'import-batch-ready') focus(`${REVIEW_ROUTE}?batch_id=${encodeURIComponent(e.batchId)}`);
  });
}
