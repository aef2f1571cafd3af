/**
 * GET …/hist and …/info of the archive's files, shared by the /forecast, /assim_forecast and /analysis resources
 * (signed-in users). `date` must be a real 'YYYY-MM-DD' day (else 422) and `model_id` an id of letters, digits,
 * '_' or '-'; the file is found through the database index, never by building a path from the query, and its path
 * is checked to stay inside the data folder.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { isIsoDate, resolveInside } from '../../archive/file-store.ts';
import type { FileKind } from '../../archive/forecast-file.ts';
import { defaultModel, findFile, type FileRecord } from '../../archive/forecast-repository.ts';
import { HttpError } from '../../http-error.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { ensureWhole } from './damaged-file.ts';
import { sendNetcdf } from './send-netcdf.ts';
import { parseSubsetQuery, sendSubset } from './send-subset.ts';
import { regionSummary, type Region } from '../../../../common/regions/index.ts';
import { regionQueryProperty, regionReply, requestedRegion } from '../regions/region-query.ts';

interface HistQuery {
  date?: string;
  model_id?: string;
  /** Subset, so a slow link fetches only the slices in view: comma-separated variable names and lead hours (forecast/subset.ts). */
  variables?: string;
  lead?: string;
  /** Preview, a quarter of the cells to draw first: 2 = every 2nd cell in latitude and longitude; 1 or absent = every cell. */
  stride?: string;
  /** The region whose file is asked for (sector | arctic); the sector when absent. */
  region?: string;
  /** west,south,east,north (degrees): only the window of the grid covering the box (a ship's sea on a slow link). */
  bbox?: string;
  /** `axes`, with `bbox`: the window without its 2-D latitude/longitude (placed by its x/y or 1-D axes). */
  coordinates?: string;
}

const histQuery = {
  type: 'object',
  properties: {
    date: { type: 'string', maxLength: 32 },
    model_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    variables: { type: 'string', maxLength: 1024 },
    lead: { type: 'string', maxLength: 256 },
    stride: { type: 'string', maxLength: 16 },
    bbox: { type: 'string', maxLength: 128, description: 'west,south,east,north (degrees; west > east crosses 180°): only the window of the grid covering it' },
    coordinates: { type: 'string', maxLength: 16, description: "'axes', with bbox: the window without its 2-D latitude/longitude (placed by its 1-D axes)" },
    ...regionQueryProperty,
  },
} as const;

/** How a /hist route finds its file, and how it names what it did not find. */
export interface HistLookup {
  kind: FileKind;
  find(app: FastifyInstance, date: string, modelId: string | undefined, region: Region): Promise<FileRecord | undefined>;
  notFound(date: string, modelId: string | undefined, region: Region): string;
}

/** ' in region arctic' when a region was named, nothing for the sector (whose messages stay as they were). */
export const inRegion = (region: Region): string => (region.id === 'sector' ? '' : ` in region ${region.id}`);

export const runLookup = (kind: 'forecast' | 'assim_forecast'): HistLookup => ({
  kind,
  find: async (app, date, requested, region) => {
    const modelId = requested ?? (await defaultModel(app.db))?.model_id;
    return modelId ? findFile(app.db, kind, modelId, date, region.id) : undefined;
  },
  notFound: (date, requested, region) =>
    `No ${kind === 'forecast' ? 'forecast' : 'assimilated forecast'} for ${date}${requested ? ` and model ${requested}` : ''}${inRegion(region)}`,
});

export function histRoute(lookup: HistLookup): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: HistQuery }>(
      '/hist',
      {
        onRequest: [requireUser],
        // Files come pre-compressed from disk; @fastify/compress must not compress them again.
        compress: false,
        schema: {
          querystring: histQuery,
          response: { 404: errorReply, 416: errorReply, 503: errorReply, ...commonErrors },
        },
      },
      async (request, reply) => {
        const { date, model_id: requestedModel } = request.query;
        if (date === undefined || date === '') throw new HttpError(422, 'query parameter "date" is required (YYYY-MM-DD)');
        if (!isIsoDate(date)) throw new HttpError(422, `"date" must be a calendar day as YYYY-MM-DD, got ${JSON.stringify(date)}`);
        const region = requestedRegion(request.query.region);
        const selection = parseSubsetQuery(request.query);
        const file = await lookup.find(app, date, requestedModel, region);
        if (!file) throw new HttpError(404, lookup.notFound(date, requestedModel, region));
        let path: string;
        try {
          path = resolveInside(app.config.dataDir, file.path);
        } catch {
          throw new HttpError(404, `No file for ${date}`);
        }
        // Truncated, rewritten or deleted behind our back: 503 at once, marked for the next run (damaged-file.ts).
        await ensureWhole(app, path, file);
        try {
          const name = `${lookup.kind}_${file.owner}_${date}${region.id === 'sector' ? '' : `_${region.id}`}.nc`;
          // Whoever opens a date first (its header range, a subset or the whole file) puts that file's subsets
          // ahead of other files' in the warmer's queue: the switches that follow find them made. After the
          // answer has started, off the request's path (the warmer reads the file's header).
          if (app.config.subsetWarm) setImmediate(() => app.subsetWarmer.warm(path, file.etag, { front: true }));
          if (selection) return await sendSubset(request, reply, path, file.etag, name, selection);
          return await sendNetcdf(request, reply, path, file.etag, name);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new HttpError(404, `The file for ${date} is missing`);
          throw error;
        }
      },
    );
  };
}

const infoReply = {
  type: 'object',
  properties: {
    available_dates: { type: 'array', items: { type: 'string' } },
    // Only when the request named a region: without `region` the reply is the spec's, `available_dates` alone.
    region: regionReply,
  },
  required: ['available_dates'],
} as const;

const infoQuery = { type: 'object', properties: { ...regionQueryProperty } } as const;

/**
 * GET …/info: `{available_dates}`, the dates `dates` finds in the region (each resource knows its own files); with
 * `?region=` also that region's summary, as `GET /regions` lists it.
 */
export function infoRoute(dates: (app: FastifyInstance, region: Region) => Promise<string[]>): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { region?: string } }>(
      '/info',
      { onRequest: [requireUser], schema: { querystring: infoQuery, response: { 200: infoReply, ...commonErrors } } },
      async (request) => {
        const named = request.query.region;
        const region = requestedRegion(named);
        const available_dates = await dates(app, region);
        return named === undefined ? { available_dates } : { available_dates, region: regionSummary(region) };
      },
    );
  };
}
