/**
 * Cookie sessions. Login sets two cookies:
 * - `session`: HttpOnly, SameSite=Lax, carrying a signed JWT (sub = user id, exp = now + JWT_EXPIRES);
 * - `XSRF-TOKEN`: readable by the page's script, which echoes it in the X-XSRF-TOKEN header (see xsrf.ts).
 * Both are Secure when the request came over HTTPS. The token only names the user: the role is read from
 * the database on every request that needs it, so nothing the client holds can raise its rights.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signToken, verifyToken, type SessionClaims } from '../auth/jwt.ts';
import type { User } from '../db/users.ts';

export const SESSION_COOKIE = 'session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

export interface SessionManager {
  /** Sign a token for `user` and set both cookies on `reply`. */
  issue(request: FastifyRequest, reply: FastifyReply, user: User): void;
  /** Expire both cookies. */
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

export interface SessionOptions {
  secret: string;
  /** Session lifetime, seconds. */
  expiresS: number;
}

export function setupSession(app: FastifyInstance, options: SessionOptions): void {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    sameSite: 'lax' as const,
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
    secure: request.protocol === 'https',
  });

  const sessions: SessionManager = {
    issue(request, reply, user) {
      const now = Math.floor(Date.now() / 1000);
      const xsrf = randomBytes(32).toString('base64url');
      const claims: SessionClaims = { sub: String(user.id), iat: now, exp: now + options.expiresS, xsrf };
      const token = signToken(claims, options.secret);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), httpOnly: true, maxAge: options.expiresS });
      reply.setCookie(XSRF_COOKIE, xsrf, { ...cookieOptions(request), httpOnly: false, maxAge: options.expiresS });
    },
    clear(request, reply) {
      reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(request), httpOnly: true });
      reply.clearCookie(XSRF_COOKIE, { ...cookieOptions(request), httpOnly: false });
    },
  };
  app.decorate('sessions', sessions);

  // Runs for every request (also unknown routes): read and verify the token; a bad one is simply no session.
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    try {
      request.session = verifyToken(token, options.secret);
    } catch (error) {
      request.log.debug({ reason: (error as Error).message }, 'ignoring an invalid session token');
    }
  });
}
