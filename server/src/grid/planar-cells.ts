/**
 * Where the cells of a planar grid (the whole Arctic on EPSG:3413) lie on the Earth: longitude and latitude of
 * every cell centre (degrees, row-major), and each cell's turn and scale between true east/north and the grid's
 * x/y axes. About 1 s of proj4 for the arctic grid's 2.2 M cells, so memoised per grid for the process: do not
 * modify the results.
 */
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import { planarLonLat } from '../../../common/regions/index.ts';

const cells = new Map<string, { lon: Float64Array; lat: Float64Array }>();

/** Longitude (−180…180) and latitude of every cell centre, degrees, row-major (j·nx + i). */
export function planarCells(grid: PlanarGrid): { lon: Float64Array; lat: Float64Array } {
  const key = JSON.stringify(grid);
  let found = cells.get(key);
  if (!found) {
    found = planarLonLat(grid);
    cells.set(key, found);
  }
  return found;
}

/** WGS 84: semi-major axis (m) and first eccentricity squared. */
const WGS84_A = 6_378_137;
const WGS84_E2 = 0.00669437999014;
const DEG = Math.PI / 180;

export interface PlaneFrame {
  /** cos and sin of the angle from the grid's x axis to true east, per cell (north is east turned 90° anticlockwise). */
  cos: Float32Array;
  sin: Float32Array;
  /** Plane metres per metre on the ground, per cell (polar stereographic: 0.97 at the pole, 1 at 70°N, more southward). */
  scale: Float32Array;
}

const frames = new Map<string, PlaneFrame>();

/**
 * The local frame of every cell of a north polar stereographic grid centred on the pole (x = y = 0 at 90°N, as
 * EPSG:3413): at a cell at (x, y) the pole lies towards (−x, −y), so true north is that direction and true east is
 * north turned 90° clockwise. The scale is ρ / (a·m) with m = cos φ / √(1 − e² sin² φ), exact on the ellipsoid.
 */
export function polarStereographicFrame(grid: PlanarGrid): PlaneFrame {
  const key = JSON.stringify(grid);
  const cached = frames.get(key);
  if (cached) return cached;
  const { lat } = planarCells(grid);
  const n = grid.nx * grid.ny;
  const frame: PlaneFrame = { cos: new Float32Array(n), sin: new Float32Array(n), scale: new Float32Array(n) };
  for (let j = 0; j < grid.ny; j++) {
    const y = grid.y0 + j * grid.dy;
    for (let i = 0; i < grid.nx; i++) {
      const k = j * grid.nx + i;
      const x = grid.x0 + i * grid.dx;
      const rho = Math.hypot(x, y);
      // East = north (−x, −y)/ρ turned clockwise: (−y, x)/ρ.
      frame.cos[k] = -y / rho;
      frame.sin[k] = x / rho;
      const phi = lat[k] * DEG;
      const m = Math.cos(phi) / Math.sqrt(1 - WGS84_E2 * Math.sin(phi) ** 2);
      frame.scale[k] = rho / (WGS84_A * m);
    }
  }
  frames.set(key, frame);
  return frame;
}
