/** What the server adds to Fastify's types: `app.config`, `app.db`, `app.sessions`, `request.session`, `request.user`. */
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { User } from './db/users.ts';
import type { RequestSession, SessionManager } from './plugins/session.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    sessions: SessionManager;
  }
  interface FastifyRequest {
    /** The live server-side session of the request's cookie, or null (no cookie, bad signature, ended). */
    session: RequestSession | null;
    /** The signed-in user, loaded from the database by requireUser/requireAdmin; null before or without them. */
    user: User | null;
  }
}
