/**
 * A chart laid on a grid for scoring (icecharts/chart-raster.ts; a region's plane: chart-raster-planar.ts), kept on
 * disk: `DATA_DIR/icecharts/rasters/<chart sha256>-<grid>-v<version>.f32` (float32, row-major), or an empty file when the chart judges no cell of the
 * grid (another region's chart, such as DMI's Greenland charts on an Arctic-ocean grid). Without it every scoring
 * pass read and rasterised a chart outside the grid again, since such a chart never gets a record to say it is
 * current. Keyed by content (a replaced chart has a new hash) and by the grid; written atomically, so concurrent
 * passes in other processes at worst make it twice.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { isPlanarScoreGrid, scoreGridShape, type ScoreGrid } from '../../../common/verification/score-grid.ts';
import type { IceChartFeature } from '../../../common/api-types/icecharts.ts';
import { CHARTS_DIR, readChartFeatures } from '../icecharts/chart-files.ts';
import { rasteriseChart } from '../icecharts/chart-raster.ts';
import { rasteriseChartOnPlane } from '../icecharts/chart-raster-planar.ts';
import type { ChartRow } from '../icecharts/chart-repository.ts';
import { chartTruthField, judgedCells, type ChartTruthField } from './chart-truth-scores.ts';

/** Bump when chart-raster.ts lays charts out differently: every kept raster is made again. */
const RASTER_VERSION = 1;
const RASTERS_DIR = 'rasters';

/** A grid in a file name: a latitude/longitude grid's numbers; a plane's numbers and a hash of its CRS. */
function gridKey(grid: ScoreGrid): string {
  if (!isPlanarScoreGrid(grid)) return [grid.lon0, grid.dlon, grid.nlon, grid.lat0, grid.dlat, grid.nlat].join('_');
  const crs = createHash('sha256').update(grid.proj4).digest('hex').slice(0, 12);
  return ['plane', crs, grid.x0, grid.dx, grid.nx, grid.y0, grid.dy, grid.ny].join('_');
}

/** The chart on a grid of either kind (a region's projected plane, or the sector's latitudes and longitudes). */
export function rasteriseOnGrid(features: readonly IceChartFeature[], grid: ScoreGrid): Float32Array {
  return isPlanarScoreGrid(grid) ? rasteriseChartOnPlane(features, grid) : rasteriseChart(features, grid);
}

/** The chart's truth on `grid`, or null when it judges no cell of it; rasterised only the first time. */
export async function chartTruthOnGrid(dataDir: string, chart: Pick<ChartRow, 'file' | 'sha256'>, grid: ScoreGrid): Promise<ChartTruthField | null> {
  const dir = join(dataDir, CHARTS_DIR, RASTERS_DIR);
  const path = join(dir, `${chart.sha256}-${gridKey(grid)}-v${RASTER_VERSION}.f32`);
  const { nx, ny } = scoreGridShape(grid);
  const cells = nx * ny;
  if (existsSync(path)) {
    const bytes = readFileSync(path);
    if (bytes.length === 0) return null;
    // A file of another length is not this grid's (cut short): made again below.
    if (bytes.length === cells * 4) return chartTruthField(grid, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)));
  }
  const truth = chartTruthField(grid, rasteriseOnGrid(await readChartFeatures(dataDir, chart.file), grid));
  const outside = judgedCells(truth) === 0;
  mkdirSync(dir, { recursive: true });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, outside ? new Uint8Array(0) : new Uint8Array(truth.ice.buffer, truth.ice.byteOffset, truth.ice.byteLength));
  renameSync(temporary, path);
  return outside ? null : truth;
}
