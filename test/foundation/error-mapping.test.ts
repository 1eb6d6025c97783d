// How failures reach the caller (src/main/api/dispatch.ts, src/main/http/errors.ts): a full disk is
// named with the data directory, a busy database is "unavailable", body-parse failures are the
// caller's 400/413, refused static paths are answered quietly, anything else is a logged 500.
// SQLite's own failures are made for real (a page cap, a held write lock); servers run on loopback.
import path from 'node:path';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, toErrorBody } from '../../src/main/api/dispatch';
import type { HandlerTable } from '../../src/main/api/handler-table';
import { openDatabase } from '../../src/main/db/open';
import { DatabaseUnavailableError, isConnectionLoss } from '../../src/main/db/pg/errors';
import { createPgPool } from '../../src/main/db/pg/pool';
import { pgUnitOfWork } from '../../src/main/db/pg/unit-of-work';
import { bodyParseError, errorHandler, sendError } from '../../src/main/http/errors';
import { AppError } from '../../src/shared/errors';
import { msg } from '../../src/shared/messages';
import type { UserInfo } from '../../src/shared/contract';
import { freePort } from '../support/ports';
import { onCleanup, sessionFor, tempDir } from '../support/temp';

/** A real pino logger whose lines are kept for assertions. */
function recordingLogger() {
  const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = [];
  const log = pino({ level: 'debug' }, { write: (s: string) => void lines.push(JSON.parse(s)) });
  return { log, lines };
}

function sqliteError(run: () => void): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  throw new Error('expected SQLite to fail');
}

/** A real SQLITE_FULL: a database capped at a few pages, filled past the cap. */
function realDiskFull(dir: string): unknown {
  const db = openDatabase(path.join(dir, 'capped.db'));
  onCleanup(() => void db.close());
  db.exec('CREATE TABLE t (x TEXT)');
  db.pragma('max_page_count = 4');
  return sqliteError(() => db.prepare('INSERT INTO t VALUES (?)').run('z'.repeat(64 * 1024)));
}

/** A real SQLITE_BUSY: another connection holds the write lock and we do not wait. */
function realBusy(dir: string): unknown {
  const file = path.join(dir, 'busy.db');
  const holder = openDatabase(file);
  holder.exec('CREATE TABLE t (x)');
  const other = openDatabase(file, { busyTimeoutMs: 0 });
  onCleanup(() => {
    other.close();
    holder.close();
  });
  holder.exec('BEGIN IMMEDIATE');
  const e = sqliteError(() => other.prepare('INSERT INTO t VALUES (1)').run());
  holder.exec('ROLLBACK');
  return e;
}

/** A real refused connection: a PostgreSQL unit of work on a loopback port nobody listens on. */
async function realUnreachable(): Promise<unknown> {
  const pool = createPgPool(`postgres://nobody@127.0.0.1:${await freePort()}/lab`, { connectTimeoutMs: 5000 });
  onCleanup(() => pool.end());
  const uow = pgUnitOfWork({ pool, readStores: (sql) => sql, writeStores: (sql) => sql });
  return uow.read((sql) => sql.all('SELECT 1')).then(() => {
    throw new Error('expected the connection to be refused');
  }, (e: unknown) => e);
}

const errnoError = (code: string) => Object.assign(new Error(`${code}: write failed`), { code });

