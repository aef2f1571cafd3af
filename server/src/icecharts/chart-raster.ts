/**
 * A chart as a field on a forecast's grid, for scoring forecasts against it: each cell centre takes the value of
 * the polygon it lies in (edges straight in lon/lat, as charts are drawn, even-odd over a polygon's rings, the same
 * rule as chart-lookup.ts). The chart's polygons do not overlap (build-chart.ts), so a cell has one polygon.
 *
 * Values: 1 = ice (the lower bound of CT ≥ 2/10, the chart's counterpart of the 15 % edge; fast ice counts as ice
 * whatever its CT), 0 = no ice (water, CT below 2/10), NaN = the chart says nothing here (land, no data, an ice
 * polygon without a usable CT, outside every polygon).
 */
import type { IceChartFeature, IceChartPolygonProperties } from '../../../common/api-types/icecharts.ts';
import type { RegularGrid } from '../../../common/regular-grid.ts';
import type { MultiPoly } from './geometry-types.ts';

/** Lower bound of the total concentration (tenths) from which a polygon counts as ice. */
export const CHART_ICE_TENTHS = 2;

/** A polygon's truth value: 1 ice, 0 no ice, NaN unknown (see the header). */
export function chartTruthValue(properties: Pick<IceChartPolygonProperties, 'poly_type' | 'ct' | 'fast_ice'>): number {
  if (properties.poly_type === 'L' || properties.poly_type === 'N') return NaN;
  if (properties.fast_ice) return 1;
  if (properties.poly_type === 'W') return 0;
  if (properties.ct === null) return NaN;
  return properties.ct[0] >= CHART_ICE_TENTHS ? 1 : 0;
}

const polysOf = (feature: IceChartFeature): MultiPoly =>
  (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates) as MultiPoly;

/** Longitudes (degrees) where the polygon's edges cross latitude `lat`, sorted (even-odd pairs bound the inside). */
function crossingsAt(polys: MultiPoly, lat: number, out: number[]): number[] {
  out.length = 0;
  for (const poly of polys) {
    for (const ring of poly) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if (yi > lat !== yj > lat) out.push(xi + ((xj - xi) * (lat - yi)) / (yj - yi));
      }
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * The chart on `grid`, row-major (nlat × nlon, as the forecast files): scanlines through the cell centres of each
 * row, each polygon filling the cells between its pairs of crossings. Longitudes beyond ±180 (a polygon kept whole
 * across 180°) reach the grid's columns a turn away too.
 */
export function rasteriseChart(features: readonly IceChartFeature[], grid: RegularGrid): Float32Array {
  const field = new Float32Array(grid.nlon * grid.nlat).fill(NaN);
  const xs: number[] = [];
  for (const feature of features) {
    const value = chartTruthValue(feature.properties);
    const polys = polysOf(feature);
    let south = Infinity;
    let north = -Infinity;
    for (const poly of polys) {
      for (const [, y] of poly[0] ?? []) {
        south = Math.min(south, y);
        north = Math.max(north, y);
      }
    }
    for (let j = 0; j < grid.nlat; j++) {
      const lat = grid.lat0 + j * grid.dlat;
      if (lat < south || lat > north) continue;
      crossingsAt(polys, lat, xs);
      for (let k = 0; k + 1 < xs.length; k += 2) fillSpan(field, grid, j, xs[k], xs[k + 1], value);
    }
  }
  return field;
}

/** Cells of row j whose centre longitude (taken at ±360° too) lies in [west, east]. */
function fillSpan(field: Float32Array, grid: RegularGrid, j: number, west: number, east: number, value: number): void {
  for (const turn of [-360, 0, 360]) {
    const first = Math.max(0, Math.ceil((west + turn - grid.lon0) / grid.dlon));
    const last = Math.min(grid.nlon - 1, Math.floor((east + turn - grid.lon0) / grid.dlon));
    for (let i = first; i <= last; i++) field[j * grid.nlon + i] = value;
  }
}
