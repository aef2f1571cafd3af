/**
 * The cycle's scoring step, in one place: bring the models' hindcast metrics up to date with the grown archive
 * (`recomputeMetrics`: only models whose fingerprint changed, under the shared metrics lock).
 */
import type { ArchiveContext } from '../forecast/archive.ts';
import { recomputeMetrics } from '../forecast/hindcast-metrics.ts';

export interface VerificationStepResult {
  /** Models whose metrics were recomputed. */
  recomputed: string[];
}

export async function verificationStep(ctx: ArchiveContext): Promise<VerificationStepResult> {
  const metrics = await recomputeMetrics(ctx);
  return { recomputed: metrics.recomputed };
}
