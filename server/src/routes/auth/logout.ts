import type { FastifyPluginAsync } from 'fastify';
import { forgetUserDevices } from '../../db/device-cookies.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, noContent } from '../common-schemas.ts';

/**
 * POST /api/v1/auth/jwt/logout: 204; the session is revoked on the server (a copied cookie stops working)
 * and both cookies expire. Works with or without a live session, so a client holding an ended one can always
 * clean up; with the session cookie present, XSRF applies.
 *
 * POST /api/v1/auth/jwt/logout-all ('Выйти на всех устройствах'): 204; every session of the signed-in user
 * is revoked, this one included, and every browser's device cookie stops counting for the account (a sign-in limited
 * by its own failures needs a new sign-in); 401 without a session. A plain logout keeps the device cookie.
 */
export const logoutRoute: FastifyPluginAsync = async (app) => {
  app.post('/jwt/logout', { schema: { response: { 204: noContent, ...commonErrors } } }, async (request, reply) => {
    await app.sessions.clear(request, reply);
    if (request.session) request.log.info({ userId: request.session.userId }, 'signed out');
    return reply.code(204).send();
  });

  app.post(
    '/jwt/logout-all',
    { onRequest: [requireUser], schema: { response: { 204: noContent, ...commonErrors } } },
    async (request, reply) => {
      const ended = await app.sessions.revokeAll(request.user!.id);
      const devices = await forgetUserDevices(app.db, request.user!.id);
      await app.sessions.clear(request, reply);
      request.log.info({ userId: request.user!.id, sessions: ended, devices }, 'signed out everywhere');
      return reply.code(204).send();
    },
  );
};
