/**
 * POST /api/v1/force_fetch_data (admin, superuser): start the daily cycle at once (cycle/README.md): today's and
 * the backfill window's analyses that are missing, their forecasts and scores, as one job.
 * 202 {"message": "Начало загрузки данных", "job_id"}; 409 while one is queued or running.
 */
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../http-error.ts';
import { CYCLE_JOB_KINDS, findActiveJob, JobAlreadyActiveError } from '../../jobs/jobs-repository.ts';
import { requireAdmin } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { startedJobSchema } from '../jobs/job-schema.ts';

/** The reply's message, in the interface's language (the app shows it as it is). */
const FETCH_STARTED = 'Начало загрузки данных';

export const forceFetchDataRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/',
    { onRequest: [requireAdmin], schema: { response: { 202: startedJobSchema, 409: errorReply, ...commonErrors } } },
    async (request, reply) => {
      const busy = (id: number | undefined) => new HttpError(409, `Загрузка данных уже выполняется${id ? ` (задача №${id})` : ''}`);
      // A scheduled run going on counts too: one run of the cycle at a time.
      const active = await findActiveJob(app.db, CYCLE_JOB_KINDS);
      if (active) throw busy(active.id);
      // Another server (or request) may have started one since the check: the insert itself refuses a second.
      const job = await app.cycle.force(request.user!.id).catch((error: unknown) => {
        throw error instanceof JobAlreadyActiveError ? busy(error.active?.id) : error;
      });
      return reply.code(202).send({ message: FETCH_STARTED, job_id: job.id });
    },
  );
};
