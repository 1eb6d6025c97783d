// The loopback server's rules (docs/design.md#local-server), over real HTTP: refused requests get the contract's
// error body and change nothing.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { API_VERSION, APP_ID, APP_VERSION_HEADER } from '../../src/shared/app-info';
import { ADMIN, startTestServices } from '../support/temp';

/** Raw request so Host and Origin can be set freely (fetch forbids changing Host). */
function raw(port: number, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: { host: `127.0.0.1:${port}`, ...opts.headers } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

const json = { 'content-type': 'application/json', 'x-lab-client': '1' };
const setupBody = JSON.stringify(ADMIN);

describe('local HTTP server', () => {
  it('GET /ping identifies the app; every response carries the app-version header', async () => {
    const s = await startTestServices();
    const r = await raw(s.port, { path: '/ping' });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ app: APP_ID, apiVersion: API_VERSION });
    expect(r.headers[APP_VERSION_HEADER]).toBe('9.9.9-test');
    const nf = await raw(s.port, { path: '/api/nope' });
    expect(nf.headers[APP_VERSION_HEADER]).toBe('9.9.9-test');
  });

  it('refuses a foreign Host (DNS rebinding) with 403, also for state-changing requests', async () => {
    const s = await startTestServices();
    const r = await raw(s.port, { path: '/ping', headers: { host: 'evil.example' } });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).error.code).toBe('forbidden');
    const w = await raw(s.port, { method: 'POST', path: '/api/setup', headers: { ...json, host: `evil.example:${s.port}` }, body: setupBody });
    expect(w.status).toBe(403);
    expect(await s.data.auth.setupNeeded()).toBe(true);
    // localhost:<port> is our own.
    expect((await raw(s.port, { path: '/ping', headers: { host: `localhost:${s.port}` } })).status).toBe(200);
  });

  it('refuses state-changing requests without X-Lab-Client: 1, and with a foreign Origin', async () => {
    const s = await startTestServices();
    const noHeader = await raw(s.port, { method: 'POST', path: '/api/setup', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: setupBody });
    expect(noHeader.status).toBe(403);
    const foreignOrigin = await raw(s.port, { method: 'POST', path: '/api/setup', headers: { ...json, origin: 'https://evil.example' }, body: setupBody });
    expect(foreignOrigin.status).toBe(403);
    expect(JSON.parse(foreignOrigin.body).error).toMatchObject({ code: 'forbidden' });
    expect(foreignOrigin.headers['access-control-allow-origin']).toBeUndefined();
    const otherPort = await raw(s.port, { method: 'POST', path: '/api/setup', headers: { ...json, origin: `http://127.0.0.1:${s.port + 1}` }, body: setupBody });
    expect(otherPort.status).toBe(403);
    expect(await s.data.auth.setupNeeded()).toBe(true);
    // Our own origin, or none (curl, scripts), is accepted.
    const ok = await raw(s.port, { method: 'POST', path: '/api/setup', headers: { ...json, origin: `http://127.0.0.1:${s.port}` }, body: setupBody });
    expect(ok.status).toBe(200);
    expect(await s.data.auth.setupNeeded()).toBe(false);
  });

  it('answers CORS preflights from other origins without any allowance', async () => {
    const s = await startTestServices();
    const r = await raw(s.port, { method: 'OPTIONS', path: '/api/setup', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('oversized body → 413 too_large; malformed JSON → 400 validation; non-JSON → 400; unknown route → 404; nothing written', async () => {
    const s = await startTestServices();
    const big = JSON.stringify({ ...ADMIN, displayName: 'x'.repeat(3 * 1024 * 1024) });
    const tooLarge = await raw(s.port, { method: 'POST', path: '/api/setup', headers: json, body: big });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).error.code).toBe('too_large');
    const malformed = await raw(s.port, { method: 'POST', path: '/api/setup', headers: json, body: '{"username": "a",' });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).error.code).toBe('validation');
    const form = await raw(s.port, { method: 'POST', path: '/api/setup', headers: { 'x-lab-client': '1', 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=a' });
    expect(form.status).toBe(400);
    expect(JSON.parse(form.body).error.code).toBe('validation');
    const arrayBody = await raw(s.port, { method: 'POST', path: '/api/setup', headers: json, body: '[1,2]' });
    expect(arrayBody.status).toBe(400);
    const unknown = await raw(s.port, { path: '/api/does-not-exist' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe('not_found');
    expect(await s.data.auth.setupNeeded()).toBe(true);
    expect(s.data.dbs.lab.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
  });

  it('validation errors name the field; unauthenticated calls get 401', async () => {
    const s = await startTestServices();
    const bad = await raw(s.port, { method: 'POST', path: '/api/setup', headers: json, body: JSON.stringify({ username: 'ab', password: 'short', displayName: 'A' }) });
    expect(bad.status).toBe(400);
    const body = JSON.parse(bad.body).error;
    expect(body.code).toBe('validation');
    expect(body.fields.password).toMatchObject({ key: 'field.minChars', params: { min: 8 }, message: 'at least 8 characters' });
    expect(body.message).toContain('password');
    const me = await raw(s.port, { path: '/api/users/me' });
    expect(me.status).toBe(401);
    expect(JSON.parse(me.body).error.code).toBe('unauthorized');
  });

  it('session cookie is HttpOnly and SameSite=Strict; logout ends it on the server', async () => {
    const s = await startTestServices();
    const r = await raw(s.port, { method: 'POST', path: '/api/setup', headers: json, body: setupBody });
    const cookie = String(r.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const c = cookie.split(';')[0]!;
    expect((await raw(s.port, { path: '/api/users/me', headers: { cookie: c } })).status).toBe(200);
    expect((await raw(s.port, { method: 'DELETE', path: '/api/session', headers: { 'x-lab-client': '1', cookie: c } })).status).toBe(200);
    expect((await raw(s.port, { path: '/api/users/me', headers: { cookie: c } })).status).toBe(401);
  });

  it('SSE at /api/events delivers pushed events to a logged-in client only', async () => {
    const s = await startTestServices();
    const r = await raw(s.port, { method: 'POST', path: '/api/setup', headers: json, body: setupBody });
    const c = String(r.headers['set-cookie']).split(';')[0]!;
    expect((await raw(s.port, { path: '/api/events' })).status).toBe(401);
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: s.port, path: '/api/events', headers: { host: `127.0.0.1:${s.port}`, cookie: c } }, (res) => {
        expect(res.headers['content-type']).toMatch(/text\/event-stream/);
        let buf = '';
        res.on('data', (d) => {
          buf += d;
          if (buf.includes('records-changed')) {
            req.destroy();
            resolve(buf);
          }
        });
        setTimeout(() => s.events.emit({ type: 'records-changed', endpoint: '/inventory/', ids: [7] }), 100);
      });
      req.on('error', reject);
    });
    expect(received).toContain('event: records-changed');
  });

  it('desktop mode exposes /ping but not the API', async () => {
    const s = await startTestServices({ mode: 'desktop' });
    expect((await raw(s.port, { path: '/ping' })).status).toBe(200);
    expect((await raw(s.port, { path: '/api/users/me' })).status).toBe(404);
    expect((await raw(s.port, { method: 'POST', path: '/api/setup', headers: json, body: setupBody })).status).toBe(404);
  });
});

describe('port already in use', () => {
  it('desktop mode keeps running, reports the problem in app info (shown by the UI) and the log, and does not move', async () => {
    const { freePort, startTestServices: start } = await import('../support/temp');
    const port = await freePort();
    const blocker = http.createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const s = await start({ mode: 'desktop', port });
      expect(s.http).toBeNull();
      expect(s.serverError).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(s.appInfo()).toMatchObject({ port, serverError: s.serverError });
      s.log.flush?.();
      await new Promise((r) => setTimeout(r, 200));
      const fs = await import('node:fs');
      const log = fs.readFileSync(`${s.dataDir}/logs/app.log`, 'utf8');
      expect(log).toContain('already in use');
    } finally {
      blocker.close();
    }
  });
});
