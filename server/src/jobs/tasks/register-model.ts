/**
 * Worker task of POST /models/generate, after the generator produced a valid spec: register the model and
 * compute its hindcast metrics. If the metrics fail the model is removed again, so a failed job registers
 * nothing.
 */
import { deleteModel, findModel, insertModel, modelMetrics, type ModelRecord } from '../../archive/forecast-repository.ts';
import { recomputeMetrics } from '../../verification/hindcast-metrics.ts';
import { withArchive } from '../../archive/archive-in-thread.ts';

export interface RegisterModelArgs {
  dataDir: string;
  /** The server's PostgreSQL (DATABASE_URL); absent: SQLite in dataDir. */
  databaseUrl?: string | null;
  model: Omit<ModelRecord, 'is_default'>;
}

export interface RegisterModelResult {
  model_id: string;
  model_type: string;
  hyperparameters: Record<string, unknown>;
  metrics: Record<string, number>;
}

export async function run(
  args: RegisterModelArgs,
  progress: (fraction: number, message?: string) => void,
): Promise<RegisterModelResult> {
  return withArchive(args, async (ctx) => {
    const { model } = args;
    if (!(await insertModel(ctx.db, { ...model, is_default: false }))) {
      throw new Error(`a model named ${model.model_id} already exists`);
    }
    try {
      progress(0.2, `расчёт метрик модели ${model.model_id} по ретроспективным прогнозам`);
      await recomputeMetrics(ctx, { modelIds: [model.model_id], force: true });
    } catch (error) {
      // Metrics cascade with the model row (migration 3).
      await deleteModel(ctx.db, model.model_id);
      throw error;
    }
    const stored = (await findModel(ctx.db, model.model_id))!;
    return {
      model_id: stored.model_id,
      model_type: stored.model_type,
      hyperparameters: stored.hyperparameters,
      metrics: (await modelMetrics(ctx.db)).get(model.model_id) ?? {},
    };
  });
}
