import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { STARTING_RETRY_S } from '../../plugins/startup-gate.ts';
import { dialectOf } from '../../db/database.ts';
import { DATABASE_RETRY_S, DATABASE_UNAVAILABLE, isDatabaseUnavailable, unavailableReason } from '../../db/unavailable.ts';

/** Longest the database may take to answer `SELECT 1` before health calls it unavailable (ms). */
const PING_TIMEOUT_MS = 2000;

class PingTimeout extends Error {
  override name = 'PingTimeout';
  readonly code = 'ETIMEDOUT';
}

const status = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    task: { type: ['string', 'null'] },
    step: { type: 'integer' },
    steps: { type: 'integer' },
    elapsed_s: { type: 'integer' },
    detail: { type: 'string' },
  },
  required: ['status'],
} as const;

/**
 * GET /api/v1/health: 200 {"status": "ok"} once the server is ready and its database responds; while the
 * startup tasks run (the first-start demo build), 503 {"status": "starting", task, step, steps, elapsed_s}
 * with Retry-After; while the database does not answer (stopped, restarting, unreachable, or slower than 2 s),
 * 503 {"status": "unavailable", "detail": "Database unavailable (PostgreSQL): ECONNREFUSED"} with Retry-After.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { response: { 200: status, 503: status } } }, async (_request, reply) => {
    const startup = app.startup;
    if (startup.status !== 'ok') {
      return reply
        .code(503)
        .header('retry-after', String(STARTING_RETRY_S))
        .send({
          status: 'starting',
          task: startup.task,
          step: startup.step,
          steps: startup.steps,
          elapsed_s: Math.round((Date.now() - startup.startedAt) / 1000),
        });
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PingTimeout(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
      });
      await Promise.race([sql`SELECT 1`.execute(app.db), timeout]);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const engine = dialectOf(app.db) === 'postgres' ? 'PostgreSQL' : 'SQLite';
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_S))
        .send({ status: 'unavailable', detail: `${DATABASE_UNAVAILABLE} (${engine}): ${unavailableReason(error)}` });
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok' };
  });
};
