// The records API over real HTTP on loopback (browser mode): query strings coerced by the same
// schemas, error statuses and bodies, public account refused, and the after-commit hook reaching
// the real completion service.
import { describe, expect, it } from 'vitest';
import { startTestServices, setupAdmin } from '../support/temp';
import { http } from '../support/http';


describe('records over HTTP', () => {
  it('creates, lists with normalized search, refuses bad input and the public account', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: '张三', role: 'member' }, 1);
    await s.data.auth.createUser({ username: 'guest', password: 'guest-pass-1', displayName: 'Public', role: 'public' }, 1);
    const base = `http://127.0.0.1:${s.port}`;
    const alice = (await http(base, 'POST', '/api/session', { username: 'alice', password: 'alice-pass-1' })).cookie!;
    const guest = (await http(base, 'POST', '/api/session', { username: 'guest', password: 'guest-pass-1' })).cookie!;

    const bad = await http(base, 'POST', '/api/reagent-orders', { name: '乙醇', cas_number: '64-17-6', quantity: 1 }, alice);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'validation', fields: { cas_number: expect.objectContaining({ key: expect.any(String) }) }, details: { cas: { canonical: '64-17-6', expected: 5 } } });
    // Every error body names its sentence by key and params; `message` is the English text.
    const badItem = await http(base, 'POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-2', quantity: 1 }, alice);
    expect(badItem.status).toBe(400);
    expect(badItem.json.error).toEqual({
      code: 'validation',
      key: 'cas.checkDigit',
      params: { cas: '67-64-2', expected: 1 },
      message: 'CAS number 67-64-2 fails the check digit (expected 1). Check it, or confirm to keep it as written.',
      fields: { cas_number: { key: 'cas.checkDigitField', params: { cas: '67-64-2', expected: 1 }, message: 'check digit should be 1; confirm to keep 67-64-2' } },
      details: { cas: { kind: 'bad_check_digit', canonical: '67-64-2', expected: 1 } },
    });
    const notCas = await http(base, 'POST', '/api/inventory', { name: '丙酮', cas_number: 'acetone', quantity: 1 }, alice);
    expect(notCas.json.error).toMatchObject({ key: 'cas.invalid', params: { value: 'acetone', reason: 'form' }, fields: { cas_number: { key: 'cas.invalidField', params: { reason: 'form' }, message: 'not a CAS number (not in the form NNNNNNN-NN-N)' } } });
    const unknownRoute = await http(base, 'GET', '/api/no-such-thing', undefined, alice);
    expect(unknownRoute).toMatchObject({ status: 404, json: { error: { code: 'not_found', key: 'api.noRoute', params: { method: 'GET', url: '/api/no-such-thing' } } } });
    const neg = await http(base, 'POST', '/api/reagent-orders', { name: '乙醇', quantity: -1 }, alice);
    expect(neg).toMatchObject({ status: 400, json: { error: { fields: { quantity: expect.objectContaining({ key: expect.any(String) }) } } } });

    const created = await http(base, 'POST', '/api/reagent-orders', { name: '乙醇', english_name: 'Ethanol', cas_number: '64175', quantity: 2, hazardous: true }, alice);
    expect(created).toMatchObject({ status: 200, json: { cas_number: '64-17-5', status: 'pending_approval', applicant: '张三' } });
    const cons = await http(base, 'POST', '/api/consumable-orders', { name: '移液器吸头', quantity: 10, communication: '王老师' }, alice);
    expect(cons.status).toBe(200);

    const q = encodeURIComponent('６４－１７－５');
    const list = await http(base, 'GET', `/api/reagent-orders/?search=${q}&field=all&status=pending_approval&sort=-created_at&page=1&pageSize=10&submitted=true`, undefined, guest);
    expect(list).toMatchObject({ status: 200, json: { total: 1, page: 1, pageSize: 10, rows: [{ id: created.json.id, name: '乙醇' }] } });
    expect((await http(base, 'GET', '/api/inventory/?sort=password_hash', undefined, guest)).json.error).toMatchObject({ code: 'validation', fields: { sort: expect.objectContaining({ key: expect.any(String) }) } });
    expect((await http(base, 'GET', `/api/reagent-orders/${created.json.id}`, undefined, guest)).json).toMatchObject({ id: created.json.id });
    expect((await http(base, 'GET', '/api/reagent-orders/99999', undefined, guest)).status).toBe(404);
    expect((await http(base, 'GET', `/api/records/duplicates?cas_number=64-17-5`, undefined, alice)).json).toMatchObject({ orders: [{ id: created.json.id, applicant: '张三' }] });

    for (const [m, p, b] of [
      ['POST', '/api/reagent-orders', { name: 'x', quantity: 1 }],
      ['POST', '/api/inventory', { name: 'x', quantity: 1 }],
      ['PATCH', `/api/reagent-orders/${created.json.id}`, { quantity: 9 }],
      ['POST', `/api/reagent-orders/${created.json.id}/approve`, {}],
      ['DELETE', `/api/consumable-orders/${cons.json.id}`, undefined],
    ] as const) {
      const r = await http(base, m, p, b, guest);
      expect(r.status, `${m} ${p}`).toBe(403);
      expect(r.json.error.code).toBe('forbidden');
    }
    expect((await http(base, 'GET', '/api/inventory/', undefined)).status).toBe(401);

    // The write reached the real completion index through the after-commit hook.
    const inline = await http(base, 'GET', `/api/search-completions/inline?endpoint=${encodeURIComponent('/reagent-orders/')}&q=${encodeURIComponent('乙')}&field=all`, undefined, alice);
    expect(inline.status).toBe(200);
    expect(inline.json.completion).toBe('乙醇');
  });
});
