/**
 * Drift fields with known answers for the particle tests and the render benchmark, on a forecast-sized
 * regular grid (1301 × 480 cells: 0–360°E, 45–90°N), and two on the whole Arctic's polar stereographic grid. Every field carries its grid and maximum speed, as the
 * particle layer's `field` prop wants them.
 */
import type { ProjectedFieldGrid, RegularGrid } from '../../workers/forecast.api.ts';
import { fieldPointAt, fromGridAxes } from '../../common/field-grid.ts';
import { NSIDC_NORTH } from '../../common/polar-stereographic.ts';
import { EPSG_3413 } from '../../common/regions/index.ts';
import type { DriftField } from '../../src/map/layers/particle-layer/particle-layer.ts';

export const BENCH_GRID: RegularGrid = { lon0: 0, dlon: 360 / 1300, nlon: 1301, lat0: 45, dlat: 45 / 479, nlat: 480 };

export type SyntheticFieldName = 'east' | 'half' | 'gyre';

function build(grid: RegularGrid, drift: (lon: number, lat: number) => [number, number]): DriftField & { grid: RegularGrid } {
  const data = new Float32Array(grid.nlon * grid.nlat * 2);
  let maxSpeed = 0;
  for (let j = 0; j < grid.nlat; j++) {
    const lat = grid.lat0 + j * grid.dlat;
    for (let i = 0; i < grid.nlon; i++) {
      const [u, v] = drift(grid.lon0 + i * grid.dlon, lat);
      const k = 2 * (j * grid.nlon + i);
      data[k] = u;
      data[k + 1] = v;
      const speed = Math.hypot(u, v);
      if (speed > maxSpeed) maxSpeed = speed;
    }
  }
  return { data, width: grid.nlon, height: grid.nlat, grid, maxSpeed };
}

/**
 * 'east': 0.3 m/s due east everywhere.
 * 'half': no data (NaN) west of 90°E, 0.25 m/s towards the north-east east of it.
 * 'gyre': a clockwise gyre round the pole (0–0.5 m/s) with round NaN "islands", like real ice drift.
 */
export function syntheticDrift(name: SyntheticFieldName, grid: RegularGrid = BENCH_GRID): DriftField & { grid: RegularGrid } {
  if (name === 'east') return build(grid, () => [0.3, 0]);
  if (name === 'half') return build(grid, (lon) => (lon < 90 ? [NaN, NaN] : [0.25 * Math.SQRT1_2, 0.25 * Math.SQRT1_2]));
  return build(grid, (lon, lat) => {
    const r = Math.PI / 180;
    const island = Math.sin(lon * r * 6) * Math.cos((lat - 45) * r * 12) > 0.85;
    if (island) return [NaN, NaN];
    const strength = 0.5 * Math.sin(((90 - lat) / 45) * Math.PI) ** 2;
    return [strength * Math.cos(lon * r * 3), -0.3 * strength + 0.1 * Math.sin(lon * r * 5)];
  });
}

/** The whole Arctic's EPSG:3413 square on 25 km cells (304 × 448; the region's grid is 6.25 km): edges as the region's. */
export const BENCH_POLAR_GRID: ProjectedFieldGrid = {
  kind: 'projected',
  projection: NSIDC_NORTH,
  proj4: EPSG_3413,
  x0: -3_850_000 + 12_500,
  dx: 25_000,
  nx: 304,
  y0: 5_850_000 - 12_500,
  dy: -25_000,
  ny: 448,
};

export type PolarFieldName = 'polar-east' | 'polar-half' | 'polar-x';

/**
 * On the polar grid (drift towards true east/north, as the files give it):
 * 'polar-east': 0.3 m/s due east everywhere.
 * 'polar-half': no data (NaN) in the cells with x < 0 (west of the plane line through the pole along −45°/135°),
 * 0.25 m/s towards the north-east in the others.
 * 'polar-x': 0.3 m/s along the plane's +x axis everywhere (in true east/north that turns with each cell's longitude).
 */
export function polarSyntheticDrift(name: PolarFieldName, grid: ProjectedFieldGrid = BENCH_POLAR_GRID): DriftField {
  const data = new Float32Array(grid.nx * grid.ny * 2);
  for (let j = 0; j < grid.ny; j++) {
    for (let i = 0; i < grid.nx; i++) {
      const k = 2 * (j * grid.nx + i);
      const missing = name === 'polar-half' && grid.x0 + i * grid.dx < 0;
      const lon = fieldPointAt(grid, i, j)[0];
      const [u, v] = missing
        ? [NaN, NaN]
        : name === 'polar-east'
          ? [0.3, 0]
          : name === 'polar-x'
            ? fromGridAxes(grid, lon, 0.3, 0)
            : [0.25 * Math.SQRT1_2, 0.25 * Math.SQRT1_2];
      data[k] = u;
      data[k + 1] = v;
    }
  }
  return { data, width: grid.nx, height: grid.ny, grid, maxSpeed: name === 'polar-half' ? 0.25 : 0.3 };
}
