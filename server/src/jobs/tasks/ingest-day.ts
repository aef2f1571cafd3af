/**
 * Worker task of POST /force_fetch_data: archive the analysis of `date` from the configured source (the demo
 * generator), write that day's forecast and assimilated forecast of the default model, then bring the
 * models' hindcast metrics up to date with the grown archive.
 */
import { buildDay, ensureAnalysis } from '../../archive/pipeline.ts';
import { recomputeMetrics } from '../../verification/hindcast-metrics.ts';
import { withArchive } from '../../archive/archive-in-thread.ts';

export interface IngestDayArgs {
  dataDir: string;
  /** The server's PostgreSQL (DATABASE_URL); absent: SQLite in dataDir. */
  databaseUrl?: string | null;
  /** 'YYYY-MM-DD'. */
  date: string;
}

export interface IngestDayResult {
  date: string;
  /** Files written or found, relative to DATA_DIR. */
  files: string[];
  metrics_recomputed: string[];
}

export async function run(args: IngestDayArgs, progress: (fraction: number, message?: string) => void): Promise<IngestDayResult> {
  return withArchive(args, async (ctx) => {
    progress(0.05, `загрузка анализа за ${args.date}`);
    await ensureAnalysis(ctx, args.date);
    progress(0.3, `расчёт прогнозов за ${args.date}`);
    const files = await buildDay(ctx, args.date);
    progress(0.6, 'пересчёт метрик моделей');
    const metrics = await recomputeMetrics(ctx);
    return { date: args.date, files: files.map((file) => file.path), metrics_recomputed: metrics.recomputed };
  });
}
