import type { FastifyPluginAsync } from 'fastify';
import { toPublicUser } from '../../db/users.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, publicUser } from '../common-schemas.ts';

/** GET /api/v1/users/me: the signed-in user; 401 without a valid session. */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/me',
    { onRequest: [requireUser], schema: { response: { 200: publicUser, ...commonErrors } } },
    async (request) => toPublicUser(request.user!),
  );
};
