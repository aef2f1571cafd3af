/**
 * Model metrics from hindcasts: every model is started from every archived analysis, and each lead time is
 * scored against the analysis of its valid date when the archive has it. Scores are averaged over start dates.
 * The analyses and the in-memory runs are the verification records' (analyses.ts `analysesFor`, forecast-runs.ts
 * `computedRun`): a model generated for a dataset uses only that dataset's analyses when there are any.
 *
 * Names (flat, as GET /report/model_metrics returns them):
 *   rmse, mae, ssim                      sea-ice concentration (the target variable), mean over lead times;
 *   rmse_24h, mae_24h, ssim_24h, ...     concentration at each lead time;
 *   rmse_thickness, mae_thickness, ssim_thickness   thickness (m), mean over lead times;
 *   rmse_speed, mae_speed, ssim_speed    drift speed (m/s), mean over lead times.
 * Direction is not scored on its own: an angle's error is ill-defined where the ice is nearly still.
 * SSIM data ranges: concentration 1, thickness 4 m, speed 0.3 m/s (the spans the variables take).
 *
 * A model's metrics are recomputed only when its fingerprint (type, hyperparameters, the analyses' identities,
 * grid) changes, so calling recomputeMetrics after every archive or model change is cheap when nothing changed.
 */
import { createHash } from 'node:crypto';
import { LOCK_KEYS, withLock } from '../db/locks.ts';
import { sectorState, type ArchiveContext } from '../archive/pipeline.ts';
import { AnalysisArchive, analysesFor } from './analyses.ts';
import { computedRun } from './forecast-runs.ts';
import { MissingHistoryError } from '../models/onnx/session.ts';
import { ONNX_MODEL_TYPE, networkRegion } from '../models/onnx/onnx-model.ts';
import { listModels, metricsFingerprint, saveMetrics, type ModelRecord } from '../archive/forecast-repository.ts';
import { LEAD_HOURS } from '../grid/grid.ts';
import { driftSpeed, type IceState } from '../grid/ice-state.ts';
import { scoreField, type Scores } from '../../../common/verification/hindcast-scores.ts';
import { importedDates, importedFingerprint, importedRun, isExternal } from '../ingest/external-model.ts';
import { addDays } from '../../../common/utc-day.ts';

/** Bump when the way metrics are computed changes, so stored ones are recomputed. */
const METRICS_VERSION = 1;

const VARIABLES = [
  { key: 'concentration', range: 1, pick: (s: IceState) => s.concentration },
  { key: 'thickness', range: 4, pick: (s: IceState) => s.thickness },
  { key: 'speed', range: 0.3, pick: driftSpeed },
] as const;

async function fingerprint(model: ModelRecord, analyses: AnalysisArchive, ctx: ArchiveContext): Promise<string> {
  // External models (imported forecasts): their runs are files, which change when a forecast is imported.
  const runs = isExternal(model) ? await importedFingerprint(ctx, model.model_id) : undefined;
  // `d` only for a model scored on its own dataset's analyses. The analyses by their ETags, as the records name
  // them: a real analysis replacing the demo's under the same date changes the scores.
  const d = analyses.datasetId ?? undefined;
  const truths = analyses.dates().map((date) => analyses.files.get(date)!.etag);
  const payload = JSON.stringify({ v: METRICS_VERSION, t: model.model_type, h: model.hyperparameters, truths, grid: ctx.grid ?? null, runs, d });
  return createHash('sha256').update(payload).digest('hex');
}

type Sums = Record<string, { rmse: number; mae: number; ssim: number; n: number }>;

function add(sums: Sums, key: string, s: Scores): void {
  if (!Number.isFinite(s.rmse)) return;
  const entry = (sums[key] ??= { rmse: 0, mae: 0, ssim: 0, n: 0 });
  entry.rmse += s.rmse;
  entry.mae += s.mae;
  entry.ssim += Number.isFinite(s.ssim) ? s.ssim : 0;
  entry.n++;
}

/** A computed model's assimilated run from `date`; none when the archive lacks the history days a network reads. */
async function hindcast(ctx: ArchiveContext, model: ModelRecord, date: string, analyses: AnalysisArchive): Promise<IceState[] | undefined> {
  try {
    return (await computedRun(ctx, model, 'assim_forecast', date, analyses)?.states())?.map(sectorState);
  } catch (error) {
    if (error instanceof MissingHistoryError) return undefined;
    throw error;
  }
}

