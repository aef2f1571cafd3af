import type { FastifyPluginAsync } from 'fastify';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { MAX_PASSWORD_LENGTH, weakPasswordReason } from '../../auth/password-policy.ts';
import { findCredentialsByEmail, setUserPassword } from '../../db/users.ts';
import { HttpError } from '../../http-error.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, noContent } from '../common-schemas.ts';

interface PasswordBody {
  current_password: string;
  new_password: string;
}

const body = {
  type: 'object',
  required: ['current_password', 'new_password'],
  additionalProperties: false,
  properties: {
    current_password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
    new_password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
  },
} as const;

/**
 * POST /api/v1/users/me/password `{current_password, new_password}`: 204, every other session of the user
 * ends (this one stays) and no browser's device cookie counts for the account any more (plugins/device-cookie.ts);
 * 400 BAD_CURRENT_PASSWORD; 422 with the reason for a weak new password (PASSWORD_TOO_SHORT, PASSWORD_BLANK,
 * PASSWORD_TOO_COMMON).
 */
export const passwordRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Body: PasswordBody }>(
    '/me/password',
    {
      onRequest: [requireUser],
      // Guessing the current password through this form is limited like sign-in, per address.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { body, response: { 204: noContent, ...commonErrors } },
    },
    async (request, reply) => {
      const user = request.user!;
      const credentials = await findCredentialsByEmail(app.db, user.email);
      if (!credentials || !(await verifyPassword(request.body.current_password, credentials.passwordHash))) {
        throw new HttpError(400, 'BAD_CURRENT_PASSWORD');
      }
      const weak = weakPasswordReason(request.body.new_password);
      if (weak) throw new HttpError(422, weak);
      await setUserPassword(app.db, user.id, await hashPassword(request.body.new_password));
      const ended = await app.sessions.revokeAll(user.id, request.session!.id);
      request.log.info({ userId: user.id, otherSessionsEnded: ended }, 'password changed');
      return reply.code(204).send();
    },
  );
};
