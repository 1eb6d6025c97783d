// The completion operations over real HTTP on loopback (browser mode) and through the dispatcher
// the IPC transport uses, wired to the records service's write hooks.
import { describe, expect, it } from 'vitest';
import { ADMIN, setupAdmin, sessionFor, startTestServices } from '../support/temp';

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lab-client': '1' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

describe('completion over HTTP and IPC', () => {
  it('inline, feedback, preferences; records writes and submitted searches feed the index and memory', async () => {
    const s = await startTestServices();
    const token = await setupAdmin(s);
    const base = `http://127.0.0.1:${s.port}`;
    const cookie = await login(base);
    const get = async (url: string) => {
      const r = await fetch(`${base}${url}`, { headers: { cookie } });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const send = async (method: string, url: string, body: unknown) => {
      const r = await fetch(`${base}${url}`, { method, headers: { cookie, 'content-type': 'application/json', 'x-lab-client': '1' }, body: JSON.stringify(body) });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };

    // A business write through the records service syncs its candidates at once.
    const created = await send('POST', '/api/inventory', { name: 'Ethanol', cas_number: '64-17-5', quantity: 1 });
    expect(created.status).toBe(200);
    expect(await get('/api/search-completions/inline?endpoint=%2Finventory%2F&q=64-1&field=all')).toEqual({
      status: 200,
      body: { completion: '64-17-5', suffix: '7-5', confidence: 0.25, source: 'entity_index', personalized: true },
    });
    // Empty suggestion cases answer 200 with the empty shape.
    for (const qs of ['endpoint=%2Fnope%2F&q=eth&field=all', 'endpoint=%2Finventory%2F&q=eth&field=name', 'endpoint=%2Finventory%2F&q=&field=all']) {
      expect(await get(`/api/search-completions/inline?${qs}`)).toEqual({ status: 200, body: { completion: '', suffix: '', confidence: 0, source: null, personalized: true } });
    }
    // A submitted `all` search is remembered (global + own).
    expect((await get('/api/inventory/?search=Ethyl%20acetate&field=all&submitted=true')).status).toBe(200);
    expect((await get('/api/search-completions/inline?endpoint=%2Finventory%2F&q=ethy&field=all')).body).toMatchObject({ completion: 'Ethyl acetate', source: 'user_memory', confidence: 0.45 });

    expect(await send('POST', '/api/search-completions/feedback', { endpoint: '/inventory/', field: 'all', query: 'Ethyl acetate', accepted: false })).toEqual({ status: 200, body: { recorded: true } });
    expect(await send('POST', '/api/search-completions/feedback', { endpoint: '/inventory/', field: 'name', query: 'Ethyl acetate', accepted: true })).toEqual({ status: 200, body: { recorded: false } });
    const bad = await send('POST', '/api/search-completions/feedback', { endpoint: '/inventory/', field: 'all', query: 'x', accepted: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'validation', fields: { accepted: expect.objectContaining({ message: 'must be true or false' }) } } });

    expect(await get('/api/search-completions/preferences')).toEqual({ status: 200, body: { personalized: true } });
    expect(await send('PUT', '/api/search-completions/preferences', { personalized: false })).toEqual({ status: 200, body: { personalized: false } });
    expect((await get('/api/search-completions/inline?endpoint=%2Finventory%2F&q=ethy&field=all')).body).toMatchObject({ source: 'global_memory', personalized: false });

    // The same operations through the dispatcher (what the IPC transport calls).
    const viaIpc = await s.dispatcher.call('inlineCompletion', { endpoint: '/inventory/', q: 'eth', field: 'all' }, sessionFor(token), 'ipc');
    expect(viaIpc).toMatchObject({ ok: true, value: { personalized: false } });
    const anon = await s.dispatcher.call('inlineCompletion', { endpoint: '/inventory/', q: 'eth', field: 'all' }, sessionFor(null), 'ipc');
    expect(anon).toMatchObject({ ok: false, error: { code: 'unauthorized' } });

    // A delete removes the entity's candidates as soon as it commits.
    const id = (created.body as { id: number }).id;
    expect((await send('DELETE', `/api/inventory/${id}`, {})).status).toBe(200);
    expect((await get('/api/search-completions/inline?endpoint=%2Finventory%2F&q=64-1&field=all')).body).toMatchObject({ completion: '' });
  });
});
