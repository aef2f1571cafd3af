/**
 * A date of the daily cycle in a region besides the sector (CYCLE_REGIONS, e.g. the whole Arctic): the region's
 * analysis (a real source's was ingested into it by ./date-analyses.ts; the demo's is computed here on the region's
 * own grid), then the runs of the default model and of every model marked `run_daily`, both runs, as for the
 * sector; a network (ONNX) only in the region it was trained for. Files there already are kept (the pipeline never
 * rewrites one).
 */
import { ensureAnalysis, runModel, type ArchiveContext } from '../archive/pipeline.ts';
import { findModel } from '../archive/forecast-repository.ts';
import { ONNX_MODEL_TYPE, networkRegion } from '../models/onnx/onnx-model.ts';
import type { Region, RegionId } from '../../../common/regions/index.ts';
import type { Db } from '../db/database.ts';

/** A region's step failed: the date's message names the region. */
export class RegionStepError extends Error {
  override name = 'RegionStepError';

  constructor(
    readonly region: Region,
    cause: unknown,
  ) {
    super(`${region.name}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Of `modelIds`, those that run in `region`: every model but a network trained for another region. */
export async function modelsIn(db: Db, modelIds: readonly string[], region: RegionId): Promise<string[]> {
  const out: string[] = [];
  for (const modelId of modelIds) {
    const model = await findModel(db, modelId);
    if (model && !(model.model_type === ONNX_MODEL_TYPE && networkRegion(model).id !== region)) out.push(modelId);
  }
  return out;
}

/** The files of `date` in `ctx.region` (relative to DATA_DIR): its analysis, then each model's two runs. */
export async function buildRegionDate(ctx: ArchiveContext & { region: Region }, date: string, modelIds: readonly string[]): Promise<string[]> {
  try {
    const files = [(await ensureAnalysis(ctx, date)).path];
    for (const modelId of await modelsIn(ctx.db, modelIds, ctx.region.id)) {
      for (const kind of ['assim_forecast', 'forecast'] as const) files.push((await runModel(ctx, modelId, date, kind)).path);
    }
    return files;
  } catch (error) {
    throw new RegionStepError(ctx.region, error);
  }
}
