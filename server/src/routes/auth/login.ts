import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LoginThrottle, WINDOW_MS } from '../../auth/login-throttle.ts';
import { databaseFailureStore } from '../../db/login-failures.ts';
import { dummyPasswordHash, verifyPassword } from '../../auth/password.ts';
import { findCredentialsByEmail } from '../../db/users.ts';
import { HttpError } from '../../http-error.ts';
import { requireSameOrigin } from '../../plugins/same-origin.ts';
import { commonErrors, noContent } from '../common-schemas.ts';

interface LoginBody {
  /** The email (the field is called username for OAuth2 password-form compatibility). */
  username: string;
  password: string;
}

const body = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

const BAD_CREDENTIALS = 'LOGIN_BAD_CREDENTIALS';

/**
 * POST /api/v1/auth/jwt/login, form-encoded `username` (email) and `password`.
 * 204 and the session cookies on success; 400 LOGIN_BAD_CREDENTIALS for an unknown email and a wrong password
 * alike (same reply, same scrypt work); 429 LOGIN_TOO_MANY_ATTEMPTS with Retry-After while the failure limits
 * of auth/login-throttle.ts ask this address to wait (per account across addresses, per address across
 * accounts, increasing delays, never a lock for an address that has not failed).
 */
export const loginRoute: FastifyPluginAsync<{ throttle?: LoginThrottle }> = async (app, options) => {
  const emailOf = (request: FastifyRequest) => (request.body as LoginBody).username.trim().toLowerCase();
  const throttle = options.throttle ?? new LoginThrottle(databaseFailureStore(app.db, WINDOW_MS));

  app.post<{ Body: LoginBody }>(
    '/jwt/login',
    {
      onRequest: [requireSameOrigin],
      // A coarse per-address limit on attempts of any outcome, on top of the failure count below.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { body, response: { 204: noContent, ...commonErrors } },
    },
    async (request, reply) => {
      const email = emailOf(request);
      const verdict = await throttle.check(email, request.ip);
      if (!verdict.allowed) {
        request.log.info({ ip: request.ip, retryAfterS: verdict.retryAfterS }, 'sign-in refused: too many failures');
        throw new HttpError(429, 'LOGIN_TOO_MANY_ATTEMPTS', { 'retry-after': String(verdict.retryAfterS) });
      }
      const found = await findCredentialsByEmail(app.db, email);
      const matches = await verifyPassword(request.body.password, found?.passwordHash ?? (await dummyPasswordHash()));
      if (!found || !matches || !found.user.is_active) {
        await throttle.failure(email, request.ip);
        request.log.info({ ip: request.ip, userId: found?.user.id ?? null }, 'sign-in failed');
        throw new HttpError(400, BAD_CREDENTIALS);
      }
      await throttle.success(email, request.ip);
      await app.sessions.issue(request, reply, found.user);
      request.log.info({ ip: request.ip, userId: found.user.id }, 'signed in');
      return reply.code(204).send();
    },
  );
};
