import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { STARTING_RETRY_S } from '../../plugins/startup-gate.ts';

const status = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    task: { type: ['string', 'null'] },
    step: { type: 'integer' },
    steps: { type: 'integer' },
    elapsed_s: { type: 'integer' },
  },
  required: ['status'],
} as const;

/**
 * GET /api/v1/health: 200 {"status": "ok"} once the server is ready and its database responds; while the
 * startup tasks run (the first-start demo build), 503 {"status": "starting", task, step, steps, elapsed_s}
 * with Retry-After.
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
    await sql`SELECT 1`.execute(app.db);
    return { status: 'ok' };
  });
};
