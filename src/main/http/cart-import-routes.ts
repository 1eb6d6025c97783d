// Loopback routes of the cart-import bridge, registered in both desktop and browser mode:
// GET /cart-import (the bridge page), GET /cart-import/bridge.js, POST /cart-import/handoff.
// The server's guards (Host, X-Lab-Client, Origin) already ran; here: JSON only, a body limit,
// schema, batch_id and TTL checks in the store. Nothing is stored unless all pass.
import type { FastifyInstance } from 'fastify';
import { MAX_BATCH_BYTES } from '../../shared/cart-batch';
import { AppError, fieldError } from '../../shared/errors';
import { msg, type Message } from '../../shared/messages';
import type { Logger } from '../logging';
import type { BatchStore } from '../cart-import/batch-store';
import { BRIDGE_PAGE_CSP, BRIDGE_SCRIPT_PATH, bridgePageHtml, bridgeScript, HANDOFF_PATH } from '../cart-import/bridge-page';
import { errorHandler, sendError } from './errors';

const NOT_JSON = msg('api.sendBatchJson');

/**
 * `unavailable` says why the data directory must not be written right now (a restore or move is
 * swapping files, or the data was moved and the app awaits a restart): a batch written then would
 * land in files about to be replaced or left behind, so the hand-off is refused (503) instead.
 */
export function cartImportRoutes(store: Pick<BatchStore, 'accept'>, mode: 'desktop' | 'browser', log: Logger, unavailable: () => Message | null = () => null): (app: FastifyInstance) => void {
  const html = bridgePageHtml(mode);
  const script = bridgeScript();
  return (app) => {
    app.get('/cart-import', (_req, reply) => reply.type('text/html; charset=utf-8').header('content-security-policy', BRIDGE_PAGE_CSP).header('cache-control', 'no-store').send(html));
    app.get(BRIDGE_SCRIPT_PATH, (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(script));
    app.post(
      HANDOFF_PATH,
      {
        bodyLimit: MAX_BATCH_BYTES,
        errorHandler: errorHandler({ tooLarge: msg('api.batchTooLarge', { kb: MAX_BATCH_BYTES / 1024 }), notJson: NOT_JSON }, log),
      },
      async (req, reply) => {
        if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
          return sendError(reply, AppError.of('validation', NOT_JSON, { fields: fieldError('body', 'field.json') }).toBody());
        }
        const body = req.body as { expected_batch_id?: unknown; batch?: unknown } | null;
        if (!body || typeof body !== 'object' || Array.isArray(body)) return sendError(reply, new AppError('validation', 'api.bodyNotObject', {}, { fields: fieldError('body', 'field.object') }).toBody());
        const extra = Object.keys(body).filter((k) => k !== 'expected_batch_id' && k !== 'batch');
        if (extra.length) return sendError(reply, new AppError('validation', 'api.unknownFields', { fields: extra }, { fields: fieldError(extra.join(','), 'field.unknown') }).toBody());
        const why = unavailable();
        if (why) return sendError(reply, AppError.of('unavailable', why).toBody());
        try {
          const result = store.accept(body.batch, body.expected_batch_id);
          return reply.send({ ...result, mode });
        } catch (e) {
          if (e instanceof AppError) {
            log.warn({ code: e.code, fields: e.fields }, 'cart-import hand-off refused');
            return sendError(reply, e.toBody());
          }
          throw e;
        }
      },
    );
  };
}
