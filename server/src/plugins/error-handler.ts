/**
 * One error handler for the whole server. Every error reply is `{"detail": ...}`:
 * - schema validation failures -> 422 with a readable sentence (e.g. `body/email must match format "email"`);
 * - other 4xx (HttpError, malformed JSON, body too large, rate limits) -> their status and message;
 * - anything else -> logged with its stack, answered 500 {"detail": "Internal Server Error"}.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
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
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
}
