import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { dummyPasswordHash, verifyPassword } from '../../auth/password.ts';
import { findCredentialsByEmail } from '../../db/users.ts';
import { HttpError } from '../../http-error.ts';
import { commonErrors, noContent } from '../common-schemas.ts';

/** Failed sign-ins allowed per client address and email within the window before answering 429. */
export const LOGIN_MAX_FAILURES = 5;
/** The failure window, ms. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

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
 * alike (same reply, same scrypt work); 429 after LOGIN_MAX_FAILURES failures for one address and email.
 */
export const loginRoute: FastifyPluginAsync = async (app) => {
  const emailOf = (request: FastifyRequest) => (request.body as LoginBody).username.trim().toLowerCase();
  const failures = app.createRateLimit({
    max: LOGIN_MAX_FAILURES,
    timeWindow: LOGIN_FAILURE_WINDOW_MS,
    keyGenerator: (request) => `login-failure|${request.ip}|${emailOf(request)}`,
  });

  app.post<{ Body: LoginBody }>(
    '/jwt/login',
    {
      // A coarse per-address limit on attempts of any outcome, on top of the failure count below.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { body, response: { 204: noContent, ...commonErrors } },
    },
    async (request, reply) => {
      const seen = await failures(request, { increment: false });
      if (!seen.isAllowed && seen.remaining === 0) {
        throw new HttpError(429, 'LOGIN_TOO_MANY_ATTEMPTS', { 'retry-after': String(seen.ttlInSeconds) });
      }
      const found = findCredentialsByEmail(app.db, emailOf(request));
      const matches = await verifyPassword(request.body.password, found?.passwordHash ?? (await dummyPasswordHash()));
      if (!found || !matches || !found.user.is_active) {
        await failures(request);
        throw new HttpError(400, BAD_CREDENTIALS);
      }
      app.sessions.issue(request, reply, found.user);
      return reply.code(204).send();
    },
  );
};
