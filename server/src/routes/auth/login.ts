import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { presentedDevice, rememberBrowser, trustedDevice } from '../../plugins/device-cookie.ts';
import { LoginThrottle, WINDOW_MS, type LoginClient } from '../../auth/login-throttle.ts';
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
 * 204, the session cookies and a new device cookie on success; 400 LOGIN_BAD_CREDENTIALS for an unknown email
 * and a wrong password alike (same reply, same scrypt work); 429 LOGIN_TOO_MANY_ATTEMPTS with Retry-After while
 * the failure limits of auth/login-throttle.ts ask this client to wait: per account for every client without a
 * device cookie known for it (plugins/device-cookie.ts), whatever its address; per device for one with such a cookie;
 * per address across accounts. Increasing delays, never a lock.
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
      // Without a device cookie the throttle decides before anything else is read, so a burst of guesses reaches
      // its counter as fast as it arrives; with one, the account and the cookie are looked up first.
      const presented = presentedDevice(request);
      let found = presented ? await findCredentialsByEmail(app.db, email) : undefined;
      const client: LoginClient = { address: request.ip, device: await trustedDevice(app.db, presented, found?.user.id ?? null) };
      const knownBrowser = client.device !== null;
      const verdict = await throttle.check(email, client);
      if (!verdict.allowed) {
        request.log.info({ ip: request.ip, knownBrowser, retryAfterS: verdict.retryAfterS }, 'sign-in refused: too many failures');
        throw new HttpError(429, 'LOGIN_TOO_MANY_ATTEMPTS', { 'retry-after': String(verdict.retryAfterS) });
      }
      if (!presented) found = await findCredentialsByEmail(app.db, email);
      const matches = await verifyPassword(request.body.password, found?.passwordHash ?? (await dummyPasswordHash()));
      if (!found || !matches || !found.user.is_active) {
        await throttle.failure(email, client);
        request.log.info({ ip: request.ip, knownBrowser, userId: found?.user.id ?? null }, 'sign-in failed');
        throw new HttpError(400, BAD_CREDENTIALS);
      }
      await throttle.success(email, client);
      await app.sessions.issue(request, reply, found.user);
      await rememberBrowser(app.db, request, reply, found.user.id);
      request.log.info({ ip: request.ip, knownBrowser, userId: found.user.id }, 'signed in');
      return reply.code(204).send();
    },
  );
};
