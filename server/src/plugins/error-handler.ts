/**
 * One error handler for the whole server. Every error reply is `{"detail": ...}`:
 * - schema validation failures -> 422 with a readable sentence (e.g. `body/email must match format "email"`);
 * - other 4xx (HttpError, malformed JSON, body too large, rate limits) -> their status and message;
 * - the database away (restarting, unreachable: db/unavailable.ts) -> 503 {"detail": "Database unavailable"}
 *   with Retry-After, logged as a warning (no stack: it is the database's state, not a bug);
 * - a full disk (disk/disk-full.ts) -> logged, 507 with the Russian reason ('Недостаточно места на диске: …');
 * - anything else -> logged with its stack, answered 500 {"detail": "Internal Server Error"}.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DATABASE_RETRY_S, DATABASE_UNAVAILABLE, isDatabaseUnavailable, unavailableReason } from '../db/unavailable.ts';
import { failureMessage, isDiskFull } from '../disk/disk-full.ts';
import { HttpError } from '../http-error.ts';

/** Replies for Fastify's own errors whose default message is unclear to an API caller. */
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body cannot be empty when content-type is set to application/json',
};

export function setupErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if ('validation' in error && error.validation) {
      return reply.code(422).send({ detail: error.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (error instanceof HttpError) {
      if (status >= 500) request.log.error({ err: error }, error.message);
      return reply.code(status).headers(error.headers).send({ detail: error.detail });
    }
    if (status >= 400 && status < 500) {
      const code = 'code' in error ? error.code : undefined;
      return reply.code(status).send({ detail: (code && FASTIFY_DETAILS[code]) || error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: unavailableReason(error), url: request.url }, 'database unavailable: answered 503');
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_S)).send({ detail: DATABASE_UNAVAILABLE });
    }
    if (isDiskFull(error)) {
      // A full disk is the operator's to fix, and the client's to know: 507 with the Russian reason.
      request.log.error({ err: error }, 'request failed: the disk is full');
      return reply.code(507).send({ detail: failureMessage(error, 'не удалось сохранить данные запроса') });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
}

/**
 * Fastify's own early errors (Fastify option `frameworkErrors`): a URL that cannot be decoded (`/%`,
 * FST_ERR_BAD_URL) and the like, which otherwise answer Fastify's `{error, code, message, statusCode}`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 400;
  const detail = error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : error.message;
  void reply.code(status).send({ detail });
}

/**
 * Errors Node's HTTP parser raises before a request exists (Fastify option `clientErrorHandler`): headers
 * or URL too long (431), a malformed Content-Length or request line (400), a request that took too long
 * (408). Answered with `{"detail": ...}` like every other error, then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let detail = 'Malformed request';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    detail = 'Request header fields (or the URL) too large';
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    detail = 'Request timeout';
  } else if (error.code === 'HPE_INVALID_CONTENT_LENGTH' || error.code === 'HPE_UNEXPECTED_CONTENT_LENGTH') {
    detail = 'Invalid Content-Length header';
  }
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
