/**
 * The one scoring pipeline: everything scored against the archive, brought up to date after any change to it, in
 * this order: the verification records (`verifyArchive`: every run, per lead; the ensembles' SPS), the records
 * against the ice charts (`verifyChartTruths`), then the models' hindcast metrics (`recomputeMetrics`: only models
 * whose fingerprint changed). All read the analyses through `analyses.ts` and compute runs in memory through
 * `forecast-runs.ts`. Idempotent and cheap when nothing changed; each step under its own lock (db/locks.ts).
 * Regions: the records are brought up to date in every region (each against its own analyses); the records
 * against the ice charts and the hindcast metrics are the sector's.
 * Another kind of scores to keep current is one more step here, so that every trigger (`scoring.ts`: after each
 * job and the daily cycle, at startup) runs it.
 */
import type { ArchiveContext } from '../archive/pipeline.ts';
import { verifyChartTruths, type ChartVerifyResult } from './chart-truth.ts';
import { recomputeMetrics } from './hindcast-metrics.ts';
import { verifyArchive, type VerifyResult } from './verify-archive.ts';

export interface ScoreOptions {
  /** Only these models' records and metrics (the ensemble scores are always brought up to date). */
  modelIds?: string[];
  /** 0..1 and a Russian message, for a job's progress. */
  onProgress?: (fraction: number, message: string) => void;
}

export interface ScoreResult extends VerifyResult {
  /** The records against the ice charts. */
  charts: ChartVerifyResult;
  /** Models whose hindcast metrics were computed now. */
  metrics_recomputed: string[];
}

/** Shares of the progress: the records against the analyses, then the charts' (few and quick); the metrics the rest
 * (usually nothing, when no fingerprint changed). */
const RECORDS_SHARE = 0.75;
const CHARTS_SHARE = 0.05;

/** What `scoreCharts` did. */
export interface ChartScoreResult {
  charts: ChartVerifyResult;
}

/**
 * Only the records against these charts: what a chart import can have made stale (a chart changes no forecast,
 * no analysis and no model, so the other steps would find nothing to do after reading the whole index).
 */
export async function scoreCharts(ctx: ArchiveContext, chartIds: number[], onProgress?: (fraction: number, message: string) => void): Promise<ChartScoreResult> {
  return { charts: await verifyChartTruths(ctx, { chartIds, onProgress }) };
}

export async function scoreArchive(ctx: ArchiveContext, options: ScoreOptions = {}): Promise<ScoreResult> {
  const progress = options.onProgress ?? (() => undefined);
  const records = await verifyArchive(ctx, { modelIds: options.modelIds, onProgress: (fraction, message) => progress(RECORDS_SHARE * fraction, message) });
  const charts = await verifyChartTruths(ctx, { onProgress: (fraction, message) => progress(RECORDS_SHARE + CHARTS_SHARE * fraction, message) });
  progress(RECORDS_SHARE + CHARTS_SHARE, 'пересчёт метрик моделей');
  const metrics = await recomputeMetrics(ctx, { modelIds: options.modelIds });
  progress(1, `оценено прогнозов: ${records.computed}`);
  return { ...records, charts, metrics_recomputed: metrics.recomputed };
}
