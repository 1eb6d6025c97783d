// The alerts and charts over real HTTP on loopback: GET /api/alerts (the acceptance check's path)
// for an admin and a member, the expiring-days setting (validated 1–365, admin only, saved in
// settings.json and used by the next GET), the alert filter of the inventory list, and the charts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServices, setupAdmin, ADMIN } from '../support/temp';
import { http } from '../support/http';
import { parseSettings, DEFAULT_SETTINGS } from '../../src/main/settings';
import { addDays, localDay } from '../../src/shared/stock';

describe('alerts over HTTP', () => {
  it('counts, the expiring setting and the filtered list', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const admin = (await http(base, 'POST', '/api/session', { username: ADMIN.username, password: ADMIN.password })).cookie!;
    const alice = (await http(base, 'POST', '/api/session', { username: 'alice', password: 'alice-pass-1' })).cookie!;
    const today = localDay(new Date());
    const add = (body: object) => http(base, 'POST', '/api/inventory', { name: 'x', quantity: 1, unit: 'g', ...body }, alice);
    const expired = (await add({ name: '过期试剂', expiry_date: addDays(today, -1) })).json.id;
    await add({ name: '今天到期', expiry_date: today });
    await add({ name: '40 天后到期', expiry_date: addDays(today, 40) });
    const order = (await http(base, 'POST', '/api/reagent-orders', { name: '丙酮', quantity: 1 }, alice)).json.id;
    await http(base, 'POST', `/api/reagent-orders/${order}/reject`, { reason: '预算不足' }, admin);
    await http(base, 'POST', '/api/consumable-orders', { name: '手套', quantity: 2 }, alice);

    const a = await http(base, 'GET', '/api/alerts', undefined, admin);
    expect(a.status).toBe(200);
    expect(a.json).toMatchObject({ today, expiringDays: 30, expired: { count: 1, items: [{ id: expired, name: '过期试剂' }] }, expiring: { count: 1 }, belowMin: { count: 0 }, overdue: { count: 0 } });
    expect(a.json.orders).toMatchObject({ scope: 'all', pending: { reagent: 0, consumable: 1 } });
    const m = await http(base, 'GET', '/api/alerts', undefined, alice);
    expect(m.json.orders).toMatchObject({ scope: 'own', pending: { reagent: 0, consumable: 1 }, rejected: { reagent: 1, consumable: 0 } });
    expect(m.json.orders.items).toContainEqual(expect.objectContaining({ kind: 'reagent', id: order, reject_reason: '预算不足' }));
    expect((await http(base, 'GET', '/api/alerts/pending', undefined, admin)).json).toEqual({ reagent: 0, consumable: 1 });
    expect((await http(base, 'GET', '/api/alerts', undefined)).status).toBe(401);

    // The setting: 1–365 whole days, admins only; the next GET uses it.
    for (const bad of [0, 366, 1.5, '30']) {
      const r = await http(base, 'PUT', '/api/alerts/settings', { expiringDays: bad }, admin);
      expect(r.status, String(bad)).toBe(400);
      expect(r.json.error.fields.expiringDays).toBeDefined();
    }
    expect((await http(base, 'PUT', '/api/alerts/settings', { expiringDays: 45 }, alice)).status).toBe(403);
    expect((await http(base, 'PUT', '/api/alerts/settings', { expiringDays: 45 }, admin)).json).toEqual({ expiringDays: 45 });
    expect(JSON.parse(fs.readFileSync(path.join(s.dataDir, 'settings.json'), 'utf8')).expiringDays).toBe(45);
    expect((await http(base, 'GET', '/api/alerts', undefined, alice)).json).toMatchObject({ expiringDays: 45, expiring: { count: 2 } });

    const list = await http(base, 'GET', '/api/inventory/?alert=expiring&sort=name', undefined, alice);
    expect(list.json.rows.map((r: { name: string }) => r.name)).toEqual(['40 天后到期', '今天到期']);
    expect((await http(base, 'GET', '/api/inventory/?alert=later', undefined, alice)).status).toBe(400);

    const charts = await http(base, 'GET', '/api/dashboard/charts', undefined, alice);
    expect(charts.status).toBe(200);
    expect(charts.json.months).toHaveLength(12);
  });

  it('settings.json: expiringDays defaults to 30; a value outside 1–365 falls back', () => {
    expect(DEFAULT_SETTINGS.expiringDays).toBe(30);
    expect(parseSettings({ expiringDays: 7 }).settings.expiringDays).toBe(7);
    for (const bad of [0, 366, 2.5, '7', null]) {
      const p = parseSettings({ expiringDays: bad });
      expect(p.settings.expiringDays).toBe(30);
      expect(p.rejected).toHaveLength(1);
    }
  });
});
