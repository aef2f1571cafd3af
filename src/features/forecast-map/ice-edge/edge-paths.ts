/**
 * The worker's contour polylines as one flat [lon, lat, lon, lat, …] array per path (views into the worker's
 * array, no copy): the form deck.gl's PathLayer takes with `positionFormat: 'XY'` and `_pathType: 'open'`
 * (which skips its own normalisation of nested arrays).
 */
import type { ContourLines } from '../../../../workers/forecast.api.ts';

const pathsByLines = new WeakMap<ContourLines, Float64Array[]>();

/** Paths of one contour, made once per contour object (deck.gl then keeps its buffers while it stays the same). */
export function contourPaths(lines: ContourLines): Float64Array[] {
  const cached = pathsByLines.get(lines);
  if (cached) return cached;
  const total = lines.coordinates.length / 2;
  const paths: Float64Array[] = [];
  for (let p = 0; p < lines.starts.length; p++) {
    const end = p + 1 < lines.starts.length ? lines.starts[p + 1] : total;
    paths.push(lines.coordinates.subarray(2 * lines.starts[p], 2 * end));
  }
  pathsByLines.set(lines, paths);
  return paths;
}
