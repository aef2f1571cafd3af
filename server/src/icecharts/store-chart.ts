/**
 * A built chart stored: its features file written, then its row (or the row of the chart it replaces, same id).
 * Nothing is left when the row cannot be written: the features file is removed again. The import job and the
 * daily cycle's chart inbox both store charts this way.
 */
import type { Db } from '../db/database.ts';
import type { BuiltChart } from './build-chart.ts';
import { ChartError, chartReasonsRu } from './chart-error.ts';
import { removeChartFile, writeChartFeatures } from './chart-files.ts';
import { saveChart, type ChartRow } from './chart-repository.ts';

export interface ChartMeta {
  source: string;
  /** ISO 8601 UTC. */
  validTime: string;
  originalName: string;
  replace: boolean;
  userId: number | null;
}

/** Store `built`; throws ChartError 'уже загружена' when the chart exists and `replace` is false. */
export async function storeChart(db: Db, dataDir: string, built: BuiltChart, meta: ChartMeta): Promise<{ row: ChartRow; replaced: boolean }> {
  const { file, sha256 } = writeChartFeatures(dataDir, built.features);
  let saved: Awaited<ReturnType<typeof saveChart>>;
  try {
    saved = await saveChart(
      db,
      {
        source: meta.source,
        valid_time: meta.validTime,
        polygons: built.features.length,
        bbox: built.bbox,
        file,
        sha256,
        original_name: meta.originalName,
        projection: built.projection,
        user_id: meta.userId,
      },
      meta.replace,
    );
  } catch (error) {
    removeChartFile(dataDir, file);
    throw error;
  }
  if (saved === null) {
    removeChartFile(dataDir, file);
    throw new ChartError(chartReasonsRu.exists(meta.source, meta.validTime, null));
  }
  if (saved.replacedFile) removeChartFile(dataDir, saved.replacedFile);
  return { row: saved.row, replaced: saved.replacedFile !== null || meta.replace };
}
