// Cart-import submissions recorded with the order in lab.db (spec 001; docs/design.md#cart-import): one order per
// batch item. A second submission (retry, second window, another connection or process) gets
// the first order back; nothing else is written, audited or announced. The batch check is the
// real BatchStore; the expired batch still answers with the order its item became.
import { asyncRefusal } from '../support/refusal';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/db/open';
import { openDatabases } from '../../src/main/db/databases';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { BatchStore } from '../../src/main/cart-import/batch-store';
import { EventBus } from '../../src/main/events';
import { silentLogger } from '../../src/main/logging';
import { wire as wireCartImport } from '../../src/main/cart-import';
import { BATCH_TTL_MS } from '../../src/shared/cart-batch';
import { batch } from '../cart-import/helpers';
import { createHarness, tempDir } from './harness';

const ROOT = path.resolve(__dirname, '../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const ethanol = { name: '无水乙醇', cas_number: '64-17-5', quantity: 2, unit_price: 35 };
const tips = { name: '移液器吸头', quantity: 10 };

function setup() {
  const dir = tempDir();
  const h = createHarness(dir);
  const b = batch();
  // The store's clock starts at the batch's own time: read from Date.now() before the batch was
  // made, a loaded machine's few milliseconds between the two kept it fresh past "TTL + 1".
  const clock = { t: Date.parse(b.created_at) };
  const store = new BatchStore(dir, new EventBus(), silentLogger(), () => clock.t);
  store.accept(b, b.batch_id);
  let checks = 0;
  const check = (ref: { batch_id: string; item_id: string }) => {
    checks++;
    store.checkItem(ref);
  };
  const count = (table: string) => (h.dbs.lab.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const review = wireCartImport({ data: h.data });
  return { dir, h, b, clock, check, checks: () => checks, count, review };
}


describe('import submissions', () => {
  it('a retry of the same item returns the first order; audit, completion hook and list event happen once', async () => {
    const { h, b, check, checks, count, review } = setup();
    const ref = { batch_id: b.batch_id, item_id: 'item-1' };
    const first = await h.records.reagentOrders.create(h.member, { ...ethanol, import_ref: ref }, check);
    expect(first.existing).toBeUndefined();
    const again = await h.records.reagentOrders.create(h.member2, { ...ethanol, quantity: 3, import_ref: ref }, check);
    expect(again).toMatchObject({ id: first.id, existing: true, quantity: 2, applicant: '张三 Alice' });
    expect(count('reagent_orders')).toBe(1);
    expect(checks()).toBe(1); // an item that has its order is not checked against the batch again
    expect((await h.records.history('reagent_order', first.id)).map((e) => e.action)).toEqual(['create']);
    expect(h.hooks.calls).toEqual([{ kind: 'entity', endpoint: '/reagent-orders/', id: first.id }]);
    expect(h.events.filter((e) => e.type === 'records-changed')).toHaveLength(1);
    expect(await review.submitted(b.batch_id)).toEqual({ 'item-1': { order_type: 'reagent', order_id: first.id, at: expect.any(String), by: '张三 Alice' } });
    // Orders without an import reference are not affected: each create is a new order.
    await h.records.reagentOrders.create(h.member, ethanol);
    await h.records.reagentOrders.create(h.member, ethanol);
    expect(count('reagent_orders')).toBe(3);
  });

  it('the item already became the other kind of order: refused with that order named, nothing created', async () => {
    const { h, b, check, count } = setup();
    const ref = { batch_id: b.batch_id, item_id: 'item-2' };
    const reagent = await h.records.reagentOrders.create(h.member, { ...ethanol, import_ref: ref }, check);
    const e = await asyncRefusal(() => h.records.consumableOrders.create(h.member, { ...tips, import_ref: ref }, check));
    expect(e).toMatchObject({ code: 'conflict', details: { order_type: 'reagent', order_id: reagent.id } });
    expect(count('consumable_orders')).toBe(0);
  });

  it('unknown items and replaced batches are refused before anything is written', async () => {
    const { h, b, check, count } = setup();
    expect((await asyncRefusal(() => h.records.reagentOrders.create(h.member, { ...ethanol, import_ref: { batch_id: b.batch_id, item_id: 'item-99' } }, check))).code).toBe('not_found');
    expect((await asyncRefusal(() => h.records.consumableOrders.create(h.member, { ...tips, import_ref: { batch_id: 'b-replaced1', item_id: 'item-1' } }, check))).code).toBe('conflict');
    expect(count('reagent_orders') + count('consumable_orders') + count('import_submissions')).toBe(0);
  });

  it('after the batch expired, a submitted item still answers with its order; an unsubmitted one is refused', async () => {
    const { h, b, check, clock, count } = setup();
    const done = await h.records.consumableOrders.create(h.member, { ...tips, import_ref: { batch_id: b.batch_id, item_id: 'item-1' } }, check);
    clock.t += BATCH_TTL_MS + 1;
    expect(await h.records.consumableOrders.create(h.member, { ...tips, import_ref: { batch_id: b.batch_id, item_id: 'item-1' } }, check)).toMatchObject({ id: done.id, existing: true });
    expect((await asyncRefusal(() => h.records.consumableOrders.create(h.member, { ...tips, import_ref: { batch_id: b.batch_id, item_id: 'item-2' } }, check))).code).toBe('not_found');
    expect(count('consumable_orders')).toBe(1);
  });

  it('deleting the order frees its item: the review screen offers it again and a new submission creates a new order', async () => {
    const { h, b, check, review } = setup();
    const ref = { batch_id: b.batch_id, item_id: 'item-1' };
    const first = await h.records.reagentOrders.create(h.member, { ...ethanol, import_ref: ref }, check);
    await h.records.reagentOrders.delete(h.member, first.id);
    expect(await review.submitted(b.batch_id)).toEqual({});
    const second = await h.records.reagentOrders.create(h.member, { ...ethanol, import_ref: ref }, check);
    expect(second.id).not.toBe(first.id);
    expect(second.existing).toBeUndefined();
  });

  it('another process holding the write lock with its own order for the item: this create waits and returns that order', async () => {
    const { dir, h, b, check, count } = setup();
    const ref = { batch_id: b.batch_id, item_id: 'item-1' };
    // A second process on the same lab.db writes the order and its submission in one open
    // transaction, says so, and commits a moment later.
    const script = `
      const Database = require('better-sqlite3');
      const db = new Database(${JSON.stringify(path.join(dir, 'lab.db'))});
      db.pragma('busy_timeout = 5000');
      db.exec('BEGIN IMMEDIATE');
      const id = Number(db.prepare("INSERT INTO reagent_orders (name, quantity, applicant_id, status) VALUES ('无水乙醇', 2, ?, 'pending_approval')").run(${h.member2.id}).lastInsertRowid);
      db.prepare("INSERT INTO import_submissions (batch_id, item_id, order_kind, order_id, created_by) VALUES (?, ?, 'reagent', ?, ?)").run(${JSON.stringify(ref.batch_id)}, ${JSON.stringify(ref.item_id)}, id, ${h.member2.id});
      process.stdout.write('holding ' + id + '\\n');
      setTimeout(() => { db.exec('COMMIT'); db.close(); }, 400);
    `;
    const child = spawn(NODE, ['-e', script], { cwd: ROOT, env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') }, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const theirs = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /holding (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.on('exit', (code) => reject(new Error(`child exited (${code}) before holding the lock`)));
    });
    const ours = await h.records.reagentOrders.create(h.member, { ...ethanol, import_ref: ref }, check);
    expect(await exited).toBe(0);
    expect(ours).toMatchObject({ id: theirs, existing: true });
    expect(count('reagent_orders')).toBe(1);
    expect(count('import_submissions')).toBe(1);
  });

  it('lab.db itself refuses a second row for the same batch item', async () => {
    const { h, b, check } = setup();
    const ref = { batch_id: b.batch_id, item_id: 'item-1' };
    const o = await h.records.reagentOrders.create(h.member, { ...ethanol, import_ref: ref }, check);
    expect(() => h.dbs.lab.prepare("INSERT INTO import_submissions (batch_id, item_id, order_kind, order_id, created_by) VALUES (?, ?, 'consumable', ?, ?)").run(ref.batch_id, ref.item_id, o.id, h.member.id)).toThrow(/UNIQUE/);
    expect(() => h.dbs.lab.prepare("INSERT INTO import_submissions (batch_id, item_id, order_kind, order_id, created_by) VALUES (?, 'item-2', 'pending', ?, ?)").run(ref.batch_id, o.id, h.member.id)).toThrow(/CHECK/);
  });
});

describe('lab.db schema 1 → current', () => {
  it('adds import_submissions to a version-1 database and keeps its records', () => {
    const dir = tempDir();
    const old = openDatabase(path.join(dir, 'lab.db'));
    migrate(old, labMigrations.filter((m) => m.version === 1));
    expect(schemaVersion(old)).toBe(1);
    old.prepare("INSERT INTO users (username, display_name, role, password_hash) VALUES ('alice', 'Alice', 'member', 'x')").run();
    old.prepare("INSERT INTO reagent_orders (name, quantity, applicant_id, status) VALUES ('无水乙醇', 1, 1, 'pending_approval')").run();
    old.close();
    const dbs = openDatabases(dir);
    try {
      expect(schemaVersion(dbs.lab)).toBe(Math.max(...labMigrations.map((m) => m.version)));
      expect(dbs.lab.prepare('SELECT name FROM reagent_orders').all()).toEqual([{ name: '无水乙醇' }]);
      expect(dbs.lab.prepare('SELECT count(*) AS n FROM import_submissions').get()).toEqual({ n: 0 });
    } finally {
      dbs.close();
    }
  });
});
