// Push events reach a receiver in the order they were emitted although a person's event waits for
// an asynchronous session lookup (src/main/api/event-order.ts).
import { describe, expect, it } from 'vitest';
import { inEmitOrder } from '../../src/main/api/event-order';

describe('inEmitOrder', () => {
  it('sends at once while nothing waits; an event behind a waiting one waits its turn', async () => {
    const sent: string[] = [];
    const lookups: Array<() => void> = [];
    const errors: unknown[] = [];
    const deliver = inEmitOrder<string>(
      (e) => {
        if (!e.startsWith('personal')) return void sent.push(e);
        return new Promise<void>((resolve) => lookups.push(resolve)).then(() => void sent.push(e));
      },
      (err) => errors.push(err),
    );
    deliver('all-1');
    expect(sent).toEqual(['all-1']);
    deliver('personal-2');
    deliver('all-3');
    deliver('personal-4');
    await Promise.resolve();
    expect(sent).toEqual(['all-1']);
    lookups.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(['all-1', 'personal-2', 'all-3']);
    lookups.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(['all-1', 'personal-2', 'all-3', 'personal-4']);
    // Drained: the next event for everyone goes out at once again.
    deliver('all-5');
    expect(sent.at(-1)).toBe('all-5');
    expect(errors).toEqual([]);
  });

  it('a failed lookup is reported and does not stop the events after it', async () => {
    const sent: string[] = [];
    const errors: unknown[] = [];
    const deliver = inEmitOrder<string>((e) => (e === 'fails' ? Promise.reject(new Error('closed')) : void sent.push(e)), (err) => errors.push(err));
    deliver('fails');
    deliver('next');
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(['next']);
    expect(errors).toEqual([new Error('closed')]);
  });
});
