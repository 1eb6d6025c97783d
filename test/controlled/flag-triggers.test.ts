// lab.db v8: the controlled flag is kept by triggers on every insert and CAS change, and a change
// of a controlled list re-flags the records it touches (items and reagent orders alike).
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/db/migrate';
import { labMigrations } from '../../src/main/db/migrations/lab';
import { tempDir } from '../records/harness';

function db() {
  const d = new Database(path.join(tempDir('lab-flag-'), 'lab.db'));
  migrate(d, labMigrations);
  return d;
}

describe('controlled flag triggers (lab.db v8)', () => {
  it('flags inserts, CAS edits and list changes; unlisting clears the flag', () => {
    const d = db();
    const ins = d.prepare(`INSERT INTO inventory_items (name, cas_number, quantity, unit, status) VALUES (?, ?, 1, 'g', 'in_stock')`);
    const cats = d.prepare('SELECT id, key FROM controlled_categories ORDER BY sort').all() as Array<{ id: number; key: string }>;
    expect(cats.map((c) => c.key)).toEqual(['highly_toxic', 'precursor', 'explosive', 'narcotic']);
    const [toxic, precursor] = cats;
    d.prepare('INSERT INTO controlled_cas (category_id, cas, name) VALUES (?, ?, ?)').run(toxic!.id, '143-33-9', '氰化钠');
    const a = Number(ins.run('氰化钠', '143-33-9').lastInsertRowid);
    const b = Number(ins.run('乙醇', '64-17-5').lastInsertRowid);
    const flag = (id: number) => d.prepare('SELECT controlled FROM inventory_items WHERE id = ?').pluck().get(id);
    expect(flag(a)).toBe(String(toxic!.id));
    expect(flag(b)).toBeNull();
    d.prepare('INSERT INTO controlled_cas (category_id, cas) VALUES (?, ?)').run(precursor!.id, '64-17-5');
    d.prepare('INSERT INTO controlled_cas (category_id, cas) VALUES (?, ?)').run(precursor!.id, '143-33-9');
    expect(flag(b)).toBe(String(precursor!.id));
    expect(flag(a)).toBe(`${toxic!.id},${precursor!.id}`);
    d.prepare(`UPDATE inventory_items SET cas_number = '7732-18-5' WHERE id = ?`).run(b);
    expect(flag(b)).toBeNull();
    d.prepare('DELETE FROM controlled_cas WHERE category_id = ? AND cas = ?').run(toxic!.id, '143-33-9');
    expect(flag(a)).toBe(String(precursor!.id));
    const u = Number(d.prepare(`INSERT INTO users (username, display_name, role, password_hash) VALUES ('m', 'M', 'member', 'x')`).run().lastInsertRowid);
    const o = Number(d.prepare(`INSERT INTO reagent_orders (name, cas_number, quantity, status, applicant_id) VALUES ('x', '143-33-9', 1, 'pending_approval', ?)`).run(u).lastInsertRowid);
    expect(d.prepare('SELECT controlled FROM reagent_orders WHERE id = ?').pluck().get(o)).toBe(String(precursor!.id));
  });
});
