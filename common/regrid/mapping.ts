/**
 * Source grid → regular lat/lon target: build the mapping once per (grid, target, method), apply it to any
 * number of fields (time steps, variables, later files on the same grid).
 */
import type { RegridMapping, RegridMethod, RegularGrid, SourceGrid } from './types.ts';

/** Mappings by source hash, method and target, least recently used out beyond `limit` entries. */
export const mappingCache = {
  limit: 8,
  hits: 0,
  misses: 0,
  entries: new Map<string, RegridMapping>(),
  clear(): void {
    this.entries.clear();
    this.hits = 0;
    this.misses = 0;
  },
};

/**
 * For every target cell, the source cells and weights (see RegridMapping). Target cells outside the source's
 * footprint (beyond its outermost cell centres for bilinear, beyond half a cell for nearest on x/y and 1-D
 * grids, outside the quadrilaterals of cell centres on 2-D lat/lon grids) map to nothing (NaN).
 * Cached in `mappingCache` by `source.hash`, method and target.
 */
export function buildMapping(source: SourceGrid, target: RegularGrid, method: RegridMethod): RegridMapping {
  void source;
  void target;
  void method;
  throw new Error('in progress');
}

/**
 * The field on the target grid (row-major, nlat × nlon): NaN outside the footprint, where the nearest source
 * cell is missing, or (bilinear) where any of the four is missing. `values` are the source's nx·ny values,
 * row-major, NaN = missing (land included). Throws RegridError 'size-mismatch'.
 */
export function applyMapping(mapping: RegridMapping, values: ArrayLike<number>): Float32Array {
  void mapping;
  void values;
  throw new Error('in progress');
}

/** buildMapping (cached) + applyMapping in one call. */
export function regrid(source: SourceGrid, target: RegularGrid, values: ArrayLike<number>, method: RegridMethod): Float32Array {
  return applyMapping(buildMapping(source, target, method), values);
}
