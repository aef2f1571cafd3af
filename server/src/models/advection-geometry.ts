/**
 * The plane free_drift_advection traces departure points on, per kind of grid: where each cell lies on it (m),
 * how true east/north drift (m/s) turns into plane velocity, and which fractional column and row a plane point is.
 *  - the sector's latitude/longitude grid: a polar azimuthal-equidistant plane (x towards 0°E, y towards 90°E),
 *    so paths near the pole are straight lines rather than wild swings in longitude;
 *  - a polar stereographic grid (the whole Arctic): the grid's own plane, velocities turned into its x/y axes
 *    and stretched by its scale factor (plane metres per ground metre).
 */
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import { EARTH_RADIUS_M, isPlanarGrid, type Grid, type StateGrid } from '../grid/grid.ts';
import { polarStereographicFrame } from '../grid/planar-cells.ts';

const DEG = Math.PI / 180;

export interface AdvectionGeometry {
  nx: number;
  ny: number;
  /** Plane velocity (m/s on the plane) of every cell from east/north drift times `scale`; NaN where either is unknown. */
  planeVelocity(u: Float32Array, v: Float32Array, scale: number): { vx: Float32Array; vy: Float32Array };
  /** Plane position (m) of the centre of cell (i, j). */
  position(i: number, j: number): [number, number];
  /** Fractional (column, row) of a plane point (m). */
  toIndex(x: number, y: number): [number, number];
  /** The narrowest cell on the ground, m (how far the drift must be extended per metre of travel). */
  narrowestCellM: number;
}

export function advectionGeometry(grid: StateGrid): AdvectionGeometry {
  return isPlanarGrid(grid) ? planarGeometry(grid) : sectorGeometry(grid);
}

function sectorGeometry(grid: Grid): AdvectionGeometry {
  const { nlat, nlon } = grid;
  // The narrowest cell counts: east-west cells shrink with cos(latitude) (rows beyond 89° are left to the cap).
  const poleward = Math.min(89, Math.max(Math.abs(grid.lat0), Math.abs(grid.lat0 + (grid.nlat - 1) * grid.dlat)));
  return {
    nx: nlon,
    ny: nlat,
    narrowestCellM: EARTH_RADIUS_M * DEG * Math.min(Math.abs(grid.dlat), Math.abs(grid.dlon) * Math.cos(poleward * DEG)),
    planeVelocity(u, v, scale) {
      const vx = new Float32Array(u.length).fill(NaN);
      const vy = new Float32Array(u.length).fill(NaN);
      for (let i = 0; i < nlon; i++) {
        const lon = (grid.lon0 + i * grid.dlon) * DEG;
        const c = Math.cos(lon);
        const s = Math.sin(lon);
        for (let j = 0; j < nlat; j++) {
          const k = j * nlon + i;
          if (!Number.isFinite(u[k]) || !Number.isFinite(v[k])) continue;
          const ue = u[k] * scale;
          const vn = v[k] * scale;
          // East is (−sin λ, cos λ) on the plane, north is (−cos λ, −sin λ) (towards the pole).
          vx[k] = -ue * s - vn * c;
          vy[k] = ue * c - vn * s;
        }
      }
      return { vx, vy };
    },
    position(i, j) {
      const r = EARTH_RADIUS_M * (90 - (grid.lat0 + j * grid.dlat)) * DEG;
      const lon = (grid.lon0 + i * grid.dlon) * DEG;
      return [r * Math.cos(lon), r * Math.sin(lon)];
    },
    toIndex(x, y) {
      const lat = 90 - Math.sqrt(x * x + y * y) / EARTH_RADIUS_M / DEG;
      const lon = Math.atan2(y, x) / DEG;
      return [(lon - grid.lon0) / grid.dlon, (lat - grid.lat0) / grid.dlat];
    },
  };
}

function planarGeometry(grid: PlanarGrid): AdvectionGeometry {
  const frame = polarStereographicFrame(grid);
  let largestScale = 0;
  for (const k of frame.scale) if (k > largestScale) largestScale = k;
  return {
    nx: grid.nx,
    ny: grid.ny,
    narrowestCellM: Math.min(Math.abs(grid.dx), Math.abs(grid.dy)) / largestScale,
    planeVelocity(u, v, scale) {
      const vx = new Float32Array(u.length).fill(NaN);
      const vy = new Float32Array(u.length).fill(NaN);
      for (let k = 0; k < u.length; k++) {
        if (!Number.isFinite(u[k]) || !Number.isFinite(v[k])) continue;
        const ue = u[k] * scale * frame.scale[k];
        const vn = v[k] * scale * frame.scale[k];
        // East is (cos, sin) on the plane, north is east turned a quarter anticlockwise: (−sin, cos).
        vx[k] = ue * frame.cos[k] - vn * frame.sin[k];
        vy[k] = ue * frame.sin[k] + vn * frame.cos[k];
      }
      return { vx, vy };
    },
    position: (i, j) => [grid.x0 + i * grid.dx, grid.y0 + j * grid.dy],
    toIndex: (x, y) => [(x - grid.x0) / grid.dx, (y - grid.y0) / grid.dy],
  };
}
