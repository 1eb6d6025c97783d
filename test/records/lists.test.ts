// LISTS (src/shared/records.ts) is the one description of the list endpoints: the contract's list
// operations, the records tables and the completion index all follow it. A row added there that
// the rest cannot serve fails here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIST_ENDPOINTS, LISTS } from '../../src/shared/records';
import { recordsOps } from '../../src/shared/contract/records';
import { openDatabases } from '../../src/main/db/databases';
import { allEntitiesSql } from '../../src/main/stores/completion/record-facts-store';
import { tablesOf } from '../../src/main/stores/completion/entity-index-store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-lists-'));
const dbs = openDatabases(dir);
afterAll(() => {
  dbs.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the list endpoints have one owner', () => {
  it('every list endpoint has its GET list operation, offering exactly its indexed fields, statuses and sort columns', () => {
    for (const e of LIST_ENDPOINTS) {
      const ops = Object.values(recordsOps).filter((o) => o.method === 'GET' && o.path === e);
      expect(ops, e).toHaveLength(1);
      const input = ops[0]!.input as z.ZodType;
      const list = LISTS[e];
      for (const field of ['all', ...list.indexed]) expect(z.safeParse(input, { field }).success, `${e} field=${field}`).toBe(true);
      expect(z.safeParse(input, { field: 'notes' }).success).toBe(false);
      for (const status of list.statuses) expect(z.safeParse(input, { status }).success, `${e} status=${status}`).toBe(true);
      for (const sort of list.sortable) expect(z.safeParse(input, { sort: `-${sort}` }).success, `${e} sort=${sort}`).toBe(true);
    }
  });

  it('its table has the indexed columns, the completion index reads exactly its indexed fields, and each has its own index tables', () => {
    for (const e of LIST_ENDPOINTS) {
      const { table, indexed } = LISTS[e];
      const columns = dbs.lab.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
      expect(columns, table).toEqual(expect.arrayContaining(['id', 'status', ...indexed.filter((f) => f !== 'applicant')]));
      const facts = dbs.lab.prepare(allEntitiesSql(e)).columns().map((c) => c.name);
      expect(facts).toEqual(['id', 'status', ...indexed]);
    }
    const keys = LIST_ENDPOINTS.map((e) => tablesOf(e, 1).rows);
    expect(new Set(keys).size).toBe(LIST_ENDPOINTS.length);
  });
});
