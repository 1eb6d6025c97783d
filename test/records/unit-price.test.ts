// An order without a price keeps "no price" (NULL), not a price of 0: over HTTP on create, on
// clearing it in an edit, and for orders written by version 1, which stored 0 as a placeholder.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/db/open';
import { migrate } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { setupAdmin, startTestServices, tempDir } from '../support/temp';
import { http } from '../support/http';


describe('order unit price', () => {
  it('is kept as null over HTTP when none is given or it is cleared', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const alice = (await http(base, 'POST', '/api/session', { username: 'alice', password: 'alice-pass-1' })).cookie!;

    const reagent = await http(base, 'POST', '/api/reagent-orders', { name: '乙醇', quantity: 2 }, alice);
    expect(reagent).toMatchObject({ status: 200, json: { unit_price: null } });
    const consumable = await http(base, 'POST', '/api/consumable-orders', { name: '移液器吸头', quantity: 10 }, alice);
    expect(consumable).toMatchObject({ status: 200, json: { unit_price: null } });

    const priced = await http(base, 'PATCH', `/api/reagent-orders/${reagent.json.id}`, { unit_price: 35.5 }, alice);
    expect(priced.json).toMatchObject({ unit_price: 35.5 });
    const cleared = await http(base, 'PATCH', `/api/reagent-orders/${reagent.json.id}`, { unit_price: null }, alice);
    expect(cleared).toMatchObject({ status: 200, json: { unit_price: null } });
    const read = await fetch(`${base}/api/reagent-orders/${reagent.json.id}`, { headers: { 'x-lab-client': '1', cookie: alice } });
    expect(((await read.json()) as { unit_price: unknown }).unit_price).toBeNull();
  });

  it('migration: the 0 placeholders of version 1 become null, real prices stay', () => {
    const db = openDatabase(path.join(tempDir(), 'lab.db'));
    try {
      migrate(db, labMigrations.filter((m) => m.version <= 3));
      db.exec(`INSERT INTO users (username, display_name, role, password_hash) VALUES ('a', 'A', 'admin', 'x')`);
      db.exec(`INSERT INTO reagent_orders (name, quantity, applicant_id, status) VALUES ('无价', 1, 1, 'pending_approval')`);
      db.exec(`INSERT INTO reagent_orders (name, quantity, unit_price, applicant_id, status) VALUES ('有价', 1, 12.5, 1, 'pending_approval')`);
      db.exec(`INSERT INTO consumable_orders (name, quantity, applicant_id, status) VALUES ('吸头', 1, 1, 'pending_approval')`);
      migrate(db, labMigrations);
      expect(db.prepare('SELECT name, unit_price FROM reagent_orders ORDER BY id').all()).toEqual([{ name: '无价', unit_price: null }, { name: '有价', unit_price: 12.5 }]);
      expect(db.prepare('SELECT unit_price FROM consumable_orders').pluck().get()).toBeNull();
      // A NULL is now accepted and a negative price still refused.
      db.exec(`INSERT INTO consumable_orders (name, quantity, unit_price, applicant_id, status) VALUES ('x', 1, NULL, 1, 'pending_approval')`);
      expect(() => db.exec(`INSERT INTO consumable_orders (name, quantity, unit_price, applicant_id, status) VALUES ('y', 1, -1, 1, 'pending_approval')`)).toThrow(/CHECK/);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  });
});
