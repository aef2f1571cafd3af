/**
 * Worker task of POST /forecast/import: the uploaded forecast of another system, regridded lead by lead
 * (+24/+48/+72 h, interpolated in time between the file's steps) into the region asked (the sector by default; the
 * same regridding as an analysis's), archived as the `forecast` run of the external model `model_id` on its date
 * in that region with provenance, then that model's metrics against the analyses.
 */
import { LEAD_HOURS } from '../../grid/grid.ts';
import { recomputeMetrics } from '../../verification/hindcast-metrics.ts';
import { EXTERNAL_MODEL_TYPE, registerExternalModel } from '../../ingest/external-model.ts';
import { readLocalFile } from '../../ingest/fetch-file.ts';
import { russianFailure } from '../../ingest/failure.ts';
import { convertForecast, type LeadSource } from '../../ingest/forecast-import.ts';
import { openInput } from '../../ingest/ingest-analysis.ts';
import { storeWithProvenance } from '../../ingest/store.ts';
import { regionById, type RegionId } from '../../../../common/regions/index.ts';
import { withArchive } from '../../archive/archive-in-thread.ts';

export interface ImportForecastArgs {
  dataDir: string;
  /** The server's PostgreSQL (DATABASE_URL); absent: SQLite in dataDir. */
  databaseUrl?: string | null;
  path: string;
  originalName: string;
  modelId: string;
  date?: string;
  /** The region to regrid into; the sector when absent. */
  region?: RegionId;
  userId: number | null;
}

export interface ImportForecastResult {
  model_id: string;
  date: string;
  file: string;
  variables: string[];
  grid: string;
  sha256: string;
  leads: Array<{ hours: number; from: LeadSource }>;
  metrics_recomputed: string[];
  /** The file's own labels of the steps read and its calendar, when the file names them otherwise (360_day). */
  file_dates?: string[];
  calendar?: string;
  /** The region the run was regridded into, when not the sector (a sector import's result is as before). */
  region?: RegionId;
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/[\0\s]+$/, '') : '');

export async function run(args: ImportForecastArgs, progress: (fraction: number, message?: string) => void): Promise<ImportForecastResult> {
  return withArchive(args, async (ctx) => {
    try {
      progress(0.05, `чтение файла ${args.originalName}`);
      const file = { ...(await readLocalFile(args.path)), name: args.originalName, source: `upload:${args.originalName}` };
      const dataset = await openInput(file);
      const region = regionById(args.region ?? 'sector');
      let converted;
      let attributes;
      try {
        progress(0.15, 'пересчёт заблаговременностей на сетку прогноза');
        converted = convertForecast(dataset, { date: args.date, target: region.grid, fileName: args.originalName, dataDir: args.dataDir });
        attributes = dataset.attributes;
      } finally {
        dataset.close();
      }
      await registerExternalModel(ctx.db, args.modelId);
      const record = await storeWithProvenance(
        ctx,
        converted.states,
        {
          kind: 'forecast',
          date: converted.date,
          model: args.modelId,
          modelType: EXTERNAL_MODEL_TYPE,
          assimilated: false,
          source: `внешняя модель: ${text(attributes.title) || args.originalName}`,
          leadHours: LEAD_HOURS,
        },
        [
          {
            product: args.modelId,
            source: file.source,
            originalName: args.originalName,
            sha256: file.sha256,
            bytes: file.bytes.byteLength,
            details: {
              variables: converted.variables,
              grid: converted.grid,
              leads: converted.leads,
              title: text(attributes.title),
              institution: text(attributes.institution),
            },
            attributes,
          },
        ],
        args.userId,
        region,
      );
      progress(0.7, `пересчёт метрик модели ${args.modelId}`);
      const metrics = await recomputeMetrics(ctx, { modelIds: [args.modelId] });
      return {
        model_id: args.modelId,
        date: converted.date,
        ...(converted.fileDates ? { file_dates: converted.fileDates.labels, calendar: converted.fileDates.calendar } : {}),
        file: record.path,
        variables: converted.variables,
        grid: converted.grid,
        sha256: file.sha256,
        leads: converted.leads,
        metrics_recomputed: metrics.recomputed,
        ...(region.id === 'sector' ? {} : { region: region.id }),
      };
    } catch (error) {
      throw russianFailure(error, `Не удалось импортировать прогноз из файла ${args.originalName}`);
    }
  });
}
