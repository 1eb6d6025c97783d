// The local HTTP server on 127.0.0.1 (docs/design.md#local-server). Always: /ping and the cart-import bridge.
// Browser mode also: the whole API under /api (generated from the contract), SSE at /api/events,
// and the built renderer. Refused requests change nothing and get the contract's error body.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { contract, type OperationName } from '../../shared/contract';
import { API_VERSION, APP_ID, APP_VERSION_HEADER, SESSION_COOKIE } from '../../shared/app-info';
import type { Dispatcher } from '../api/dispatch';
import type { SessionHolder, SessionLookup } from '../api/context';
import { inEmitOrder } from '../api/event-order';
import type { DownloadFile } from '../api/ipc-handlers';
import type { EventBus } from '../events';
import { eventRecipient, type LabEvent } from '../../shared/events';
import type { Logger } from '../logging';
import { checkRequest } from './guards';
import { RENDERER_CSP } from './csp';
import { errorHandler, sendError } from './errors';
import { AppError, fieldError } from '../../shared/errors';
import { msg } from '../../shared/messages';
import { StartFailureError } from '../../shared/start-failure';

export const BODY_LIMIT = 2 * 1024 * 1024;

export interface HttpServerOptions {
  port: number;
  mode: 'desktop' | 'browser';
  version: string;
  dispatcher: Dispatcher;
  events: EventBus;
  userForToken: SessionLookup;
  log: Logger;
  /** Built renderer (out/renderer); served in browser mode. */
  rendererDir?: string;
  /** Extra routes (the cart-import bridge) registered by their owners. */
  routes?: Array<(app: FastifyInstance) => void>;
}

export class PortInUseError extends StartFailureError {
  constructor(readonly port: number) {
    super('portInUse', { port });
    this.name = 'PortInUseError';
  }
}

function httpSession(req: FastifyRequest, reply: FastifyReply): SessionHolder {
  let token: string | null = req.cookies[SESSION_COOKIE] ?? null;
  return {
    get token() {
      return token;
    },
    set(t) {
      token = t;
      reply.setCookie(SESSION_COOKIE, t, { httpOnly: true, sameSite: 'strict', path: '/', maxAge: 30 * 86400 });
    },
    clear() {
      token = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
  };
}

export async function createHttpServer(opts: HttpServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    logger: false,
    return503OnClosing: true,
    // A target that is not valid percent-encoded UTF-8 names nothing here: not found, logged quietly.
    frameworkErrors: (err, req, reply) => {
      opts.log.debug({ code: err.code, url: req.url.split('?')[0] }, 'request target refused');
      return sendError(reply.header(APP_VERSION_HEADER, opts.version), new AppError('not_found', 'api.noRouteAtAll').toBody());
    },
  });
  await app.register(fastifyCookie);

  app.addHook('onRequest', async (req, reply) => {
    reply.header(APP_VERSION_HEADER, opts.version);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    const refusal = checkRequest({ method: req.method, url: req.raw.url ?? '', headers: req.headers, rawHeaders: req.raw.rawHeaders }, opts.port);
    if (refusal) {
      opts.log.warn({ method: req.method, url: req.url.split('?')[0], host: req.headers.host, origin: req.headers.origin }, 'request refused');
      return sendError(reply, AppError.of('forbidden', refusal).toBody());
    }
  });

  app.setErrorHandler(errorHandler({ tooLarge: msg('api.bodyTooLarge', { bytes: BODY_LIMIT }), notJson: msg('api.sendJson') }, opts.log));

  app.get('/ping', async () => ({ app: APP_ID, apiVersion: API_VERSION, version: opts.version, mode: opts.mode }));

  for (const register of opts.routes ?? []) register(app);

  if (opts.mode === 'browser') {
    mountApi(app, opts);
    mountEvents(app, opts);
    if (opts.rendererDir && fs.existsSync(path.join(opts.rendererDir, 'index.html'))) {
      // wildcard: false registers a route per file present now; those serve the built assets.
      await app.register(fastifyStatic, {
        root: opts.rendererDir,
        index: false,
        wildcard: false,
        cacheControl: false,
        setHeaders: (res, file) => res.header('content-security-policy', RENDERER_CSP).header('cache-control', assetCacheControl(path.basename(file))),
      });
      const indexHtml = fs.readFileSync(path.join(opts.rendererDir, 'index.html'), 'utf8');
      const sendIndex = (_req: FastifyRequest, reply: FastifyReply) => reply.type('text/html').header('content-security-policy', RENDERER_CSP).header('cache-control', 'no-store').send(indexHtml);
      app.get('/', sendIndex);
      app.get('/login', sendIndex);
      app.get('/assets/*', (req, reply) => {
        const file = (req.params as { '*': string })['*'];
        if (!isAssetName(file)) {
          opts.log.debug({ url: req.url.split('?')[0] }, 'asset path refused');
          return sendError(reply, new AppError('not_found', 'api.noFile', { url: req.url.split('?')[0] ?? '' }).toBody());
        }
        return reply.header('cache-control', assetCacheControl(file)).sendFile(file, path.join(opts.rendererDir!, 'assets'), { cacheControl: false });
      });
    }
  }

  app.setNotFoundHandler((req, reply) => sendError(reply, new AppError('not_found', 'api.noRoute', { method: req.method, url: req.url.split('?')[0] ?? '' }).toBody()));
  return app;
}

