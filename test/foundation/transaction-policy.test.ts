// The transaction policy (docs/stores.md): a write transaction holds the write lock from its first
// statement, so another process's commit between its read and its write cannot fail it half-way.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/main/db/open';
import { readSnapshot, writeTransaction } from '../../src/main/db/transaction';
import { onCleanup, tempDir } from '../support/temp';

/** Two connections to one file: `app` stands for the service, `other` for the bulk-import writer. */
function twoConnections(): { app: Db; other: Db } {
  const file = path.join(tempDir(), 'lab.db');
  const app = openDatabase(file);
  app.exec('CREATE TABLE stock (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL); INSERT INTO stock VALUES (1, 10);');
  const other = openDatabase(file, { busyTimeoutMs: 0 });
  onCleanup(() => {
    other.close();
    app.close();
  });
  return { app, other };
}

/** Reads the amount, lets the other connection try to commit, then writes what it read minus 1. */
function readThenWrite(app: Db, other: Db): () => void {
  return () => {
    const { amount } = app.prepare('SELECT amount FROM stock WHERE id = 1').get() as { amount: number };
    other.prepare('UPDATE stock SET amount = amount + 100 WHERE id = 1').run();
    app.prepare('UPDATE stock SET amount = ? WHERE id = 1').run(amount - 1);
  };
}

describe('write transactions begin IMMEDIATE', () => {
  it('a deferred read-then-write fails half-way when another connection commits after its read (why the policy exists)', () => {
    const { app, other } = twoConnections();
    expect(() => app.transaction(readThenWrite(app, other))()).toThrow(expect.objectContaining({ code: expect.stringMatching(/^SQLITE_BUSY/) }));
    // The other connection's change went in; the app's did not.
    expect(app.prepare('SELECT amount FROM stock').get()).toEqual({ amount: 110 });
  });

  it('writeTransaction holds the lock from the start: the other connection waits (here: is refused) and the app writes what it read', () => {
    const { app, other } = twoConnections();
    expect(() => writeTransaction(app, readThenWrite(app, other))).toThrow(expect.objectContaining({ code: expect.stringMatching(/^SQLITE_BUSY/) }));
    // Refused inside: the other connection's failure rolled the whole unit back, nothing half-written.
    expect(app.prepare('SELECT amount FROM stock').get()).toEqual({ amount: 10 });
    // Without the intruder the same unit commits.
    writeTransaction(app, () => {
      const { amount } = app.prepare('SELECT amount FROM stock').get() as { amount: number };
      expect(() => other.prepare('UPDATE stock SET amount = 0').run()).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      app.prepare('UPDATE stock SET amount = ?').run(amount - 1);
    });
    expect(other.prepare('SELECT amount FROM stock').get()).toEqual({ amount: 9 });
  });

  it('readSnapshot takes no write lock: another connection commits meanwhile and the snapshot does not see it', () => {
    const { app, other } = twoConnections();
    const seen = readSnapshot(app, () => {
      const first = app.prepare('SELECT amount FROM stock').get() as { amount: number };
      other.prepare('UPDATE stock SET amount = 50').run();
      const second = app.prepare('SELECT amount FROM stock').get() as { amount: number };
      return [first.amount, second.amount];
    });
    expect(seen).toEqual([10, 10]);
    expect(app.prepare('SELECT amount FROM stock').get()).toEqual({ amount: 50 });
  });
});
