/**
 * A chart laid on a grid for scoring (icecharts/chart-raster.ts), kept on disk: `DATA_DIR/icecharts/rasters/
 * <chart sha256>-<grid>-v<version>.f32` (float32, row-major), or an empty file when the chart judges no cell of the
 * grid (another region's chart, such as DMI's Greenland charts on an Arctic-ocean grid). Without it every scoring
 * pass read and rasterised a chart outside the grid again, since such a chart never gets a record to say it is
 * current. Keyed by content (a replaced chart has a new hash) and by the grid; written atomically, so concurrent
 * passes in other processes at worst make it twice.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RegularGrid } from '../../../common/regular-grid.ts';
import { CHARTS_DIR, readChartFeatures } from '../icecharts/chart-files.ts';
import { rasteriseChart } from '../icecharts/chart-raster.ts';
import type { ChartRow } from '../icecharts/chart-repository.ts';
import { chartTruthField, judgedCells, type ChartTruthField } from './chart-truth-scores.ts';

/** Bump when chart-raster.ts lays charts out differently: every kept raster is made again. */
const RASTER_VERSION = 1;
const RASTERS_DIR = 'rasters';

const gridKey = (grid: RegularGrid) => [grid.lon0, grid.dlon, grid.nlon, grid.lat0, grid.dlat, grid.nlat].join('_');

/** The chart's truth on `grid`, or null when it judges no cell of it; rasterised only the first time. */
export async function chartTruthOnGrid(dataDir: string, chart: Pick<ChartRow, 'file' | 'sha256'>, grid: RegularGrid): Promise<ChartTruthField | null> {
  const dir = join(dataDir, CHARTS_DIR, RASTERS_DIR);
  const path = join(dir, `${chart.sha256}-${gridKey(grid)}-v${RASTER_VERSION}.f32`);
  const cells = grid.nlon * grid.nlat;
  if (existsSync(path)) {
    const bytes = readFileSync(path);
    if (bytes.length === 0) return null;
    // A file of another length is not this grid's (cut short): made again below.
    if (bytes.length === cells * 4) return chartTruthField(grid, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)));
  }
  const truth = chartTruthField(grid, rasteriseChart(await readChartFeatures(dataDir, chart.file), grid));
  const outside = judgedCells(truth) === 0;
  mkdirSync(dir, { recursive: true });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, outside ? new Uint8Array(0) : new Uint8Array(truth.ice.buffer, truth.ice.byteOffset, truth.ice.byteLength));
  renameSync(temporary, path);
  return outside ? null : truth;
}
