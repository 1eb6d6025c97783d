// The main-process batch store: one latest batch in the data directory, 2-hour TTL, idempotent
// replays, a batch that survives a restart, the item check of order requests that name a batch
// item, and nothing stored on bad input. (Which items were submitted lives in lab.db: submissions.test.ts.)
import { refusal } from '../support/refusal';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BatchStore, BATCH_FILE } from '../../src/main/cart-import/batch-store';
import { bringReviewForwardOnBatch } from '../../src/main/cart-import/desktop-handoff';
import { EventBus } from '../../src/main/events';
import { silentLogger } from '../../src/main/logging';
import type { LabEvent } from '../../src/shared/events';
import { BATCH_TTL_MS, batchAge } from '../../src/shared/cart-batch';
import { tempDir } from '../support/temp';
import { batch, item } from './helpers';

function setup(clock = { t: Date.now() }) {
  const dir = tempDir('lab-batch-');
  const events = new EventBus();
  const seen: LabEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const store = new BatchStore(dir, events, silentLogger(), () => clock.t);
  return { dir, events, seen, store, clock };
}


describe('BatchStore', () => {
  it('keeps the latest batch on disk, announces it, and a replay of the same batch_id changes nothing', () => {
    const { dir, store, seen } = setup();
    const b = batch();
    expect(store.accept(b, b.batch_id)).toEqual({ batch_id: b.batch_id, items: 2, replay: false });
    expect(fs.existsSync(path.join(dir, BATCH_FILE))).toBe(true);
    expect(seen).toEqual([{ type: 'import-batch-ready', batchId: b.batch_id }]);
    // Same batch again (bridge page reloaded): idempotent, the stored batch stays.
    expect(store.accept({ ...b, items: [item(9)] }, b.batch_id)).toEqual({ batch_id: b.batch_id, items: 2, replay: true });
    expect(store.current()!.batch.items.map((i) => i.item_id)).toEqual(['item-1', 'item-2']);
    // A new batch replaces it (one batch only).
    const b2 = batch();
    store.accept(b2, b2.batch_id);
    expect(store.current()!.batch.batch_id).toBe(b2.batch_id);
  });

  it('survives a restart (new store on the same directory); the file holds the batch only', () => {
    const { dir, store, events } = setup();
    const b = batch();
    store.accept(b, b.batch_id);
    const again = new BatchStore(dir, events, silentLogger());
    expect(again.current()!.batch).toEqual(b);
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(dir, BATCH_FILE), 'utf8'))).sort()).toEqual(['batch', 'received_at']);
  });

  it('an order request naming a batch item is checked against the current batch: unknown items and replaced batches are refused', () => {
    const { store } = setup();
    const b = batch();
    store.accept(b, b.batch_id);
    expect(() => store.checkItem({ batch_id: b.batch_id, item_id: 'item-1' })).not.toThrow();
    expect(refusal(() => store.checkItem({ batch_id: b.batch_id, item_id: 'item-99' })).code).toBe('not_found');
    expect(refusal(() => store.checkItem({ batch_id: 'another-batch', item_id: 'item-2' })).code).toBe('conflict');
  });

  it('expires after 2 hours: refused at hand-off, and a stored one disappears', () => {
    const clock = { t: Date.now() };
    const { dir, store } = setup(clock);
    const old = batch({}, new Date(clock.t - BATCH_TTL_MS - 1000));
    const e = refusal(() => store.accept(old, old.batch_id));
    expect(e.code).toBe('validation');
    expect(e.fields).toEqual({ 'batch.created_at': expect.objectContaining({ message: 'expired' }) });
    expect(fs.existsSync(path.join(dir, BATCH_FILE))).toBe(false);

    const b = batch({}, new Date(clock.t - BATCH_TTL_MS + 60_000));
    store.accept(b, b.batch_id);
    expect(store.current()).not.toBeNull();
    clock.t += 61_000;
    expect(store.current()).toBeNull();
    expect(fs.existsSync(path.join(dir, BATCH_FILE))).toBe(false);
    expect(refusal(() => store.checkItem({ batch_id: b.batch_id, item_id: 'item-1' })).code).toBe('not_found');
  });

  it('refuses a batch_id mismatch, malformed batches and future dates, storing nothing', () => {
    const { dir, store, seen } = setup();
    const b = batch();
    expect(refusal(() => store.accept(b, 'some-other-id')).code).toBe('conflict');
    const bad = refusal(() => store.accept({ ...b, items: [{ ...item(1), quantity: '2' }] }, b.batch_id));
    expect(bad.code).toBe('validation');
    expect(bad.fields).toEqual({ 'batch.items.0.quantity': expect.objectContaining({ message: 'must be a number' }) });
    expect(refusal(() => store.accept({ ...b, items: [{ ...item(1), order_type: 'consumable', suggested_order_type: 'consumable' }] }, b.batch_id)).fields).toHaveProperty(['batch.items.0.suggested_order_type']);
    expect(refusal(() => store.accept({ ...b, items: [] }, b.batch_id)).fields).toEqual({ 'batch.items': expect.objectContaining({ message: 'the batch has no items' }) });
    expect(refusal(() => store.accept({ ...b, extra: 1 }, b.batch_id)).fields).toEqual({ 'batch.extra': expect.objectContaining({ message: 'unknown field' }) });
    expect(refusal(() => store.accept({ ...b, items: [item(1), item(1)] }, b.batch_id)).fields).toEqual({ 'batch.items.1.item_id': expect.objectContaining({ message: 'duplicate item_id' }) });
    expect(refusal(() => store.accept(null, 'x')).code).toBe('validation');
    // detail_url becomes a link on the review screen: only http(s) pages (or none).
    for (const url of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'not a url']) {
      expect(refusal(() => store.accept({ ...b, items: [{ ...item(1), detail_url: url }] }, b.batch_id)).fields).toHaveProperty(['batch.items.0.detail_url']);
    }
    const future = batch({}, new Date(Date.now() + 3_600_000));
    expect(refusal(() => store.accept(future, future.batch_id)).fields).toEqual({ 'batch.created_at': expect.objectContaining({ message: 'in the future' }) });
    expect(fs.existsSync(path.join(dir, BATCH_FILE))).toBe(false);
    expect(seen).toEqual([]);
  });

  it('ignores (and removes) a corrupted batch file', () => {
    const { dir, store } = setup();
    fs.writeFileSync(path.join(dir, BATCH_FILE), '{not json');
    expect(store.current()).toBeNull();
    expect(fs.existsSync(path.join(dir, BATCH_FILE))).toBe(false);
  });
});

describe('TTL and desktop hand-off', () => {
  it('batchAge: fresh until exactly 2 hours', () => {
    const t = Date.parse('2026-01-01T00:00:00.000Z');
    expect(batchAge('2026-01-01T00:00:00.000Z', t + BATCH_TTL_MS - 1)).toEqual({ state: 'fresh', expiresAt: t + BATCH_TTL_MS });
    expect(batchAge('2026-01-01T00:00:00.000Z', t + BATCH_TTL_MS)).toEqual({ state: 'expired' });
    expect(batchAge('garbage', t)).toEqual({ state: 'expired' });
  });

  it('a handed-over batch brings the desktop window forward on the review screen', () => {
    const { store, events } = setup();
    const routes: string[] = [];
    const stop = bringReviewForwardOnBatch(events, (r) => routes.push(r));
    const b = batch();
    store.accept(b, b.batch_id);
    events.emit({ type: 'records-changed', endpoint: '/inventory/', ids: [1] });
    expect(routes).toEqual([`#/cart-import?batch_id=${b.batch_id}`]);
    stop();
    store.accept(b, b.batch_id);
    expect(routes).toHaveLength(1);
  });
});
