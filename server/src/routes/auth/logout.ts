import type { FastifyPluginAsync } from 'fastify';
import { commonErrors, noContent } from '../common-schemas.ts';

/**
 * POST /api/v1/auth/jwt/logout: 204 and both cookies expired. Works with or without a valid session, so a
 * client holding an expired token can always clean up; with the session cookie present, XSRF applies.
 */
export const logoutRoute: FastifyPluginAsync = async (app) => {
  app.post('/jwt/logout', { schema: { response: { 204: noContent, ...commonErrors } } }, async (request, reply) => {
    app.sessions.clear(request, reply);
    return reply.code(204).send();
  });
};
