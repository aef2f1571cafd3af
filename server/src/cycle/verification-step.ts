/**
 * The cycle's scoring step, in one place: every missing verification record (`verifyArchive`: idempotent, under
 * its own lock; records outlive the files they were made from), those against the ice charts
 * (`verifyChartTruths`: a chart the cycle took in, or a forecast of a charted date), then the models' hindcast metrics
 * (`recomputeMetrics`: only models whose fingerprint changed). Retention runs only after this step succeeded, so
 * a date's files are never removed before the records that need them exist.
 */
import type { ArchiveContext } from '../archive/pipeline.ts';
import { recomputeMetrics } from '../verification/hindcast-metrics.ts';
import { verifyChartTruths, type ChartVerifyResult } from '../verification/chart-truth.ts';
import { verifyArchive } from '../verification/verify-archive.ts';

export interface VerificationStepResult {
  /** Verification records computed now, and those already current. */
  computed: number;
  unchanged: number;
  /** Runs that could not be scored (`model run date: reason`). */
  failed: string[];
  /** Models whose metrics were recomputed. */
  recomputed: string[];
  /** The records against the ice charts. */
  charts: ChartVerifyResult;
}

export async function verificationStep(ctx: ArchiveContext, onProgress?: (fraction: number, message: string) => void): Promise<VerificationStepResult> {
  const records = await verifyArchive(ctx, { onProgress });
  const charts = await verifyChartTruths(ctx);
  const metrics = await recomputeMetrics(ctx);
  return { computed: records.computed, unchanged: records.unchanged, failed: records.failed, recomputed: metrics.recomputed, charts };
}
