// The unit-of-work seam on SQLite (docs/stores.md): write units one at a time even when they await,
// reads on their own connection that never see uncommitted rows, rollback on failure.
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/main/db/open';
import { NestedUnitError, sqliteUnitOfWork } from '../../src/main/db/unit-of-work';
import { writeTransaction } from '../../src/main/db/transaction';
import { onCleanup, tempDir } from '../support/temp';

/** A tiny store over one table, as the real stores are: typed functions, no driver outside. */
function stockStore(db: Db) {
  return {
    amount: () => (db.prepare('SELECT amount FROM stock WHERE id = 1').get() as { amount: number }).amount,
    setAmount: (n: number) => void db.prepare('UPDATE stock SET amount = ? WHERE id = 1').run(n),
  };
}

function setup() {
  const file = path.join(tempDir(), 'lab.db');
  const write = openDatabase(file);
  write.exec('CREATE TABLE stock (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL); INSERT INTO stock VALUES (1, 10);');
  const read = openDatabase(file, { readonly: true });
  onCleanup(() => {
    read.close();
    write.close();
  });
  return { write, uow: sqliteUnitOfWork({ write, read, readStores: stockStore, writeStores: stockStore }) };
}

describe('sqliteUnitOfWork', () => {
  it('two write units that read, await and write lose no update: the second waits for the first', async () => {
    const { uow } = setup();
    const takeOne = () =>
      uow.withWriteTransaction(async (s) => {
        const before = s.amount();
        await delay(20);
        s.setAmount(before - 1);
      });
    await Promise.all([takeOne(), takeOne(), takeOne()]);
    expect(await uow.read((s) => s.amount())).toBe(7);
  });

  it('a read while a write unit is open sees the committed value, never the uncommitted one', async () => {
    const { uow } = setup();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const wrote = new Promise<void>((r) => (written = r));
    const unit = uow.withWriteTransaction(async (s) => {
      s.setAmount(99);
      written();
      await held;
    });
    await wrote;
    expect(await uow.read((s) => s.amount())).toBe(10);
    release();
    await unit;
    expect(await uow.read((s) => s.amount())).toBe(99);
  });

  it('a unit that throws after writing rolls back, and the next unit runs', async () => {
    const { uow, write } = setup();
    await expect(
      uow.withWriteTransaction(async (s) => {
        s.setAmount(0);
        await delay(1);
        throw new Error('refused half-way');
      }),
    ).rejects.toThrow('refused half-way');
    expect(write.inTransaction).toBe(false);
    expect(await uow.read((s) => s.amount())).toBe(10);
    await uow.withWriteTransaction((s) => s.setAmount(5));
    expect(await uow.read((s) => s.amount())).toBe(5);
  });

  it('a read unit is one snapshot: a write committed between its two reads is not seen until the next unit', async () => {
    const { uow } = setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const reading = uow.read(async (s) => {
      const first = s.amount();
      await gate;
      return [first, s.amount()];
    });
    await uow.withWriteTransaction((w) => w.setAmount(42));
    release();
    expect(await reading).toEqual([10, 10]);
    expect(await uow.read((s) => s.amount())).toBe(42);
  });

  it('a synchronous write that meets an open unit (one that awaited I/O) is refused, not nested inside it', async () => {
    const { uow, write } = setup();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const unit = uow.withWriteTransaction(async (s) => {
      s.setAmount(1);
      await held;
    });
    await delay(5);
    expect(() => writeTransaction(write, () => write.prepare('UPDATE stock SET amount = 50').run())).toThrow('inside an open unit of work');
    release();
    await unit;
    // The unit's own write stands; the refused one changed nothing; afterwards writes run again.
    expect(await uow.read((s) => s.amount())).toBe(1);
    writeTransaction(write, () => write.prepare('UPDATE stock SET amount = 2').run());
    expect(await uow.read((s) => s.amount())).toBe(2);
  });

  it('a unit opened inside an open unit is refused at once instead of hanging or reading around the writes', async () => {
    const { uow } = setup();
    // A write inside a write would wait for itself in the queue of one; a read inside it would not see its writes.
    await expect(uow.withWriteTransaction(() => uow.withWriteTransaction((w) => w.setAmount(1)))).rejects.toThrow(NestedUnitError);
    await expect(uow.withWriteTransaction(async (w) => {
      w.setAmount(3);
      await delay(1);
      return uow.read((r) => r.amount());
    })).rejects.toThrow('inside an open write unit');
    // A write inside a read decides on a snapshot the write lock did not guard; a read inside a read would wait for itself.
    await expect(uow.read(() => uow.withWriteTransaction((w) => w.setAmount(2)))).rejects.toThrow(NestedUnitError);
    await expect(uow.read(() => uow.read((r) => r.amount()))).rejects.toThrow(NestedUnitError);
    // Each refusal rolled its outer unit back; units side by side still run.
    const [a, b] = await Promise.all([uow.read((r) => r.amount()), uow.withWriteTransaction((w) => w.amount())]);
    expect([a, b]).toEqual([10, 10]);
  });
});
