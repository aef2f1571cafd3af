/**
 * The app's wire types (src/api/*, common/api-types/*) against the published contract: for every endpoint
 * module, each field of the reply type the client reads must be a property of the reply schema, and each field
 * the schema requires must be in the type. The field lists are checked against the TypeScript types at compile
 * time (`satisfies Record<keyof T, true>`: a field added to or removed from a type breaks the typecheck until
 * it is listed here), and against the generated OpenAPI document at run time.
 */
import { describe, expect, it } from 'vitest';
import type { GenerateForecastRequest, GenerateModelRequest, StartedJob } from '../../../common/api-types/admin.ts';
import type { CycleChartFile, CycleDateView, CycleRegionView, CycleRetentionView, CycleStatus } from '../../../common/api-types/cycle.ts';
import type { IceChartCollection, IceChartList, IceChartSummary } from '../../../common/api-types/icecharts.ts';
import type { Job } from '../../../common/api-types/jobs.ts';
import type { RegionSummary } from '../../../common/regions/types.ts';
import type { RouteCheckRequest, RouteCheckResult, RouteSample } from '../../../common/api-types/ship-route.ts';
import type { VerificationChartSummaryRow, VerificationReply, VerificationRow, VerificationSpsRow, VerificationSummaryReply, VerificationSummaryRow, VerificationTruth } from '../../../common/api-types/verification.ts';
import type { ForecastInfo } from '../../../src/api/forecast.ts';
import type { Dataset, ModelArchitecture, ModelMetrics } from '../../../src/api/reports.ts';
import type { CurrentUser, Role } from '../../../src/api/users.ts';
import { makeApp } from '../helpers.ts';

const fields = <T>() => <F extends Record<keyof T, true>>(list: F & Record<Exclude<keyof F, keyof T>, never>) => Object.keys(list);

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}

const SCORES = {
  iiee_km2: true, iiee_over_km2: true, iiee_under_km2: true, edge_length_km: true, edge_distance_km: true, conc_rmse: true, conc_mae: true,
  conc_bias: true, thick_rmse: true, thick_bias: true, persistence_iiee_km2: true, persistence_conc_rmse: true, skill_iiee: true, skill_conc_rmse: true,
} as const;

/** The contract: [method, path, status or 'body', the app's fields of it, where the object sits]. */
const contract: [string, string, string, string[], (schema: Schema) => Schema | undefined][] = [
  ['get', '/api/v1/users/me', '200', fields<CurrentUser>()({ id: true, email: true, username: true, is_superuser: true, role_id: true, role: true }), (s) => s],
  ['get', '/api/v1/users/me', '200', fields<Role>()({ id: true, name: true }), (s) => s.properties?.role],
  ['get', '/api/v1/jobs/{id}', '200', jobFields(), (s) => s],
  ['get', '/api/v1/jobs', '200', jobFields(), (s) => s.items],
  ['post', '/api/v1/force_fetch_data', '202', fields<StartedJob>()({ job_id: true, message: true }), (s) => s],
  ['post', '/api/v1/models/generate', '202', fields<StartedJob>()({ job_id: true, message: true }), (s) => s],
  ['post', '/api/v1/models/generate', 'body', fields<GenerateModelRequest>()({ content: true, prompt_id: true, dataset: true, experiment_name: true }), (s) => s],
  ['post', '/api/v1/forecast/generate', 'body', fields<GenerateForecastRequest>()({ date: true, model_ids: true, region: true }), (s) => s],
  ['get', '/api/v1/forecast/info', '200', fields<ForecastInfo>()({ available_dates: true }), (s) => s],
  ['get', '/api/v1/report/model_architecture', '200', fields<ModelArchitecture>()({ model_id: true, model_type: true, hyperparameters: true, provenance: true, dataset_id: true, dataset_name: true, is_default: true, run_daily: true }), (s) => s.items],
  ['get', '/api/v1/cycle', '200', fields<CycleStatus>()({ schedule: true, next_run: true, last_run: true, disk_bytes: true, disk_free_bytes: true, disk_total_bytes: true, disk_reserve_bytes: true, retain_days: true, last_retention: true, dates: true, chart_source: true, charts: true, regions: true }), (s) => s],
  ['get', '/api/v1/cycle', '200', fields<CycleRegionView>()({ id: true, name: true, dates: true }), (s) => s.properties?.regions?.items],
  ['get', '/api/v1/cycle', '200', fields<CycleChartFile>()({ name: true, status: true, message: true, chart_id: true, seen_at: true }), (s) => s.properties?.charts?.items],
  ['get', '/api/v1/cycle', '200', fields<CycleDateView>()({ date: true, analysis: true, forecasts: true, verification: true, status: true, message: true }), (s) => s.properties?.dates?.items],
  ['get', '/api/v1/cycle', '200', fields<CycleRetentionView>()({ ran_at: true, dates: true, files: true, bytes: true, disk_bytes: true }), (s) => s.properties?.last_retention],
  ['get', '/api/v1/report/model_metrics', '200', fields<ModelMetrics>()({ model_id: true, metrics: true, verification: true }), (s) => s.items],
  ['get', '/api/v1/report/datasets', '200', fields<Dataset>()({ dataset_id: true, dataset_name: true, metadata: true }), (s) => s.items],
  ['post', '/api/v1/route/check', 'body', fields<RouteCheckRequest>()({ date: true, run: true, model_id: true, lead_hours: true, ice_class: true, waypoints: true, region: true }), (s) => s],
  ['post', '/api/v1/route/check', '200', routeResultFields(), (s) => s],
  ['post', '/api/v1/route/check', '200', routeSampleFields(), (s) => s.properties?.samples?.items],
  ['get', '/api/v1/verification', '200', fields<VerificationReply>()({ rows: true }), (s) => s],
  ['get', '/api/v1/verification', '200', verificationRowFields(), (s) => s.properties?.rows?.items],
  ['get', '/api/v1/verification', '200', fields<VerificationTruth>()({ source: true, label: true, demo: true }), (s) => s.properties?.rows?.items?.properties?.truth],
  ['get', '/api/v1/verification/summary', '200', fields<VerificationSummaryReply>()({ from: true, to: true, rows: true, sps: true, charts: true }), (s) => s],
  ['get', '/api/v1/verification/summary', '200', summaryRowFields(), (s) => s.properties?.rows?.items],
  ['get', '/api/v1/verification/summary', '200', chartSummaryRowFields(), (s) => s.properties?.charts?.items],
  ['get', '/api/v1/regions', '200', fields<RegionSummary>()({ id: true, name: true, crs: true, shape: true, bounds: true, extent: true }), (s) => s.items],
  ['get', '/api/v1/icecharts', '200', fields<IceChartList>()({ charts: true }), (s) => s],
  ['get', '/api/v1/icecharts', '200', fields<IceChartSummary>()({ id: true, source: true, valid_time: true, polygons: true, bbox: true, imported_at: true }), (s) => s.properties?.charts?.items],
  ['get', '/api/v1/icecharts/{id}', '200', fields<IceChartCollection>()({ type: true, chart: true, tolerance_km: true, features: true }), (s) => s],
  ['get', '/api/v1/verification/summary', '200', fields<VerificationSpsRow>()({ date: true, lead_hours: true, valid_date: true, members: true, sps_km2: true }), (s) => s.properties?.sps?.items],
];

