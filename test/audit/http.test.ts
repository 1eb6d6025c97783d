// GET /api/audit over real HTTP on loopback: an admin finds a deleted record's entries (with its
// name at the time) through the filters, newest first and paged; members are refused; a bad
// filter is a 400 naming the field.
import { describe, expect, it } from 'vitest';
import { ADMIN, startTestServices, setupAdmin } from '../support/temp';
import { http } from '../support/http';


describe('audit log over HTTP', () => {
  it('lists a deleted item’s entries for an admin, filtered and paged; refuses members and bad filters', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    const alice = await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const admin = (await http(base, 'POST', '/api/session', { username: ADMIN.username, password: ADMIN.password })).cookie!;
    const member = (await http(base, 'POST', '/api/session', { username: 'alice', password: 'alice-pass-1' })).cookie!;
    const before = new Date(Date.now() - 1000).toISOString();

    const item = (await http(base, 'POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 500, unit: 'mL' }, member)).json;
    await http(base, 'PATCH', `/api/inventory/${item.id}`, { name: '丙酮（分析纯）' }, member);
    expect((await http(base, 'POST', `/api/inventory/${item.id}/borrow`, {}, member)).status).toBe(200);
    const other = (await http(base, 'POST', '/api/inventory', { name: '乙醇', quantity: 1 }, member)).json;
    expect((await http(base, 'DELETE', `/api/inventory/${item.id}`, undefined, admin)).status).toBe(200);
    expect((await http(base, 'GET', `/api/inventory/${item.id}`, undefined, admin)).status).toBe(404);

    const all = await http(base, 'GET', `/api/audit?kind=inventory_item&record=${item.id}`, undefined, admin);
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(4);
    expect(all.json.entries.map((e: { action: string }) => e.action)).toEqual(['delete', 'borrow', 'update', 'create']);
    const [del, borrow, update, create] = all.json.entries;
    expect(del).toMatchObject({ kind: 'inventory_item', recordId: item.id, recordName: '丙酮（分析纯）', userName: ADMIN.displayName, changes: { name: ['丙酮（分析纯）', null], status: ['borrowed', null] } });
    expect(borrow).toMatchObject({ recordName: '丙酮（分析纯）', userId: alice.id, userName: '张三', changes: { status: ['in_stock', 'borrowed'], borrowed_by: [null, '张三'] } });
    expect(update).toMatchObject({ recordName: '丙酮（分析纯）', changes: { name: ['丙酮', '丙酮（分析纯）'] } });
    expect(create).toMatchObject({ recordName: '丙酮', changes: { name: [null, '丙酮'] } });

    // Filters: action, who, time range; paging keeps newest first.
    const deletes = await http(base, 'GET', `/api/audit?action=delete&from=${encodeURIComponent(before)}`, undefined, admin);
    expect(deletes.json).toMatchObject({ total: 1, entries: [{ recordId: item.id, recordName: '丙酮（分析纯）' }] });
    const byAlice = await http(base, 'GET', `/api/audit?user=${alice.id}&kind=inventory_item`, undefined, admin);
    expect(byAlice.json.entries.map((e: { recordId: number; action: string }) => [e.recordId, e.action])).toEqual([
      [other.id, 'create'],
      [item.id, 'borrow'],
      [item.id, 'update'],
      [item.id, 'create'],
    ]);
    const page2 = await http(base, 'GET', `/api/audit?user=${alice.id}&kind=inventory_item&page=2&pageSize=3`, undefined, admin);
    expect(page2.json).toMatchObject({ total: 4, page: 2, pageSize: 3, entries: [{ recordId: item.id, action: 'create' }] });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await http(base, 'GET', `/api/audit?from=${encodeURIComponent(future)}`, undefined, admin)).json).toMatchObject({ total: 0, entries: [] });
    expect((await http(base, 'GET', `/api/audit?to=${encodeURIComponent(before)}&kind=inventory_item`, undefined, admin)).json.total).toBe(0);

    // Members and anonymous callers are refused.
    const refused = await http(base, 'GET', '/api/audit', undefined, member);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('forbidden');
    expect((await http(base, 'GET', '/api/audit')).status).toBe(401);

    // Bad filters name the field.
    for (const [query, field] of [
      ['kind=widget', 'kind'],
      ['action=explode', 'action'],
      ['from=yesterday', 'from'],
      ['user=abc', 'user'],
      ['pageSize=100000', 'pageSize'],
      [`from=${encodeURIComponent(future)}&to=${encodeURIComponent(before)}`, 'to'],
    ] as const) {
      const bad = await http(base, 'GET', `/api/audit?${query}`, undefined, admin);
      expect(bad.status, query).toBe(400);
      expect(bad.json.error, query).toMatchObject({ code: 'validation', fields: { [field]: expect.objectContaining({ key: expect.stringMatching(/^field\./), message: expect.any(String) }) } });
    }

    // The stock actions that have no old workflow step (use, stocktake, split) are filters too.
    expect((await http(base, 'POST', `/api/inventory/${other.id}/use`, { amount: 0.5, unit: '' }, member)).status).toBe(200);
    const uses = await http(base, 'GET', '/api/audit?action=use', undefined, admin);
    expect(uses.json).toMatchObject({ total: 1, entries: [{ recordId: other.id, action: 'use' }] });
  });
});