/** Hindcast scores of one model over the given analyses. Empty when no lead can be verified. */
async function hindcastMetrics(ctx: ArchiveContext, model: ModelRecord, analyses: AnalysisArchive): Promise<Record<string, number>> {
  const dates = analyses.dates();
  const have = new Set(dates);
  const sums: Sums = {};
  // An external model's runs are its imported files (started on their own dates); the others are computed.
  const starts = isExternal(model) ? await importedDates(ctx.db, model.model_id) : dates;
  for (const date of starts) {
    const verifiable = LEAD_HOURS.map((h) => addDays(date, h / 24)).filter((d) => have.has(d));
    if (verifiable.length === 0) continue;
    const run = isExternal(model) ? await importedRun(ctx, model.model_id, date) : await hindcast(ctx, model, date, analyses);
    if (!run) continue;
    for (const [lead, hours] of LEAD_HOURS.entries()) {
      const valid = addDays(date, hours / 24);
      if (!have.has(valid)) continue;
      const truth = sectorState(await analyses.state(valid));
      const { nlon, nlat } = truth.grid;
      for (const variable of VARIABLES) {
        const scores = scoreField(variable.pick(run[lead]), variable.pick(truth), nlon, nlat, variable.range);
        add(sums, `${variable.key}_${hours}h`, scores);
      }
    }
  }
  const metrics: Record<string, number> = {};
  const mean = (key: string, what: 'rmse' | 'mae' | 'ssim') => (sums[key] ? sums[key][what] / sums[key].n : NaN);
  const overLeads = (variable: string, what: 'rmse' | 'mae' | 'ssim') => {
    const values = LEAD_HOURS.map((h) => mean(`${variable}_${h}h`, what)).filter(Number.isFinite);
    return values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
  };
  for (const what of ['rmse', 'mae', 'ssim'] as const) metrics[what] = overLeads('concentration', what);
  for (const h of LEAD_HOURS) for (const what of ['rmse', 'mae', 'ssim'] as const) metrics[`${what}_${h}h`] = mean(`concentration_${h}h`, what);
  for (const variable of ['thickness', 'speed']) {
    for (const what of ['rmse', 'mae', 'ssim'] as const) metrics[`${what}_${variable}`] = overLeads(variable, what);
  }
  for (const key of Object.keys(metrics)) if (!Number.isFinite(metrics[key])) delete metrics[key];
  return metrics;
}

export interface RecomputeResult {
  /** Models whose metrics were computed now. */
  recomputed: string[];
  /** Models whose metrics were already up to date. */
  unchanged: string[];
}

/**
 * Bring every model's metrics up to date with the archive (or only `modelIds`). One recomputation at a time
 * across the processes of one database (db/locks.ts): a second caller waits, then finds the fingerprints
 * current and computes nothing again.
 */
export async function recomputeMetrics(
  ctx: ArchiveContext,
  options: { force?: boolean; modelIds?: string[] } = {},
): Promise<RecomputeResult> {
  return withLock(ctx.db, LOCK_KEYS.metrics, () => recomputeUnlocked(ctx, options));
}

async function recomputeUnlocked(ctx: ArchiveContext, options: { force?: boolean; modelIds?: string[] }): Promise<RecomputeResult> {
  const shared = await AnalysisArchive.open(ctx);
  const result: RecomputeResult = { recomputed: [], unchanged: [] };
  for (const model of await listModels(ctx.db)) {
    if (options.modelIds && !options.modelIds.includes(model.model_id)) continue;
    // The hindcasts run on the sector's analyses: a network trained for another region has none here.
    if (model.model_type === ONNX_MODEL_TYPE && networkRegion(model).id !== 'sector') continue;
    // A model generated for a dataset is scored on that dataset's analyses when the archive has them.
    const analyses = await analysesFor(ctx, model, shared);
    const print = await fingerprint(model, analyses, ctx);
    if (!options.force && (await metricsFingerprint(ctx.db, model.model_id)) === print) {
      result.unchanged.push(model.model_id);
      continue;
    }
    const started = performance.now();
    const metrics = await hindcastMetrics(ctx, model, analyses);
    await saveMetrics(ctx.db, model.model_id, metrics, print);
    ctx.log?.info({ model: model.model_id, ms: Math.round(performance.now() - started) }, 'model metrics computed');
    result.recomputed.push(model.model_id);
  }
  return result;
}
