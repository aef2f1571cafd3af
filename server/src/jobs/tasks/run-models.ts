/**
 * Worker task of POST /forecast/generate: run each chosen model for `date` and write its files — the run
 * from the analysis of the date (assim_forecast) and the free run (forecast, the file /forecast/hist?model_id=
 * serves). Files that exist are kept (the archive never rewrites a file).
 */
import { runModel } from '../../archive/pipeline.ts';
import { withArchive } from '../../archive/archive-in-thread.ts';
import { regionById, type RegionId } from '../../../../common/regions/index.ts';

export interface RunModelsArgs {
  dataDir: string;
  /** The server's PostgreSQL (DATABASE_URL); absent: SQLite in dataDir. */
  databaseUrl?: string | null;
  date: string;
  modelIds: string[];
  /** The region whose files are written; the sector when absent. */
  region?: RegionId;
}

export interface RunModelsResult {
  date: string;
  model_ids: string[];
  /** Files per model, relative to DATA_DIR. */
  files: Record<string, string[]>;
  /** Only when the request named a region. */
  region?: RegionId;
}

const KINDS = ['assim_forecast', 'forecast'] as const;

export async function run(args: RunModelsArgs, progress: (fraction: number, message?: string) => void): Promise<RunModelsResult> {
  return withArchive(args, async (archive) => {
    const ctx = args.region ? { ...archive, region: regionById(args.region) } : archive;
    const files: Record<string, string[]> = {};
    const steps = args.modelIds.length * KINDS.length;
    let done = 0;
    for (const modelId of args.modelIds) {
      files[modelId] = [];
      for (const kind of KINDS) {
        progress(done / steps, `расчёт модели ${modelId} за ${args.date} (${kind === 'assim_forecast' ? 'ассимилированный' : 'свободный'} прогноз)`);
        const record = await runModel(ctx, modelId, args.date, kind);
        files[modelId].push(record.path);
        done++;
      }
    }
    progress(1, `готово прогнозов моделей: ${args.modelIds.length}`);
    return { date: args.date, model_ids: args.modelIds, files, ...(args.region && { region: args.region }) };
  });
}
