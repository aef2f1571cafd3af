/**
 * Worker task of POST /analysis/import: the uploaded NetCDF file (already on disk) regridded once into each region
 * the server serves (CYCLE_REGIONS: the sector, the whole Arctic) that the file reaches, and archived there as the analysis of its date (the requested one, else
 * the file's own), with its provenance, under the dataset `imported_analysis`. The caller removes the upload
 * afterwards.
 */
import { readLocalFile } from '../../ingest/fetch-file.ts';
import { registerProductDatasets } from '../../ingest/datasets.ts';
import { russianFailure } from '../../ingest/failure.ts';
import { ingestAnalysis } from '../../ingest/ingest-analysis.ts';
import { withArchive } from '../../archive/archive-in-thread.ts';
import { REGIONS, regionById, type RegionId } from '../../../../common/regions/index.ts';

/** The dataset uploaded analyses are archived under. */
export const IMPORTED_ANALYSIS_ID = 'imported_analysis';

export interface ImportAnalysisArgs {
  dataDir: string;
  /** The server's PostgreSQL (DATABASE_URL); absent: SQLite in dataDir. */
  databaseUrl?: string | null;
  /** The upload on disk (DATA_DIR/ingest-tmp/…). */
  path: string;
  /** The name the client gave the file. */
  originalName: string;
  /** 'YYYY-MM-DD', or undefined for the file's own time. */
  date?: string;
  userId: number | null;
  /**
   * The regions to regrid into (CYCLE_REGIONS): a sector-only server does not pay the whole Arctic's 2.2 M cells and
   * its 70 MB mapping per import; absent (a job queued before this setting applied): every region.
   */
  regions?: readonly RegionId[];
}

export interface ImportAnalysisResult {
  date: string;
  /** The archived analysis, relative to DATA_DIR: the sector's when the file reaches it, else its one region's. */
  file: string;
  /** Each region the file reaches, with its archived analysis (relative to DATA_DIR). */
  regions: Array<{ region: RegionId; file: string }>;
  dataset_id: string;
  variables: string[];
  grid: string;
  sha256: string;
  /** The file's own label of the date and its calendar, when the file names that day otherwise (2020-02-30 in 360_day). */
  file_date?: string;
  calendar?: string;
}

export async function run(args: ImportAnalysisArgs, progress: (fraction: number, message?: string) => void): Promise<ImportAnalysisResult> {
  return withArchive(args, async (ctx) => {
    try {
      progress(0.05, `чтение файла ${args.originalName}`);
      const file = { ...(await readLocalFile(args.path)), name: args.originalName, source: `upload:${args.originalName}` };
      progress(0.2, 'пересчёт на сетки районов прогноза');
      const result = await ingestAnalysis(ctx, [{ product: 'upload', file }], {
        datasetId: IMPORTED_ANALYSIS_ID,
        sourceLabel: `загруженный файл ${args.originalName}`,
        date: args.date,
        userId: args.userId,
        regions: args.regions ? args.regions.map(regionById) : REGIONS,
      });
      const input = result.inputs[0];
      await registerProductDatasets(ctx.db, { datasetId: IMPORTED_ANALYSIS_ID, datasetName: 'Загруженные анализы', sourceLabel: 'файлы, загруженные администраторами' }, [
        { ...input, product: undefined, source: file.source },
      ]);
      progress(1, `анализ за ${result.date} записан`);
      return {
        date: result.date,
        ...(input.fileDate ? { file_date: input.fileDate.label, calendar: input.fileDate.calendar } : {}),
        file: result.record.path,
        regions: result.records.map((record) => ({ region: record.region, file: record.path })),
        dataset_id: IMPORTED_ANALYSIS_ID,
        variables: input.variables,
        grid: input.grid,
        sha256: input.sha256,
      };
    } catch (error) {
      throw russianFailure(error, `Не удалось импортировать анализ из файла ${args.originalName}`);
    }
  });
}
