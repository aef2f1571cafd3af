/**
 * GET /api/v1/cycle (admin, superuser): the daily cycle's state (common/api-types/cycle.ts).
 * PUT /api/v1/cycle/models/{model_id} {run_daily} (admin, superuser): whether the cycle also runs that model every
 * day (the default model always runs).
 */
import type { FastifyPluginAsync } from 'fastify';
import { CYCLE_DATE_STATUSES } from '../../../../common/api-types/cycle.ts';
import { cycleStatus } from '../../cycle/cycle-status.ts';
import { requireAdmin } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { setRunDaily } from '../../cycle/daily-models.ts';
import { HttpError } from '../../http-error.ts';
import { regionIdSchema } from '../regions/region-query.ts';

const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

const cycleDateSchema = {
  type: 'object',
  properties: {
    date: { type: 'string', format: 'date' },
    analysis: { type: 'boolean' },
    forecasts: { type: 'integer', minimum: 0 },
    verification: { type: 'boolean' },
    status: { type: 'string', enum: [...CYCLE_DATE_STATUSES] },
    message: { type: ['string', 'null'] },
  },
  required: ['date', 'analysis', 'forecasts', 'verification', 'status', 'message'],
} as const;

const cycleStatusSchema = {
  type: 'object',
  properties: {
    schedule: { type: 'string', description: "cron (UTC) or 'off'" },
    next_run: nullableTime,
    last_run: nullableTime,
    disk_bytes: { type: 'integer', minimum: 0, description: "DATA_DIR's size as last counted (recounted after each job, else every 5 minutes)" },
    disk_free_bytes: { type: 'integer', minimum: 0, description: "free bytes on DATA_DIR's disk" },
    disk_total_bytes: { type: 'integer', minimum: 0 },
    disk_reserve_bytes: { type: 'integer', minimum: 0, description: 'DISK_RESERVE: below it the cycle starts no date' },
    retain_days: { type: 'integer', minimum: 0 },
    last_retention: {
      type: ['object', 'null'],
      properties: {
        ran_at: { type: 'string' },
        dates: { type: 'array', items: { type: 'string', format: 'date' } },
        files: { type: 'integer' },
        bytes: { type: 'integer' },
        disk_bytes: { type: 'integer' },
      },
      required: ['ran_at', 'dates', 'files', 'bytes', 'disk_bytes'],
    },
    dates: { type: 'array', description: "the sector's dates", items: cycleDateSchema },
    regions: {
      type: 'array',
      description: 'every region the cycle builds (CYCLE_REGIONS), the sector first, with its dates: its own files and records; a region besides the sector is done once its files are',
      items: {
        type: 'object',
        properties: { id: regionIdSchema, name: { type: 'string' }, dates: { type: 'array', items: cycleDateSchema } },
        required: ['id', 'name', 'dates'],
      },
    },
    chart_source: { type: ['string', 'null'], description: "CHART_SOURCE's folder (null: the cycle takes no ice charts)" },
    charts: {
      type: 'array',
      description: 'the chart inbox\'s files, the last taken up first (at most 20); a failed file is not taken up again until it changes',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          status: { type: 'string', enum: ['imported', 'skipped', 'failed'] },
          message: { type: 'string', description: 'Russian: the chart imported, why it was skipped, or why it was refused' },
          chart_id: { type: ['integer', 'null'] },
          seen_at: { type: 'string' },
        },
        required: ['name', 'status', 'message', 'chart_id', 'seen_at'],
      },
    },
  },
  required: ['schedule', 'next_run', 'last_run', 'disk_bytes', 'disk_free_bytes', 'disk_total_bytes', 'disk_reserve_bytes', 'retain_days', 'last_retention', 'dates', 'chart_source', 'charts', 'regions'],
} as const;

export const cycleRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/',
    { onRequest: [requireAdmin], schema: { response: { 200: cycleStatusSchema, ...commonErrors } } },
    async () => cycleStatus(app.db, app.disk, app.cycle, app.cycle.now()),
  );

  app.put<{ Params: { model_id: string }; Body: { run_daily: boolean } }>(
    '/models/:model_id',
    {
      onRequest: [requireAdmin],
      schema: {
        params: { type: 'object', properties: { model_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } }, required: ['model_id'] },
        body: { type: 'object', properties: { run_daily: { type: 'boolean' } }, required: ['run_daily'], additionalProperties: false },
        response: {
          200: { type: 'object', properties: { model_id: { type: 'string' }, run_daily: { type: 'boolean' } }, required: ['model_id', 'run_daily'] },
          404: errorReply,
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const { model_id } = request.params;
      if (!(await setRunDaily(app.db, model_id, request.body.run_daily))) throw new HttpError(404, `Unknown model ${model_id}`);
      request.log.info({ model_id, run_daily: request.body.run_daily, userId: request.user!.id }, 'daily cycle: model marked');
      return { model_id, run_daily: request.body.run_daily };
    },
  );
};