describe('toErrorBody', () => {
  it('a full disk (SQLITE_FULL, ENOSPC, EDQUOT) is disk_full naming the data directory, logged as a warning', () => {
    const dataDir = tempDir();
    const { log, lines } = recordingLogger();
    const full = realDiskFull(dataDir);
    expect((full as { code: string }).code).toBe('SQLITE_FULL');
    for (const e of [full, errnoError('ENOSPC'), errnoError('EDQUOT')]) {
      const body = toErrorBody(e, log, 'createInventoryItem', dataDir);
      expect(body.code).toBe('disk_full');
      expect(body.message).toContain(`data directory ${dataDir} is full`);
      expect(body.message).toContain('nothing was saved');
    }
    expect(lines.map((l) => [l.level, l.msg, l.op])).toEqual(Array(3).fill([40, 'disk full', 'createInventoryItem']));
  });

  it('a busy or locked database is unavailable, asking to try again', () => {
    const dir = tempDir();
    const { log, lines } = recordingLogger();
    const busy = realBusy(dir);
    expect((busy as { code: string }).code).toBe('SQLITE_BUSY');
    for (const e of [busy, Object.assign(new Error('table locked'), { code: 'SQLITE_LOCKED' })]) {
      expect(toErrorBody(e, log, 'updateInventoryItem', dir)).toEqual({ code: 'unavailable', key: 'api.busy', params: {}, message: 'The database is busy. Try again in a moment.' });
    }
    expect(lines.every((l) => l.level === 40 && l.msg === 'database busy')).toBe(true);
  });

  it('a database server that cannot be reached is unavailable (503) with its own words, logged as a warning with the reason', async () => {
    const { log, lines } = recordingLogger();
    const refused = await realUnreachable();
    expect(refused).toBeInstanceOf(DatabaseUnavailableError);
    expect(isConnectionLoss((refused as Error).cause)).toBe(true);
    expect(toErrorBody(refused, log, 'listUsers', '/d')).toEqual({ code: 'unavailable', key: 'api.databaseUnavailable', params: {}, message: 'The database server cannot be reached right now; nothing was changed. Try again in a moment.' });
    expect(lines.map((l) => [l.level, l.msg, l.op])).toEqual([[40, 'database unavailable', 'listUsers']]);
    expect(String(lines[0]!.err)).toContain('ECONNREFUSED');
    const app = Fastify();
    app.get('/down', async (_req, reply) => sendError(reply, toErrorBody(refused, log, 'listUsers', '/d')));
    await app.listen({ host: '127.0.0.1', port: 0 });
    onCleanup(() => app.close());
    const res = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/down`);
    expect(res.status).toBe(503);
    expect((await res.json()).error.key).toBe('api.databaseUnavailable');
  });

  it('AppError and ZodError keep their meaning; anything else is internal and logged with its stack', () => {
    const { log, lines } = recordingLogger();
    expect(toErrorBody(new AppError('conflict', 'auth.usernameTaken', { username: 'li' }), log, 'x', '/d')).toMatchObject({ code: 'conflict', key: 'auth.usernameTaken', params: { username: 'li' }, message: 'The username "li" is already taken.' });
    const zerr = z.object({ n: z.number() }).safeParse({ n: 'one' }).error!;
    const v = toErrorBody(zerr, log, 'x', '/d');
    expect(v.code).toBe('validation');
    expect(v.fields).toHaveProperty('n');
    expect(lines).toEqual([]);
    const internal = toErrorBody(new TypeError('boom'), log, 'listUsers', '/d');
    expect(internal.code).toBe('internal');
    expect(internal.message).not.toContain('boom');
    expect(toErrorBody('a thrown string', log, 'listUsers', '/d').code).toBe('internal');
    expect(lines.map((l) => [l.level, l.op])).toEqual([[50, 'listUsers'], [50, 'listUsers']]);
    expect(JSON.stringify(lines[0])).toContain('boom');
    expect(lines[1]!.err).toBe('a thrown string');
  });
});

describe('dispatcher', () => {
  const admin: UserInfo = { id: 1, username: 'admin', displayName: 'Admin', role: 'admin', active: true };
  const guest: UserInfo = { id: 2, username: 'public', displayName: 'Public', role: 'public', active: true };
  const member: UserInfo = { id: 3, username: 'm', displayName: 'M', role: 'member', active: true };
  const users: Record<string, UserInfo> = { admin, guest, member };

  function dispatcher(dataDir: string, handlers: Partial<HandlerTable>) {
    const { log, lines } = recordingLogger();
    const d = createDispatcher(handlers as HandlerTable, async (t) => (t ? (users[t] ?? null) : null), log, dataDir);
    return { d, lines };
  }

  it('refuses unknown operations, callers without the access, and bad input before the handler runs', async () => {
    let ran = 0;
    const { d } = dispatcher(tempDir(), {
      listUsers: () => (ran++, []),
      createInventoryItem: () => {
        ran++;
        throw new Error('not reached');
      },
    });
    expect(await d.call('toString', {}, sessionFor(null), 'http')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await d.call('noSuchOp', {}, sessionFor('admin'), 'ipc')).toMatchObject({ ok: false, error: { code: 'not_found', message: 'Unknown operation "noSuchOp".' } });
    expect(await d.call('listUsers', {}, sessionFor(null), 'http')).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await d.call('listUsers', {}, sessionFor('member'), 'http')).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'Only a lab administrator can do this.' } });
    expect(await d.call('createInventoryItem', { name: 'x', quantity: 1 }, sessionFor('guest'), 'http')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await d.call('createInventoryItem', { name: 42 }, sessionFor('member'), 'http')).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(ran).toBe(0);
    expect(await d.call('listUsers', undefined, sessionFor('admin'), 'ipc')).toEqual({ ok: true, value: [] });
    expect(ran).toBe(1);
  });

  it('a handler that hits a full disk or a busy database answers disk_full / unavailable', async () => {
    const dataDir = tempDir();
    const { d, lines } = dispatcher(dataDir, {
      createInventoryItem: () => {
        throw realDiskFull(dataDir);
      },
      updateInventoryItem: () => {
        throw realBusy(dataDir);
      },
    });
    const full = await d.call('createInventoryItem', { name: 'Sodium chloride', quantity: 1 }, sessionFor('member'), 'http');
    expect(full).toMatchObject({ ok: false, error: { code: 'disk_full' } });
    expect(JSON.stringify(full)).toContain(dataDir);
    const busy = await d.call('updateInventoryItem', { id: 1, name: 'x' }, sessionFor('member'), 'ipc');
    expect(busy).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(lines.map((l) => l.msg)).toEqual(['disk full', 'database busy']);
  });
});

describe('HTTP error handler', () => {
  const messages = { tooLarge: msg('api.batchTooLarge', { kb: 1 }), notJson: msg('api.sendBatchJson') };

  async function server() {
    const { log, lines } = recordingLogger();
    const app = Fastify({ bodyLimit: 1024 });
    app.setErrorHandler(errorHandler(messages, log));
    app.post('/echo', async (req) => ({ got: req.body }));
    app.get('/static/outside', async () => {
      throw Object.assign(new Error('Forbidden path'), { statusCode: 403 });
    });
    app.get('/static/missing', async () => {
      throw Object.assign(new Error('Not Found'), { statusCode: 404 });
    });
    app.get('/broken', async () => {
      throw new Error('a bug in a route');
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    onCleanup(() => app.close());
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    return { base, lines };
  }

  const post = (url: string, body: string, type = 'application/json') => fetch(url, { method: 'POST', headers: { 'content-type': type }, body });

  it('body too large → 413 too_large with the route’s words; not JSON (XML) → 400; malformed or empty JSON → 400; none logged as errors', async () => {
    const { base, lines } = await server();
    const big = await post(`${base}/echo`, JSON.stringify({ x: 'y'.repeat(4096) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: { code: 'too_large', key: 'api.batchTooLarge', params: { kb: 1 }, message: 'The import batch is larger than 1 KB.' } });
    const text = await post(`${base}/echo`, '<x/>', 'application/xml');
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ error: { code: 'validation', key: 'api.sendBatchJson', params: {}, message: 'Send the batch as JSON (Content-Type: application/json).', fields: { body: { key: 'field.json', params: {}, message: 'must be JSON' } } } });
    for (const body of ['{"a": ', '']) {
      const r = await post(`${base}/echo`, body);
      expect(r.status).toBe(400);
      const e = (await r.json()).error;
      expect(e.code).toBe('validation');
      expect(e.message).toMatch(/^Malformed request body: /);
      expect(e.fields).toEqual({ body: expect.objectContaining({ message: 'malformed JSON' }) });
    }
    expect((await (await post(`${base}/echo`, '{"a":1}')).json())).toEqual({ got: { a: 1 } });
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('refused static paths are 403 forbidden / 404 not_found, logged only at debug; other failures are a logged 500', async () => {
    const { base, lines } = await server();
    const outside = await fetch(`${base}/static/outside?x=1`);
    expect(outside.status).toBe(403);
    expect(await outside.json()).toEqual({ error: { code: 'forbidden', key: 'api.noRoute', params: { method: 'GET', url: '/static/outside' }, message: 'No such route: GET /static/outside' } });
    const missing = await fetch(`${base}/static/missing`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
    expect(lines.filter((l) => l.msg === 'static file refused').map((l) => [l.level, l.url, l.status])).toEqual([
      [20, '/static/outside', 403],
      [20, '/static/missing', 404],
    ]);
    const broken = await fetch(`${base}/broken`);
    expect(broken.status).toBe(500);
    expect((await broken.json()).error.code).toBe('internal');
    const logged = lines.filter((l) => l.msg === 'http error');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.level).toBe(50);
    expect(JSON.stringify(logged[0])).toContain('a bug in a route');
  });

  it('bodyParseError leaves other errors to the caller', () => {
    expect(bodyParseError({ code: 'FST_ERR_NOT_FOUND', statusCode: 404 }, messages)).toBeNull();
    expect(bodyParseError({ statusCode: 400, message: 'bad' }, messages)).toMatchObject({ code: 'validation' });
  });
});
