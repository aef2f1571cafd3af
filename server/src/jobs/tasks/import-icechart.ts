/**
 * Worker task of POST /icecharts: the uploaded archive read, its polygons made whole and stored with their decoded
 * codes (icecharts/build-chart.ts), the row written or put in the place of the chart it replaces. Nothing is stored when any
 * step fails (icecharts/store-chart.ts).
 */
import { readFile } from 'node:fs/promises';
import type { IceChartImportResult } from '../../../../common/api-types/icecharts.ts';
import { buildChart, inspectChart } from '../../icecharts/build-chart.ts';
import { storeChart } from '../../icecharts/store-chart.ts';
import { ChartBodies } from '../../icecharts/chart-files.ts';
import { chartSummary } from '../../icecharts/chart-repository.ts';
import { withArchive } from '../../archive/archive-in-thread.ts';

export interface ImportChartArgs {
  dataDir: string;
  databaseUrl?: string | null;
  /** The upload on disk. */
  path: string;
  originalName: string;
  source: string;
  /** ISO 8601 UTC. */
  validTime: string;
  replace: boolean;
  userId: number | null;
}

export interface ImportChartResult extends IceChartImportResult {
  replaced: boolean;
  overlaps_cut: number;
  projection: string;
}

export async function run(args: ImportChartArgs, progress: (fraction: number, message?: string) => void): Promise<ImportChartResult> {
  progress(0.02, `чтение архива ${args.originalName}`);
  const bytes = new Uint8Array(await readFile(args.path));
  const inspected = await inspectChart(bytes, args.originalName);
  progress(0.1, `полигонов: ${inspected.records.length}, построение`);
  const built = buildChart(inspected, (fraction) => progress(0.1 + 0.8 * fraction));
  progress(0.92, 'запись карты');
  return withArchive(args, async ({ db, dataDir }) => {
    const { row, replaced } = await storeChart(db, dataDir, built, args);
    progress(0.95, 'подготовка карты к показу');
    await new ChartBodies(dataDir).makeAhead(chartSummary(row), row.file, row.sha256);
    progress(1, 'карта записана');
    return {
      chart_id: row.id,
      source: args.source,
      valid_time: args.validTime,
      polygons: built.features.length,
      replaced,
      overlaps_cut: built.overlapsCut,
      projection: built.projection,
    };
  });
}