function verificationRowFields(): string[] {
  return fields<VerificationRow>()({ date: true, lead_hours: true, valid_date: true, model_id: true, run: true, truth: true, n_cells: true, ...SCORES });
}

function summaryRowFields(): string[] {
  return fields<VerificationSummaryRow>()({ model_id: true, run: true, lead_hours: true, records: true, beats_persistence_share: true, ...SCORES });
}

function chartSummaryRowFields(): string[] {
  return fields<VerificationChartSummaryRow>()({ service: true, model_id: true, run: true, lead_hours: true, records: true, beats_persistence_share: true, ...SCORES });
}

function routeResultFields(): string[] {
  return fields<RouteCheckResult>()({
    length_km: true, ice_length_km: true, outside_km: true, min_rio: true, max_concentration: true, max_thickness_m: true, first_breach: true, samples: true,
  });
}

function routeSampleFields(): string[] {
  return fields<RouteSample>()({
    lat: true, lon: true, distance_km: true, covered: true, concentration: true, thickness_m: true, ice_type: true, rio: true, category: true,
  });
}

function jobFields(): string[] {
  return fields<Job>()({
    id: true, kind: true, status: true, progress: true, message: true, result: true, request: true,
    user_id: true, created_at: true, started_at: true, finished_at: true,
  });
}

describe('the app and the server agree on the wire', () => {
  it.each(contract.map((row) => [`${row[0].toUpperCase()} ${row[1]} ${row[2]}`, ...row] as const))('%s', async (_label, method, path, status, wanted, pick) => {
    const { app } = await makeApp();
    const document = (await app.inject({ url: '/api/v1/openapi.json' })).json();
    const operation = document.paths[path]?.[method];
    expect(operation, `${method} ${path} is in the contract`).toBeDefined();
    const root: Schema =
      status === 'body' ? operation.requestBody.content['application/json'].schema : operation.responses[status].content['application/json'].schema;
    const schema = pick(root);
    expect(schema?.properties, `${method} ${path} ${status} has an object schema`).toBeDefined();
    for (const field of wanted) expect(Object.keys(schema!.properties!), `${field} in ${method} ${path} ${status}`).toContain(field);
    for (const field of schema!.required ?? []) expect(wanted, `required ${field} known to the app`).toContain(field);
  });
});
