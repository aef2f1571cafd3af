/**
 * A chart as a field on a projected grid (the whole Arctic on EPSG:3413), for scoring forecasts of such a region
 * against it: each cell centre takes the value of the polygon it lies in (chart-raster.ts's values and rule: edges
 * straight in longitude/latitude, as charts are drawn; even-odd over a polygon's rings).
 *
 * How: each ring is taken into the grid's plane with its edges densified (an edge straight in lon/lat is a curve
 * in the plane: a parallel is a circle round the pole), then filled by scanlines through the rows' cell centres.
 * In the plane a ring round the pole is an ordinary ring (the pole is one point) and the two halves of a polygon
 * cut at ±180° meet along the 180° meridian, so neither needs a special case.
 */
import type { IceChartFeature } from '../../../common/api-types/icecharts.ts';
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import { planarForward } from '../../../common/regions/cell-position.ts';
import { chartTruthValue } from './chart-raster.ts';
import type { MultiPoly, Ring } from './geometry-types.ts';

/**
 * Longest step of a densified edge, degrees of longitude or latitude. A 0.25° arc of a parallel at 45°N lies
 * within 13 m of its chord in polar stereographic (sagitta r·Δλ²/8, r ≈ 5 300 km): nothing against cells of km.
 */
const STEP_DEG = 0.25;

const polysOf = (feature: IceChartFeature): MultiPoly =>
  (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates) as MultiPoly;

/** Longitude into [−180°, 180°): 180° and −180° (the two sides of a polygon cut there) become one number. */
const wrapLon = (lon: number): number => ((((lon + 180) % 360) + 360) % 360) - 180;

const before = (a: readonly number[], b: readonly number[]): boolean => {
  const [la, lb] = [wrapLon(a[0]), wrapLon(b[0])];
  return la < lb || (la === lb && a[1] < b[1]);
};

/**
 * A ring's points in grid units: column (0 = the first cell centre) and row, both fractional. An edge's points
 * are made from its two ends in one order whichever way the ring runs, and every longitude wrapped before it is
 * projected, so two neighbours (and the two halves of a polygon cut at ±180°) share the very same points along
 * their common edge: a cell centre on it falls to exactly one of them.
 */
function ringOnGrid(ring: Ring, toGrid: (lon: number, lat: number) => [number, number]): Float64Array {
  const points: number[] = [];
  for (let k = 0; k < ring.length; k++) {
    const here = ring[k];
    const next = ring[(k + 1) % ring.length];
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(next[0] - here[0]), Math.abs(next[1] - here[1])) / STEP_DEG));
    const flipped = before(next, here);
    const [a, b] = flipped ? [next, here] : [here, next];
    for (let s = 0; s < steps; s++) {
      const u = flipped ? (steps - s) / steps : s / steps;
      const [lon, lat] = u === 0 ? a : u === 1 ? b : [a[0] + u * (b[0] - a[0]), a[1] + u * (b[1] - a[1])];
      points.push(...toGrid(wrapLon(lon), lat));
    }
  }
  return Float64Array.from(points);
}

/** Per row, the columns where a polygon's rings cross the row's line of centres (even-odd pairs bound the inside). */
function crossingsByRow(rings: readonly Float64Array[], ny: number): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  for (const points of rings) {
    const n = points.length / 2;
    for (let k = 0; k < n; k++) {
      // The ends in one order (lower row first), so a shared edge gives its neighbours the same crossings.
      const [p, q] = points[2 * k + 1] <= points[2 * ((k + 1) % n) + 1] ? [k, (k + 1) % n] : [(k + 1) % n, k];
      const xa = points[2 * p];
      const ya = points[2 * p + 1];
      const xb = points[2 * q];
      const yb = points[2 * q + 1];
      if (ya === yb) continue;
      // Rows j with exactly one end above: (ya > j) !== (yb > j), the half-open rule that counts a vertex once.
      const first = Math.max(0, Math.floor(Math.min(ya, yb)) + 1);
      const last = Math.min(ny - 1, Math.floor(Math.max(ya, yb)));
      for (let j = first; j <= last; j++) {
        if (ya > j === yb > j) continue;
        let list = rows.get(j);
        if (!list) rows.set(j, (list = []));
        list.push(xa + ((xb - xa) * (j - ya)) / (yb - ya));
      }
    }
  }
  return rows;
}

/** The chart on a planar grid, row-major (ny × nx, as the region's files): 1 ice, 0 no ice, NaN unknown. */
export function rasteriseChartOnPlane(features: readonly IceChartFeature[], grid: PlanarGrid): Float32Array {
  const field = new Float32Array(grid.nx * grid.ny).fill(NaN);
  const forward = planarForward(grid);
  const toGrid = (lon: number, lat: number): [number, number] => {
    const [x, y] = forward(lon, lat);
    return [(x - grid.x0) / grid.dx, (y - grid.y0) / grid.dy];
  };
  for (const feature of features) {
    const value = chartTruthValue(feature.properties);
    const rings = polysOf(feature).flatMap((poly) => poly.filter((ring) => ring.length >= 3).map((ring) => ringOnGrid(ring, toGrid)));
    for (const [j, xs] of crossingsByRow(rings, grid.ny)) {
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        // Centres in [x_k, x_k+1): a centre on an edge shared by two polygons goes to one of them.
        const first = Math.max(0, Math.ceil(xs[k]));
        const last = Math.min(grid.nx - 1, Math.ceil(xs[k + 1]) - 1);
        for (let i = first; i <= last; i++) field[j * grid.nx + i] = value;
      }
    }
  }
  return field;
}
