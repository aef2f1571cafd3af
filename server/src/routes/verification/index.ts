/**
 * GET /api/v1/verification and /verification/summary (signed-in users, any role): the verification records
 * (server/src/verification/) of one model's run over a period, against the analyses and against the ice charts
 * (truth `chart:{id}`), and their means per model, run and lead (the charts' apart, per service) with the
 * ensembles' probability scores. Read-only: the records are computed by the verification job, never here.
 * `region` (sector | arctic) chooses whose records, those against the ice charts included (each region's runs
 * against the chart laid on its own grid); without it the sector's, exactly as before the regions.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  VERIFICATION_RUNS,
  type VerificationChartSummaryRow,
  type VerificationReply,
  type VerificationRow,
  type VerificationRun,
  type VerificationSummaryReply,
} from '../../../../common/api-types/verification.ts';
import { demoSource } from '../../archive/analysis-source.ts';
import { isIsoDate } from '../../archive/file-store.ts';
import { defaultModel, findModel, listModels } from '../../archive/forecast-repository.ts';
import { HttpError } from '../../http-error.ts';
import { requireUser } from '../../plugins/guards.ts';
import { defaultPeriod } from '../../verification/period.ts';
import { summarise } from '../../verification/summary.ts';
import { listChartRecords } from '../../verification/chart-truth-repository.ts';
import { listEnsembles, listRecords, type RecordRow } from '../../verification/verification-repository.ts';
import { requestedRegion } from '../regions/region-query.ts';
import { commonErrors, errorReply } from '../common-schemas.ts';
import { periodQuery, rowsQuery, summaryReply, verificationReply } from './schemas.ts';
import { utcDay } from '../../../../common/utc-day.ts';

interface PeriodQuery {
  from?: string;
  to?: string;
  region?: string;
}

function period(query: PeriodQuery): { from: string; to: string } {
  for (const name of ['from', 'to'] as const) {
    const value = query[name];
    if (value !== undefined && !isIsoDate(value)) throw new HttpError(422, `"${name}" must be a calendar day as YYYY-MM-DD, got ${JSON.stringify(value)}`);
  }
  const to = query.to ?? (query.from && query.from > utcDay() ? query.from : utcDay());
  const from = query.from ?? defaultPeriod(to).from;
  if (from > to) throw new HttpError(422, `"from" (${from}) is after "to" (${to})`);
  return { from, to };
}

function toRow(record: Omit<RecordRow, 'region'> & { region?: string }): VerificationRow {
  const { truth_source, truth_label, forecast_id: _f, analysis_id: _a, persistence_id: _p, version: _v, region: _r, ...rest } = record;
  return {
    ...rest,
    run: record.run as VerificationRun,
    truth: { source: truth_source, label: truth_label, demo: truth_source === demoSource.datasetId },
  };
}

/** The region's records against the analyses, then those against the ice charts (truth `chart:{id}`), by date then lead. */
async function recordRows(app: FastifyInstance, filter: Parameters<typeof listRecords>[1]): Promise<{ analyses: VerificationRow[]; charts: VerificationRow[] }> {
  const analyses = (await listRecords(app.db, filter)).map(toRow);
  const charts = (await listChartRecords(app.db, filter)).map(({ chart_id: _chart, ...record }) => toRow(record));
  return { analyses, charts };
}

/** Means per service of the charts, then per model, run and lead. */
function chartSummary(rows: VerificationRow[], order: string[]): VerificationChartSummaryRow[] {
  const services = [...new Set(rows.map((row) => row.truth.label))].sort();
  return services.flatMap((service) => summarise(rows.filter((row) => row.truth.label === service), order).map((row) => ({ service, ...row })));
}

/** Mounted at /verification. */
export const verificationRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: PeriodQuery & { model_id?: string; run?: string } }>(
    '/',
    {
      onRequest: [requireUser],
      schema: {
        description: 'Verification records of one model and run, by start date then lead.',
        querystring: rowsQuery,
        response: { 200: verificationReply, 404: errorReply, ...commonErrors },
      },
    },
    async (request): Promise<VerificationReply> => {
      const { model_id: requested, run = 'forecast' } = request.query;
      const region = requestedRegion(request.query.region).id;
      if (!(VERIFICATION_RUNS as readonly string[]).includes(run)) {
        throw new HttpError(422, `"run" must be one of ${VERIFICATION_RUNS.join(', ')}, got ${JSON.stringify(run)}`);
      }
      const { from, to } = period(request.query);
      const model = requested ? await findModel(app.db, requested) : await defaultModel(app.db);
      if (!model) throw new HttpError(404, requested ? `Unknown model ${requested}` : 'No default model');
      const { analyses, charts } = await recordRows(app, { modelId: model.model_id, run, from, to, region });
      const byDate = (a: VerificationRow, b: VerificationRow) => a.date.localeCompare(b.date) || a.lead_hours - b.lead_hours;
      return { rows: [...analyses, ...charts].sort(byDate) };
    },
  );

  app.get<{ Querystring: PeriodQuery }>(
    '/summary',
    {
      onRequest: [requireUser],
      schema: {
        description: 'Per model, run and lead: the mean of each score over the period and the share of runs better than persistence (by IIEE); the ensemble probability score (SPS) per date and lead.',
        querystring: periodQuery,
        response: { 200: summaryReply, ...commonErrors },
      },
    },
    async (request): Promise<VerificationSummaryReply> => {
      const { from, to } = period(request.query);
      const region = requestedRegion(request.query.region).id;
      const { analyses, charts } = await recordRows(app, { from, to, region });
      const order = (await listModels(app.db)).map((m) => m.model_id);
      const sps = (await listEnsembles(app.db, from, to, region)).map(({ date, lead_hours, valid_date, members, sps_km2 }) => ({ date, lead_hours, valid_date, members, sps_km2 }));
      return { from, to, rows: summarise(analyses, order), sps, charts: chartSummary(charts, order) };
    },
  );
};
