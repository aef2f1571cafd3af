/**
 * POST /api/v1/route/check (any signed-in user): the IMO POLARIS check of a ship's route for one forecast lead,
 * or with `{source: "chart", chart_id}` against an ice chart (chart-route-check.ts).
 * Body `{date, run: "free"|"assimilated", model_id?, lead_hours: 24|48|72, ice_class, waypoints:
 * [[lat, lon], ...], region?}` (2–500 waypoints; region `sector` when absent, or `arctic`). The forecast file is found through the database index as /forecast/hist
 * finds it (default model unless `model_id`), read with the project's NetCDF decoder; each sample takes the
 * values of the nearest cell (the cell whose area contains it). 422 for a malformed body, 404 without a file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ChartRouteCheckRequest, RouteCheckRequest } from '../../../../common/api-types/ship-route.ts';
import { readChartFeatures } from '../../icecharts/chart-files.ts';
import { findChart } from '../../icecharts/chart-repository.ts';
import { checkRouteOnChart } from './chart-route-check.ts';
import { ICE_CLASSES } from '../../../../common/polaris/polaris.ts';
import { isIsoDate, resolveInside } from '../../archive/file-store.ts';
import { defaultModel, findFile } from '../../archive/forecast-repository.ts';
import { HttpError } from '../../http-error.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { MissingLeadError, readLeadSlices } from './forecast-slices.ts';
import { greatCircleKm } from './great-circle.ts';
import { checkRoute, MAX_ROUTE_KM } from './route-check.ts';
import { LEAD_HOURS } from '../../../../common/forecast-file/leads.ts';
import { MAX_WAYPOINTS } from '../../../../common/forecast-file/limits.ts';
import { requestedRegion } from '../regions/region-query.ts';
import { inRegion } from '../archive-files/hist-route.ts';

const checkBody = {
  type: 'object',
  required: ['ice_class', 'waypoints'],
  // against a chart: its id; against a forecast (the default): date, run and lead
  if: { properties: { source: { const: 'chart' } }, required: ['source'] },
  then: { required: ['chart_id'] },
  else: { required: ['date', 'run', 'lead_hours'] },
  properties: {
    source: { type: 'string', enum: ['forecast', 'chart'], description: "what the route is checked against: a forecast lead (default) or an ice chart (`chart_id`)" },
    chart_id: { type: 'integer', minimum: 1, description: 'the ice chart (GET /api/v1/icecharts) with source "chart"' },
    date: { type: 'string', maxLength: 32 },
    run: { type: 'string', enum: ['free', 'assimilated'] },
    model_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    lead_hours: { type: 'integer', enum: [...LEAD_HOURS] },
    region: { type: 'string', maxLength: 32, description: "the forecast's region (sector | arctic); the sector when absent" },
    ice_class: { type: 'string', enum: ICE_CLASSES },
    waypoints: {
      type: 'array',
      minItems: 2,
      maxItems: MAX_WAYPOINTS,
      items: {
        type: 'array',
        minItems: 2,
        maxItems: 2,
        items: [
          { type: 'number', minimum: -90, maximum: 90 },
          { type: 'number', minimum: -180, maximum: 180 },
        ],
      },
    },
  },
} as const;

const nullableNumber = { type: ['number', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;
const sampleProperties = {
  lat: { type: 'number' },
  lon: { type: 'number' },
  distance_km: { type: 'number' },
  covered: { type: 'boolean', description: 'false outside the forecast area: beyond its grid, or a sea cell without a value' },
  concentration: nullableNumber,
  thickness_m: nullableNumber,
  ice_type: nullableString,
  rio: nullableNumber,
  category: nullableString,
} as const;
const sample = { type: 'object', properties: sampleProperties, required: Object.keys(sampleProperties) } as const;

const checkReply = {
  type: 'object',
  properties: {
    length_km: { type: 'number' },
    ice_length_km: { type: 'number' },
    outside_km: { type: 'number', description: 'length of the route outside the forecast area, km' },
    min_rio: nullableNumber,
    max_concentration: nullableNumber,
    max_thickness_m: nullableNumber,
    first_breach: { type: ['object', 'null'], properties: sampleProperties },
    samples: { type: 'array', items: sample },
  },
  required: ['length_km', 'ice_length_km', 'outside_km', 'min_rio', 'max_concentration', 'max_thickness_m', 'first_breach', 'samples'],
} as const;

/** Mounted at /route. */
export const shipRouteRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: RouteCheckRequest | ChartRouteCheckRequest }>(
    '/check',
    {
      onRequest: [requireUser],
      schema: { body: checkBody, response: { 200: checkReply, 404: errorReply, ...commonErrors } },
    },
    async (request) => {
      const { ice_class: iceClass, waypoints } = request.body;
      let length = 0;
      for (let k = 1; k < waypoints.length; k++) length += greatCircleKm(...waypoints[k - 1], ...waypoints[k]);
      if (length > MAX_ROUTE_KM) throw new HttpError(422, `the route is ${Math.round(length)} km long; at most ${MAX_ROUTE_KM} km are checked`);
      if ('source' in request.body && request.body.source === 'chart') {
        const chart = await findChart(app.db, request.body.chart_id);
        if (!chart) throw new HttpError(404, 'Ледовая карта не найдена');
        return checkRouteOnChart(await readChartFeatures(app.config.dataDir, chart.file), iceClass, waypoints);
      }
      const { date, run, model_id: requestedModel, lead_hours: leadHours, region: named } = request.body as RouteCheckRequest;
      const region = requestedRegion(named);
      if (!isIsoDate(date)) throw new HttpError(422, `"date" must be a calendar day as YYYY-MM-DD, got ${JSON.stringify(date)}`);

      const kind = run === 'assimilated' ? 'assim_forecast' : 'forecast';
      const modelId = requestedModel ?? (await defaultModel(app.db))?.model_id;
      const file = modelId ? await findFile(app.db, kind, modelId, date, region.id) : undefined;
      const what = `${run === 'assimilated' ? 'assimilated forecast' : 'forecast'} for ${date}${requestedModel ? ` and model ${requestedModel}` : ''}${inRegion(region)}`;
      if (!file) throw new HttpError(404, `No ${what}`);
      let slices;
      try {
        slices = await readLeadSlices(resolveInside(app.config.dataDir, file.path), file.etag, leadHours);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new HttpError(404, `The file of the ${what} is missing`);
        if (error instanceof MissingLeadError) throw new HttpError(404, error.message);
        throw error;
      }
      return checkRoute(slices, iceClass, waypoints);
    },
  );
};
