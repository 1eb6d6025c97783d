// The unit-of-work seam on PostgreSQL (db/pg/unit-of-work.ts): commit, rollback on a throw or a
// rejection, read units on a snapshot of committed data, units refused inside units, and the lab
// of each unit from the lab scope, on a real server.
import { describe, expect, it } from 'vitest';
import { inLab } from '../../src/main/db/lab-scope';
import { NestedUnitError } from '../../src/main/db/unit-of-work';
import { pgTenancyData, type TenancyData } from '../../src/main/stores/pg/tenancy-data';
import { emptyPgTables, usePgDatabase } from '../support/pg';

const database = usePgDatabase();

const entry = (entityId: number) => ({ userId: null, entityType: 'user', entityId, action: 'create', changes: '{}' });

/** Units of work on an emptied database, with one lab and its id. */
async function setup(): Promise<{ data: TenancyData; lab: number }> {
  const db = database();
  await emptyPgTables(db);
  const data = pgTenancyData(db.app);
  return { data, lab: await data.withWriteTransaction((tx) => tx.labs.create('Lab A')) };
}

const count = (data: TenancyData) => data.read((r) => r.audit.count({}));

describe('pgUnitOfWork', () => {
  it('a write unit commits what it wrote; one that throws or rejects leaves nothing and rethrows', async () => {
    const { data, lab } = await setup();
    await inLab(lab, async () => {
      expect(await data.withWriteTransaction((tx) => tx.audit.insert(entry(1)))).toBe(1);
      const boom = new Error('refused after the write');
      await expect(
        data.withWriteTransaction(async (tx) => {
          await tx.audit.insert(entry(2));
          throw boom;
        }),
      ).rejects.toBe(boom);
      await expect(data.withWriteTransaction((tx) => tx.audit.insert(entry(3)).then(() => Promise.reject(new Error('late'))))).rejects.toThrow('late');
      expect(await data.read((r) => r.audit.forRecord('user', 1))).toHaveLength(1);
      expect(await count(data)).toBe(1);
    });
  });

  it('a read unit sees neither a concurrent unit’s uncommitted write nor what commits while it is open', async () => {
    const { data, lab } = await setup();
    await inLab(lab, async () => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let written!: () => void;
      const wrote = new Promise<void>((r) => (written = r));
      const writer = data.withWriteTransaction(async (tx) => {
        await tx.audit.insert(entry(1));
        written();
        await held;
      });
      await wrote;
      expect(await count(data)).toBe(0);
      // A snapshot opened before the commit keeps its view after it.
      let snapshotOpen!: () => void;
      const opened = new Promise<void>((r) => (snapshotOpen = r));
      let committed!: () => void;
      const afterCommit = new Promise<void>((r) => (committed = r));
      const reader = data.read(async (r) => {
        const before = await r.audit.count({});
        snapshotOpen();
        await afterCommit;
        return [before, await r.audit.count({})];
      });
      await opened;
      release();
      await writer;
      committed();
      expect(await reader).toEqual([0, 0]);
      expect(await count(data)).toBe(1);
    });
  });

  it('a read unit cannot write', async () => {
    const { data, lab } = await setup();
    await inLab(lab, async () => {
      // The read view has no writes; a store's write slipped through is refused by the server.
      const sneak = data.read((r) => (r.audit as unknown as { insert(e: ReturnType<typeof entry>): Promise<number> }).insert(entry(1)));
      await expect(sneak).rejects.toMatchObject({ code: '25006' });
      expect(await count(data)).toBe(0);
    });
  });

  it('a unit inside an open unit is refused at once, and the outer unit goes on', async () => {
    const { data, lab } = await setup();
    await inLab(lab, async () => {
      const inner: Array<() => Promise<unknown>> = [() => data.read((r) => r.audit.count({})), () => data.withWriteTransaction((tx) => tx.audit.count({}))];
      for (const open of inner) {
        const outerWrite = await data.withWriteTransaction(async (tx) => [await open().catch((e: unknown) => e), await tx.audit.count({})]);
        expect(outerWrite[0]).toBeInstanceOf(NestedUnitError);
        expect(outerWrite[1]).toBe(0);
        const outerRead = await data.read(async () => open().catch((e: unknown) => e));
        expect(outerRead).toBeInstanceOf(NestedUnitError);
      }
    });
  });

  it('each unit is in the lab of its scope; outside any lab a unit sees no lab-owned row, and a lab id must be one', async () => {
    const { data, lab } = await setup();
    const other = await data.withWriteTransaction((tx) => tx.labs.create('Lab B'));
    await inLab(lab, () => data.withWriteTransaction((tx) => tx.audit.insert(entry(1))));
    await inLab(other, () => data.withWriteTransaction(async (tx) => [await tx.audit.insert(entry(2)), await tx.audit.insert(entry(3))]));
    expect(await inLab(lab, () => count(data))).toBe(1);
    expect(await inLab(other, () => count(data))).toBe(2);
    expect(await count(data)).toBe(0);
    // Units of two labs at once on the same pool keep to their own lab.
    expect(await Promise.all([inLab(lab, () => count(data)), inLab(other, () => count(data)), count(data)])).toEqual([1, 2, 0]);
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => inLab(bad, () => undefined)).toThrow(RangeError);
  });
});
