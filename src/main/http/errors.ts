// How the loopback server answers a failure: the contract's error body with its HTTP status, and
// one mapping of Fastify's body-parsing failures shared by the server and routes with own limits.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_STATUS, type ApiErrorBody } from '../../shared/errors';
import type { Logger } from '../logging';

export function sendError(reply: FastifyReply, body: ApiErrorBody): FastifyReply {
  return reply.code(ERROR_STATUS[body.code]).type('application/json').send({ error: body });
}

/** What a route tells the caller when its body is too large or not JSON. */
export interface BodyMessages {
  tooLarge: string;
  notJson: string;
}

/** A body-parsing failure as the contract's error body, or null when `err` is something else. */
export function bodyParseError(err: Partial<FastifyError>, messages: BodyMessages): ApiErrorBody | null {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { code: 'too_large', message: messages.tooLarge };
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { code: 'validation', message: messages.notJson, fields: { body: 'must be JSON' } };
  if (err.statusCode === 400 || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { code: 'validation', message: `Malformed request body: ${err.message}`, fields: { body: 'malformed JSON' } };
  }
  return null;
}

/** A Fastify error handler: parse failures are the caller's (400/413), anything else is logged (500). */
export function errorHandler(messages: BodyMessages, log: Logger) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const parse = bodyParseError(err, messages);
    if (parse) return sendError(reply, parse);
    // Static files refuse paths outside their folder (403) or missing files (404): the client's
    // doing, not ours; logged quietly so that nobody on the machine can fill the log.
    if (err.statusCode === 403 || err.statusCode === 404) {
      const url = req.url.split('?')[0];
      log.debug({ url, status: err.statusCode }, 'static file refused');
      return sendError(reply, { code: err.statusCode === 403 ? 'forbidden' : 'not_found', message: `No such route: ${req.method} ${url}` });
    }
    log.error({ err: { message: err.message, stack: err.stack } }, 'http error');
    return sendError(reply, { code: 'internal', message: 'Something went wrong in the lab app; the details are in the log.' });
  };
}