/**
 * A content-hashed file never changes its bytes: cached for a year without revalidation (a warm
 * start asks for nothing). Anything else (favicon, an unhashed file) is revalidated on every use.
 */
function assetCacheControl(file: string): string {
  return isHashedAssetName(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** A bundler output name with its content hash before the extension (`InventoryPage-CinVknYM.js`). */
export function isHashedAssetName(p: string): boolean {
  return /-[A-Za-z0-9_-]{8}\.(js|css|woff2?|png|svg)$/.test(p);
}

/** A built asset's name (`index-abc123.js`, `fonts/x.woff2`): plain segments, none of them `.`/`..`. */
export function isAssetName(p: string): boolean {
  return p.split('/').every((seg) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(seg));
}

function mountApi(app: FastifyInstance, opts: HttpServerOptions): void {
  for (const name of Object.keys(contract) as OperationName[]) {
    const def = contract[name];
    if (def.httpOnly) continue;
    app.route({
      method: def.method,
      url: `/api${def.path}`,
      handler: async (req, reply) => {
        const body = req.body;
        if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
          return sendError(reply, new AppError('validation', 'api.bodyNotObject', {}, { fields: fieldError('body', 'field.object') }).toBody());
        }
        const input = { ...(req.query as object), ...((body as object) ?? {}), ...(req.params as object) };
        const result = await opts.dispatcher.call(name, input, httpSession(req, reply), 'http');
        if (result.ok && def.download) return sendDownload(reply, result.value as DownloadFile);
        if (result.ok) return reply.type('application/json').send(JSON.stringify(result.value ?? null));
        return sendError(reply, result.error);
      },
    });
  }
}

/** A download operation's file as the response body, streamed from disk and removed once sent (or dropped). */
function sendDownload(reply: FastifyReply, file: DownloadFile) {
  // 1 MB reads: a 100 000-row export (~15 MB) in 15 reads and socket writes instead of 240
  // (measured: ~20 ms less server CPU per such download).
  const body = fs.createReadStream(file.path, { highWaterMark: 1 << 20 });
  body.on('close', () => fs.rm(file.path, { force: true }, () => undefined));
  return reply
    .type(file.mime)
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('x-export-rows', String(file.rows))
    .header('cache-control', 'no-store')
    .send(body);
}

function mountEvents(app: FastifyInstance, opts: HttpServerOptions): void {
  const streams = new Set<import('node:http').ServerResponse>();
  app.get('/api/events', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE] ?? null;
    const user = await opts.userForToken(token);
    if (!user) return sendError(reply, new AppError('unauthorized', 'auth.loginRequired').toBody());
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      [APP_VERSION_HEADER]: opts.version,
    });
    res.write(': connected\n\n');
    const write = (event: LabEvent) => {
      if (!res.writableEnded && !res.destroyed) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    const deliver = inEmitOrder<LabEvent>(
      (event) => {
        // An event for one person: only while this stream's session is still that person's.
        const to = eventRecipient(event);
        if (to === null) return write(event);
        return opts.userForToken(token).then((u) => (u?.id === to ? write(event) : undefined));
      },
      (err) => opts.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'event not pushed: the session lookup failed'),
    );
    const unsubscribe = opts.events.subscribe(deliver);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), 25_000);
    streams.add(res);
    req.raw.on('close', () => {
      streams.delete(res);
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
  // A stream never finishes by itself, and closing the server waits for every open request: end
  // them first, or a stop (quit, restore, move) would wait for each window to go away.
  app.addHook('preClose', (done) => {
    for (const res of streams) res.end();
    done();
  });
}

export async function listen(app: FastifyInstance, port: number): Promise<void> {
  try {
    await app.listen({ host: '127.0.0.1', port });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(port);
    throw e;
  }
}
