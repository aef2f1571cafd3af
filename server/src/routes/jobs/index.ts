/**
 * GET /api/v1/jobs (newest first) and GET /api/v1/jobs/{id}. A user sees only the jobs they asked for (with
 * their request); admins and superusers see everyone's. Another user's job answers 404, exactly like a
 * missing one, so ids reveal nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../http-error.ts';
import { findVisibleJob, listVisibleJobs, type JobViewer } from '../../jobs/jobs-repository.ts';
import { isAdminRole, type User } from '../../db/users.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { jobSchema } from './job-schema.ts';

const viewerOf = (user: User): JobViewer => ({ id: user.id, admin: isAdminRole(user.role.name) });

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
    async (request) => listVisibleJobs(app.db, viewerOf(request.user!), request.query.limit),
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
      const job = await findVisibleJob(app.db, viewerOf(request.user!), request.params.id);
      if (!job) throw new HttpError(404, 'Job not found');
      return job;
    },
  );
};
