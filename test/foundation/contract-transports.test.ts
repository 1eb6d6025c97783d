// Every contract operation is served by both transports (IPC handler table and HTTP route), and
// every one rejects a wrong-typed argument with `validation` naming the field — over both.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contract, operationNames, type OperationName } from '../../src/shared/contract';
import { IPC_PREFIX } from '../../src/shared/bridge';
import { buildHttpRequest } from '../../src/renderer/api/client';
import { createIpcHandlers } from '../../src/main/api/ipc-handlers';
import { sessionFor, setupAdmin, startTestServices } from '../support/temp';

type Def = { method: string; path: string; input: z.ZodType; httpOnly?: boolean };
const served = operationNames.filter((n) => !(contract[n] as Def).httpOnly);

/** The innermost schema type of a field (optional/default/nullable/pipe unwrapped). */
function baseType(schema: z.ZodType): string {
  let s = schema as unknown as { def: { type: string; innerType?: unknown; in?: unknown } };
  for (let i = 0; i < 10; i++) {
    const t = s.def.type;
    if ((t === 'optional' || t === 'default' || t === 'nullable' || t === 'prefault' || t === 'readonly') && s.def.innerType) s = s.def.innerType as typeof s;
    else if (t === 'pipe' && s.def.in) s = s.def.in as typeof s;
    else return t;
  }
  return 'unknown';
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const s = schema as unknown as { def: { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType } };
  if (s.def.type === 'object') return s.def.shape ?? {};
  if (s.def.type === 'pipe' && s.def.in) return shapeOf(s.def.in);
  return null;
}

/**
 * Builds an input that is wrong in exactly one field, in a form the operation's transport can
 * carry: JSON bodies get an array where a scalar belongs; query strings and path segments get
 * text that is not a number/enum/flag. Returns the field expected in the error.
 */
function wrongInput(name: OperationName): { input: Record<string, unknown>; field: string } | null {
  const def = contract[name] as Def;
  const shape = shapeOf(def.input);
  if (!shape) return null;
  const inPath = new Set([...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!));
  const queryOnly = def.method === 'GET' || def.method === 'DELETE';
  for (const [field, schema] of Object.entries(shape)) {
    const t = baseType(schema);
    if (inPath.has(field) || queryOnly) {
      if (['number', 'int', 'boolean', 'enum', 'union', 'literal', 'bigint', 'date'].includes(t)) return { input: { [field]: 'zz-not-valid☃' }, field };
      continue;
    }
    if (['string', 'number', 'int', 'boolean', 'enum', 'literal', 'union', 'date'].includes(t)) return { input: { [field]: [{ wrong: true }] }, field };
  }
  // Nothing typed to get wrong (e.g. an empty input): an unknown field must be refused (strict schema).
  return { input: { zz_unknown_field: 1 }, field: 'zz_unknown_field' };
}

describe('one contract, two transports', () => {
  it('every operation has an IPC handler and an HTTP route', async () => {
    const s = await startTestServices();
    const ipc = createIpcHandlers(s.dispatcher, () => undefined);
    for (const name of served) {
      const def = contract[name] as Def;
      expect(ipc.has(IPC_PREFIX + name), `IPC handler for ${name}`).toBe(true);
      const url = '/api' + def.path.replace(/:([A-Za-z]+)/g, '1');
      expect(s.http!.hasRoute({ method: def.method as 'GET', url: '/api' + def.path }), `HTTP route ${def.method} ${url} for ${name}`).toBe(true);
    }
    expect(ipc.size).toBe(served.length);
  });

  it('every operation rejects a wrong-typed argument with validation and the field name, over IPC and HTTP', async () => {
    const s = await startTestServices();
    const token = await setupAdmin(s);
    const ipc = createIpcHandlers(s.dispatcher, () => undefined);
    const failures: string[] = [];
    for (const name of served) {
      const wrong = wrongInput(name);
      if (!wrong) {
        failures.push(`${name}: input schema is not an object`);
        continue;
      }
      const viaIpc = await ipc.get(IPC_PREFIX + name)!({ trusted: true, session: sessionFor(token) }, wrong.input);
      if (viaIpc.ok || viaIpc.error.code !== 'validation' || !Object.keys(viaIpc.error.fields ?? {}).some((k) => k.split('.')[0] === wrong.field || k.split(',').includes(wrong.field))) {
        failures.push(`${name} over IPC with ${JSON.stringify(wrong.input)}: ${JSON.stringify(viaIpc)}`);
      }
      // HTTP: pad the other path params so the route matches.
      const def = contract[name] as Def;
      const padded: Record<string, unknown> = { ...wrong.input };
      for (const m of def.path.matchAll(/:([A-Za-z]+)/g)) if (!(m[1]! in padded)) padded[m[1]!] = 1;
      const req = buildHttpRequest(name, padded);
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const r = http.request({ host: '127.0.0.1', port: s.port, method: req.method, path: req.url, headers: { host: `127.0.0.1:${s.port}`, 'x-lab-client': '1', cookie: `lab_session=${token}`, ...(req.body ? { 'content-type': 'application/json' } : {}) } }, (resp) => {
          let b = '';
          resp.on('data', (d) => (b += d));
          resp.on('end', () => resolve({ status: resp.statusCode!, body: b }));
        });
        r.on('error', reject);
        if (req.body) r.write(req.body);
        r.end();
      });
      const err = res.body ? JSON.parse(res.body).error : null;
      if (res.status !== 400 || err?.code !== 'validation' || !Object.keys(err.fields ?? {}).some((k: string) => k.split('.')[0] === wrong.field || k.split(',').includes(wrong.field))) {
        failures.push(`${name} over HTTP ${req.method} ${req.url}: ${res.status} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('IPC refuses calls from a foreign frame', async () => {
    const s = await startTestServices();
    const refused: string[] = [];
    const ipc = createIpcHandlers(s.dispatcher, (op) => refused.push(op));
    const r = await ipc.get(IPC_PREFIX + 'setup')!({ trusted: false, session: sessionFor(null) }, { username: 'admin', password: 'password12', displayName: 'A' });
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(refused).toEqual(['setup']);
    expect(await s.data.auth.setupNeeded()).toBe(true);
  });

  it('IPC sessions: login over IPC sets the window session; roles are enforced the same as over HTTP', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await s.data.auth.createUser({ username: 'guest', password: 'guest-pass-1', displayName: 'Guest', role: 'public' }, 1);
    const ipc = createIpcHandlers(s.dispatcher, () => undefined);
    const session = sessionFor(null);
    const call = (name: string, input: unknown) => ipc.get(IPC_PREFIX + name)!({ trusted: true, session }, input);
    expect(await call('me', {})).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await call('login', { username: 'guest', password: 'guest-pass-1' })).toMatchObject({ ok: true, value: { role: 'public' } });
    expect(session.token).toBeTruthy();
    expect(await call('me', {})).toMatchObject({ ok: true, value: { username: 'guest' } });
    expect(await call('listUsers', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('logout', {})).toMatchObject({ ok: true });
    expect(session.token).toBeNull();
  });
});
