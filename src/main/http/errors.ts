// How the loopback server answers a failure: the contract's error body with its HTTP status, and
// one mapping of Fastify's body-parsing failures shared by the server and routes with own limits.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_STATUS, fieldError, type ApiErrorBody } from '../../shared/errors';
import { type Message } from '../../shared/messages';
import type { Logger } from '../logging';

export function sendError(reply: FastifyReply, body: ApiErrorBody): FastifyReply {
  return reply.code(ERROR_STATUS[body.code]).type('application/json').send({ error: body });
}

/** What a route tells the caller when its body is too large or not JSON. */
export interface BodyMessages {
  tooLarge: Message;
  notJson: Message;
}

/** A body-parsing failure as the contract's error body, or null when `err` is something else. */
export function bodyParseError(err: Partial<FastifyError>, messages: BodyMessages): ApiErrorBody | null {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return AppError.of('too_large', messages.tooLarge).toBody();
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return AppError.of('validation', messages.notJson, { fields: fieldError('body', 'field.json') }).toBody();
  if (err.statusCode === 400 || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AppError('validation', 'api.malformedBody', { detail: err.message ?? '' }, { fields: fieldError('body', 'field.malformedJson') }).toBody();
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
      return sendError(reply, new AppError(err.statusCode === 403 ? 'forbidden' : 'not_found', 'api.noRoute', { method: req.method, url: url ?? '' }).toBody());
    }
    log.error({ err: { message: err.message, stack: err.stack } }, 'http error');
    return sendError(reply, new AppError('internal', 'api.internal').toBody());
  };
}
