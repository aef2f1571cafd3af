/**
 * Previews of a slice on slow links: the server's stride-2 subset (`…&stride=2`: every 2nd cell in
 * latitude and longitude, about 40–47 % of the full slice's brotli bytes, bench/README.md) drawn at once on the
 * full grid, while the full slice follows. Only when the full slice would take longer than PREVIEW_THRESHOLD_S
 * on the link as measured (link-rate.ts); a preview is never stored as the slice.
 */
import type { NetcdfDataset } from '../../netcdf/types.ts';
import { PREVIEW_STRIDE, subsetQuery } from '../../common/forecast-file/subset-query.ts';
import { isProjectedGrid, type FieldGrid } from '../../common/field-grid.ts';

export { PREVIEW_STRIDE };

/**
 * Estimated transfer time of the full slice (seconds, at the measured rate, without the round trip) above which a
 * switch fetches the preview first. A preview brings the first picture after about 0.45 of that time plus a round
 * trip, and delays the full one by a round trip and as much. The goal is a switch drawn within 1 s at
 * 2 Mbit/s / 300 ms: there a full slice takes 0.3 s (concentration, 75 KiB) to 0.7 s (the drift pair, 177 KiB)
 * on the link, plus the round trip and about 0.35 s of decoding and drawing, so the thickness (0.47 s) and the
 * drift need their preview to stay under 1 s, the concentration does not; at 256 kbit/s every slice (2.4–5.7 s)
 * gets one. Below 0.4 s the preview's extra request gains less than it costs.
 */
export const PREVIEW_THRESHOLD_S = 0.4;

/** The preview URL of `url` for some variables at one lead (hours). */
export function previewUrl(url: string, variables: readonly string[], leadHours: number): string {
  return subsetQuery(url, variables, leadHours, PREVIEW_STRIDE);
}

/**
 * The coarse values on the full grid, nearest: cell (j, i) takes coarse cell (j >> 1, i >> 1); NaN (missing)
 * stays NaN. `coarse` is row-major ceil(height / 2) × ceil(width / 2).
 */
export function upsample(coarse: ArrayLike<number>, width: number, height: number): Float32Array {
  const coarseWidth = Math.ceil(width / PREVIEW_STRIDE);
  const coarseHeight = Math.ceil(height / PREVIEW_STRIDE);
  if (coarse.length !== coarseWidth * coarseHeight) {
    throw new RangeError(`a preview of ${height} × ${width} needs ${coarseHeight} × ${coarseWidth} values, got ${coarse.length}`);
  }
  const out = new Float32Array(width * height);
  for (let j = 0; j < height; j++) {
    const from = (j >> 1) * coarseWidth;
    const row = j * width;
    for (let i = 0; i < width; i++) out[row + i] = coarse[from + (i >> 1)];
  }
  return out;
}

/** One variable of a preview subset (its only lead) on the full grid of `width` × `height` cells. */
export function previewValues(preview: NetcdfDataset, variable: string, width: number, height: number): Float32Array {
  return upsample(preview.read(variable, 0), width, height);
}

/**
 * Wire bytes per cell of each variable's full slice, from the subsets fetched so far (the latest of each): what
 * a slice not yet fetched will cost. A variable not seen yet is taken at the mean of those seen.
 */
export class SliceSizes {
  private readonly perCell = new Map<string, number>();

  /** A full subset of `variables` (`cells` cells each) took `wireBytes`: shared equally among them. */
  record(variables: readonly string[], cells: number, wireBytes: number): void {
    if (variables.length === 0 || !(cells > 0) || !(wireBytes > 0)) return;
    for (const name of variables) this.perCell.set(name, wireBytes / cells / variables.length);
  }

  /** Estimated wire bytes of `variables` at one lead, `cells` cells each; null before any subset was seen. */
  estimate(variables: readonly string[], cells: number): number | null {
    if (this.perCell.size === 0) return null;
    const known = [...this.perCell.values()];
    const mean = known.reduce((a, b) => a + b, 0) / known.length;
    return variables.reduce((sum, name) => sum + (this.perCell.get(name) ?? mean) * cells, 0);
  }
}

/**
 * The full grid from a stride-2 preview's own axes (every 2nd of the full ones: the same first cell, twice the step)
 * and the full slice's `width` × `height`: what a file opened with its first slice's preview (FirstSlice.preview) is
 * drawn on before any full subset has brought the coordinates.
 */
export function gridFromPreview(preview: FieldGrid, width: number, height: number): FieldGrid {
  if (isProjectedGrid(preview)) return { ...preview, dx: preview.dx / PREVIEW_STRIDE, dy: preview.dy / PREVIEW_STRIDE, nx: width, ny: height };
  return { ...preview, dlon: preview.dlon / PREVIEW_STRIDE, dlat: preview.dlat / PREVIEW_STRIDE, nlon: width, nlat: height };
}
