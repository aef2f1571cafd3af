/**
 * GET /api/v1/forecast/info, /forecast/hist and /assim_forecast/hist (signed-in users).
 * `date` must be a real 'YYYY-MM-DD' day (else 422) and `model_id` an id of letters, digits, '_' or '-';
 * the file is found through the database index, never by building a path from the query, and its path is
 * checked to stay inside the data folder.
 */
import type { FastifyPluginAsync } from 'fastify';
import { availableDates } from '../../forecast/archive.ts';
import { isIsoDate, resolveInside } from '../../forecast/file-store.ts';
import type { FileKind } from '../../forecast/forecast-file.ts';
import { defaultModel, findFile } from '../../forecast/forecast-repository.ts';
import { HttpError } from '../../http-error.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { sendNetcdf } from './send-netcdf.ts';

interface HistQuery {
  date?: string;
  model_id?: string;
}

const histQuery = {
  type: 'object',
  properties: {
    date: { type: 'string', maxLength: 32 },
    model_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
  },
} as const;

function histRoute(kind: Exclude<FileKind, 'analysis'>): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: HistQuery }>(
      '/hist',
      {
        onRequest: [requireUser],
        // Files come pre-compressed from disk; @fastify/compress must not compress them again.
        compress: false,
        schema: {
          querystring: histQuery,
          response: { 404: errorReply, 416: errorReply, ...commonErrors },
        },
      },
      async (request, reply) => {
        const { date, model_id: requestedModel } = request.query;
        if (date === undefined || date === '') throw new HttpError(422, 'query parameter "date" is required (YYYY-MM-DD)');
        if (!isIsoDate(date)) throw new HttpError(422, `"date" must be a calendar day as YYYY-MM-DD, got ${JSON.stringify(date)}`);
        const modelId = requestedModel ?? defaultModel(app.db)?.model_id;
        const file = modelId ? findFile(app.db, kind, modelId, date) : undefined;
        if (!file) {
          throw new HttpError(404, `No ${kind === 'forecast' ? 'forecast' : 'assimilated forecast'} for ${date}${requestedModel ? ` and model ${requestedModel}` : ''}`);
        }
        let path: string;
        try {
          path = resolveInside(app.config.dataDir, file.path);
        } catch {
          throw new HttpError(404, `No forecast file for ${date}`);
        }
        try {
          return await sendNetcdf(request, reply, path, file.etag, `${kind}_${file.owner}_${date}.nc`);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new HttpError(404, `The forecast file for ${date} is missing`);
          throw error;
        }
      },
    );
  };
}

const infoReply = {
  type: 'object',
  properties: { available_dates: { type: 'array', items: { type: 'string' } } },
  required: ['available_dates'],
} as const;

/** Mounted at /forecast. */
export const forecastRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/info',
    { onRequest: [requireUser], schema: { response: { 200: infoReply, ...commonErrors } } },
    async () => ({ available_dates: availableDates({ db: app.db, dataDir: app.config.dataDir }) }),
  );
  await app.register(histRoute('forecast'));
};

/** Mounted at /assim_forecast. */
export const assimForecastRoutes: FastifyPluginAsync = histRoute('assim_forecast');
