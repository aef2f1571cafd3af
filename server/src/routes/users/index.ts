import type { FastifyPluginAsync } from 'fastify';
import { toPublicUser } from '../../db/users.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, publicUser } from '../common-schemas.ts';
import { passwordRoute } from './password.ts';

/** GET /api/v1/users/me: the signed-in user; 401 without a valid session. POST /users/me/password: password.ts. */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/me',
    { onRequest: [requireUser], schema: { response: { 200: publicUser, ...commonErrors } } },
    async (request) => toPublicUser(request.user!),
  );
  await app.register(passwordRoute);
};
