/**
 * Server-side sessions. Sign-in stores a row in the sessions table (db/sessions.ts) and sets two cookies:
 * - `session`: HttpOnly, SameSite=Lax, a random 256-bit id signed with @fastify/cookie (HMAC-SHA256 with the
 *   server secret), so a guessed or altered value is refused before the database is asked;
 * - `XSRF-TOKEN`: readable by the page's script, which echoes it in the X-XSRF-TOKEN header (see xsrf.ts).
 * Both are Secure when the request came over HTTPS. Every request with a cookie costs one indexed lookup that
 * also loads the user and role, so a logout, a password change, a role change or a deactivation takes effect
 * on the next request. Expired and revoked rows are purged at start and every PURGE_INTERVAL_MS.
 */
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSession, findLiveSession, purgeSessions, revokeSession, revokeUserSessions, touchSession } from '../db/sessions.ts';
import type { User } from '../db/users.ts';

export const SESSION_COOKIE = 'session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** last_seen_at is written at most this often per session, s: a write per request would halve throughput. */
const TOUCH_INTERVAL_S = 60;
/** How often expired and revoked rows are deleted, ms. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** The session of the current request, as the session hook found it. */
export interface RequestSession {
  /** SHA-256 (hex) of the cookie's id: the row's key. */
  id: string;
  userId: number;
  xsrf: string;
  /** The user as the database holds it now (role, is_active): guards.ts reads it from here. */
  user: User;
}

export interface SessionManager {
  /** Start a session for `user` (ending the request's current one, if any) and set both cookies on `reply`. */
  issue(request: FastifyRequest, reply: FastifyReply, user: User): Promise<void>;
  /** End the request's session (if any) and expire both cookies. */
  clear(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** End every session of `userId` except `keepId`; returns how many were live. */
  revokeAll(userId: number, keepId?: string): Promise<number>;
}

export interface SessionOptions {
  /** Session lifetime, seconds. */
  expiresS: number;
}

const nowS = () => Math.floor(Date.now() / 1000);
const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

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
    async issue(request, reply, user) {
      if (request.session) await revokeSession(app.db, request.session.id);
      const id = randomBytes(32).toString('base64url');
      const xsrf = randomBytes(32).toString('base64url');
      const now = nowS();
      await createSession(app.db, {
        id: hashId(id),
        userId: user.id,
        xsrf,
        now,
        expiresAt: now + options.expiresS,
        userAgent: request.headers['user-agent'] ?? null,
      });
      const base = cookieOptions(request);
      reply.setCookie(SESSION_COOKIE, id, { ...base, httpOnly: true, signed: true, maxAge: options.expiresS });
      reply.setCookie(XSRF_COOKIE, xsrf, { ...base, httpOnly: false, maxAge: options.expiresS });
    },
    async clear(request, reply) {
      if (request.session) await revokeSession(app.db, request.session.id);
      reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(request), httpOnly: true });
      reply.clearCookie(XSRF_COOKIE, { ...cookieOptions(request), httpOnly: false });
    },
    revokeAll: (userId, keepId) => revokeUserSessions(app.db, userId, keepId),
  };
  app.decorate('sessions', sessions);

  // Runs for every request (also unknown routes): a bad signature, an unknown, revoked or expired id is
  // simply no session (routes that need one answer 401).
  app.addHook('onRequest', async (request) => {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) {
      request.log.debug('ignoring a session cookie with a bad signature');
      return;
    }
    const now = nowS();
    let found: Awaited<ReturnType<typeof findLiveSession>>;
    try {
      found = await findLiveSession(app.db, hashId(unsigned.value), now);
    } catch (error) {
      // The database away: the API answers 503 (error-handler.ts), but the app's own files, which need no
      // session, are still served so that the page can load and say so.
      if (isDatabaseUnavailable(error) && !request.url.startsWith('/api/')) return;
      throw error;
    }
    if (!found) return;
    if (now - found.session.lastSeenAt >= TOUCH_INTERVAL_S) await touchSession(app.db, found.session.id, now);
    request.session = { id: found.session.id, userId: found.user.id, xsrf: found.session.xsrf, user: found.user };
  });

  const purge = async () => {
    const removed = await purgeSessions(app.db);
    if (removed) app.log.info({ removed }, 'expired and revoked sessions purged');
  };
  // Housekeeping: a failure (the database busy or away) is logged, and the next hour's purge does it.
  const purgeOrWarn = () => purge().catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
  app.addHook('onReady', purgeOrWarn);
  const timer = setInterval(purgeOrWarn, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
