/** GET /api/v1/jobs (newest first) and GET /api/v1/jobs/{id}, for signed-in users. */
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../http-error.ts';
import { findJob, listJobs } from '../../jobs/jobs-repository.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { jobSchema } from './job-schema.ts';

export const jobsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { limit: number } }>(
    '/',
    {
      onRequest: [requireUser],
      schema: {
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
          additionalProperties: false,
        },
        response: { 200: { type: 'array', items: jobSchema }, ...commonErrors },
      },
    },
    async (request) => listJobs(app.db, request.query.limit),
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    {
      onRequest: [requireUser],
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
          required: ['id'],
        },
        response: { 200: jobSchema, 404: errorReply, ...commonErrors },
      },
    },
    async (request) => {
      const job = findJob(app.db, request.params.id);
      if (!job) throw new HttpError(404, 'Job not found');
      return job;
    },
  );
};
