/**
 * /api/v1/icecharts: the ice services' SIGRID-3 charts. POST (admin) imports one (import-chart.ts); GET lists them
 * by valid time; GET /{id} sends one as GeoJSON (EPSG:4326, raw and decoded codes), brotli or gzip from copies made
 * once, with an ETag; `?tolerance_km=` simplifies outlines for slow links. Everyone signed in reads.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createReadStream, statSync } from 'node:fs';
import { HttpError } from '../../http-error.ts';
import { ChartBodies } from '../../icecharts/chart-files.ts';
import { chartSummary, findChart, listCharts } from '../../icecharts/chart-repository.ts';
import { parseValidTime } from '../../icecharts/valid-time.ts';
import { requireUser } from '../../plugins/guards.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { chooseEncoding, etagMatches } from '../archive-files/send-netcdf.ts';
import { importChartRoute } from './import-chart.ts';
import { chartCollectionSchema, chartListQuery, chartListSchema, chartParams, chartQuery } from './schemas.ts';

/** A bound of the list: a date alone covers its whole day at `to`. */
function bound(text: string | undefined, name: 'from' | 'to'): string | undefined {
  if (text === undefined || text === '') return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text.trim());
  const time = parseValidTime(dateOnly && name === 'to' ? `${text.trim()}T23:59:59.999Z` : text);
  if (time === null) throw new HttpError(422, `Параметр ${name} должен быть датой или временем ISO 8601, получено ${JSON.stringify(text)}`);
  return time;
}

/** Mounted at /icecharts. */
export const iceChartRoutes: FastifyPluginAsync = async (app) => {
  app.decorate('iceChartBodies', new ChartBodies(app.config.dataDir));
  await importChartRoute(app);

  app.get<{ Querystring: { from?: string; to?: string } }>(
    '/',
    { onRequest: [requireUser], schema: { querystring: chartListQuery, response: { 200: chartListSchema, ...commonErrors } } },
    async (request) => {
      const rows = await listCharts(app.db, bound(request.query.from, 'from'), bound(request.query.to, 'to'));
      return { charts: rows.map(chartSummary) };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { tolerance_km: number } }>(
    '/:id',
    {
      onRequest: [requireUser],
      // Bodies come compressed from disk; @fastify/compress must not compress them again.
      compress: false,
      schema: { params: chartParams, querystring: chartQuery, response: { 200: chartCollectionSchema, 404: errorReply, ...commonErrors } },
    },
    async (request, reply) => {
      const row = await findChart(app.db, request.params.id);
      if (!row) throw new HttpError(404, 'Ледовая карта не найдена');
      // 0.1 km steps: nearby tolerances share one body
      const tolerance = Math.round(request.query.tolerance_km * 10) / 10;
      const summary = chartSummary(row);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      const etag = app.iceChartBodies.etag(summary, row.sha256, tolerance);
      const tag = encoding ? etag.replace(/"$/, `-${encoding}"`) : etag;
      reply.header('etag', tag).header('vary', 'Accept-Encoding').header('cache-control', 'private, no-cache').type('application/geo+json');
      if (etagMatches(request.headers['if-none-match'], tag)) return reply.code(304).send();
      const path = await app.iceChartBodies.body(summary, row.file, etag, tolerance, encoding);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.header('content-length', statSync(path).size).send(createReadStream(path));
    },
  );
};
