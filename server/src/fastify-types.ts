/** What the server adds to Fastify's types: `app.config`, `app.db`, `app.sessions`, `app.startup`, `app.scoring`, `request.session`, `request.user`. */
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { ChartBodies } from './icecharts/chart-files.ts';
import type { User } from './db/users.ts';
import type { RequestSession, SessionManager } from './plugins/session.ts';
import type { StartupState } from './plugins/startup-gate.ts';
import type { BackgroundScoring } from './verification/scoring.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    sessions: SessionManager;
    /** Progress of the startup tasks (plugins/startup-gate.ts). */
    startup: StartupState;
    /** The scores' background runs at startup (verification/scoring.ts). */
    scoring: BackgroundScoring;
    /** The served bodies of the ice charts (icecharts/chart-files.ts), decorated by routes/icecharts. */
    iceChartBodies: ChartBodies;
  }
  interface FastifyRequest {
    /** The live server-side session of the request's cookie, or null (no cookie, bad signature, ended). */
    session: RequestSession | null;
    /** The signed-in user, loaded from the database by requireUser/requireAdmin; null before or without them. */
    user: User | null;
  }
}
