/**
 * A regular lat/lon grid covering a source's own footprint (the local file on the map), capped in size.
 */
import type { RegularGrid, SourceGrid } from './types.ts';

export interface FootprintOptions {
  /** Largest number of columns and of rows (a GPU texture side). Default 2048. */
  maxSide?: number;
  /** Southern limit in degrees north: the product is Arctic, global files are cut here. Default 45. */
  minLatitude?: number;
}

/**
 * The regular grid covering the source's valid cell centres north of `minLatitude`, with a step near the
 * source's own resolution (never finer than needed, never more than `maxSide` per side). Longitudes run
 * −180…180 or, when the footprint crosses the antimeridian but not Greenwich, 0…360.
 * Throws RegridError 'no-overlap' when no cell centre lies north of `minLatitude`.
 */
export function footprintGrid(source: SourceGrid, options: FootprintOptions = {}): RegularGrid {
  void source;
  void options;
  throw new Error('in progress');
}
