/**
 * Worker task of POST /force_fetch_data with a real ANALYSIS_SOURCE: download (or read) the source's files of
 * `date`, regrid and archive the analysis with its provenance, write that day's forecast and assimilated
 * forecast of the default model from it, then bring the models' hindcast metrics up to date.
 */
import type { AnalysisSource } from '../../archive/analysis-source.ts';
import { ArchiveError, buildDay } from '../../archive/pipeline.ts';
import { recomputeMetrics } from '../../verification/hindcast-metrics.ts';
import { ingestFromSource, sourceIdentity } from '../../ingest/ingest-analysis.ts';
import { russianFailure } from '../../ingest/failure.ts';
import type { AnalysisSourceConfig } from '../../ingest/products.ts';
import { withArchive } from '../../archive/archive-in-thread.ts';

export interface FetchAnalysisArgs {
  dataDir: string;
  /** The server's PostgreSQL (DATABASE_URL); absent: SQLite in dataDir. */
  databaseUrl?: string | null;
  /** 'YYYY-MM-DD'. */
  date: string;
  source: Exclude<AnalysisSourceConfig, { kind: 'demo' }>;
  userId: number | null;
}

export interface FetchAnalysisResult {
  date: string;
  /** The analysis and forecast files, relative to DATA_DIR. */
  files: string[];
  dataset_id: string;
  inputs: Array<{ product: string; file: string; sha256: string; variables: string[]; grid: string }>;
  /** Bytes downloaded or read. */
  bytes: number;
  metrics_recomputed: string[];
}

const megabytes = (bytes: number) => (bytes / 1048576).toFixed(1).replace('.', ',');

export async function run(args: FetchAnalysisArgs, progress: (fraction: number, message?: string) => void): Promise<FetchAnalysisResult> {
  return withArchive(args, async (ctx) => {
    try {
      progress(0.02, `загрузка анализа за ${args.date}`);
      const ingested = await ingestFromSource(ctx, args.source, args.date, {
        userId: args.userId,
        onBytes: (product, loaded, total) =>
          progress(
            0.02 + 0.28 * (total ? Math.min(1, loaded / total) : 0),
            `загрузка ${product}: ${megabytes(loaded)}${total ? ` из ${megabytes(total)}` : ''} МБ (${loaded} байт)`,
          ),
      });
      progress(0.35, `анализ за ${args.date} записан; расчёт прогнозов`);
      const identity = sourceIdentity(args.source);
      const source: AnalysisSource = {
        ...identity,
        description: '',
        analysis: () => {
          throw new ArchiveError(`нет анализа ${identity.datasetId} за эту дату`);
        },
      };
      const files = await buildDay({ ...ctx, source }, args.date);
      progress(0.7, 'пересчёт метрик моделей');
      const metrics = await recomputeMetrics(ctx);
      return {
        date: args.date,
        files: files.map((file) => file.path),
        dataset_id: identity.datasetId,
        inputs: ingested.inputs.map(({ product, file, sha256, variables, grid }) => ({ product, file, sha256, variables, grid })),
        bytes: ingested.inputs.reduce((sum, input) => sum + input.bytes, 0),
        metrics_recomputed: metrics.recomputed,
      };
    } catch (error) {
      throw russianFailure(error, `Не удалось загрузить анализ за ${args.date}`);
    }
  });
}
