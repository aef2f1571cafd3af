/**
 * Projected coordinates of every cell centre of a regular lat/lon target grid.
 *
 * Projecting all 624,480 cells of the forecast grid one by one through proj4's converter costs ~250 ms; the
 * projections are smooth at the grid's scale, so we project a lattice of every LATTICE-th row and column
 * (exactly, with proj4) and interpolate bilinearly in between. On the forecast grid (0.05° steps) the error is
 * about 5 m at worst for polar azimuthal projections (checked against exact proj4 in regrid.test.ts), i.e.
 * ~2e-4 of a 25 km source cell: it can only decide a nearest-neighbour tie within metres of a cell edge.
 */
import { cellLonLat, targetShape, type TargetGrid } from './target-grid.ts';

/** Rows and columns between exactly projected lattice points. */
const LATTICE = 4;

export interface PlanePoints {
  x: Float64Array;
  y: Float64Array;
}

/**
 * x/y of each target cell (row-major j·width + i) from `forward(lon, lat, out)` (degrees → metres, NaN when
 * the point has no image). `lattice` = 1 projects every point exactly. A planar target's cells go to lon/lat
 * first (proj4's inverse): plane to plane is as smooth as lon/lat to plane at the lattice's scale.
 */
export function projectTarget(
  target: TargetGrid,
  forward: (lon: number, lat: number) => [number, number],
  lattice = LATTICE,
): PlanePoints {
  const { width: nlon, height: nlat } = targetShape(target);
  const x = new Float64Array(nlon * nlat);
  const y = new Float64Array(nlon * nlat);
  const centre = cellLonLat(target);
  const exact = (i: number, j: number): [number, number] => {
    const [lon, lat] = centre(i, j);
    return forward(lon, lat);
  };
  const cols = latticeIndices(nlon, lattice);
  const rows = latticeIndices(nlat, lattice);
  const lx = new Float64Array(cols.length * rows.length);
  const ly = new Float64Array(cols.length * rows.length);
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < cols.length; c++) {
      const [px, py] = exact(cols[c], rows[r]);
      lx[r * cols.length + c] = px;
      ly[r * cols.length + c] = py;
    }
  }
  const rowSeg = segments(nlat, rows);
  const colSeg = segments(nlon, cols);
  const width = cols.length;
  for (let j = 0; j < nlat; j++) {
    const r0 = rowSeg.lower[j];
    const r1 = rowSeg.upper[j];
    const b = rowSeg.fraction[j];
    for (let i = 0; i < nlon; i++) {
      const c0 = colSeg.lower[i];
      const c1 = colSeg.upper[i];
      const a = colSeg.fraction[i];
      const k00 = r0 * width + c0;
      const k10 = r0 * width + c1;
      const k01 = r1 * width + c0;
      const k11 = r1 * width + c1;
      const t = j * nlon + i;
      const w00 = (1 - a) * (1 - b);
      const w10 = a * (1 - b);
      const w01 = (1 - a) * b;
      const w11 = a * b;
      const px = w00 * lx[k00] + w10 * lx[k10] + w01 * lx[k01] + w11 * lx[k11];
      const py = w00 * ly[k00] + w10 * ly[k10] + w01 * ly[k01] + w11 * ly[k11];
      if (Number.isFinite(px) && Number.isFinite(py)) {
        x[t] = px;
        y[t] = py;
      } else {
        // A lattice corner without an image (e.g. beyond a projection's edge): project this point exactly.
        [x[t], y[t]] = exact(i, j);
      }
    }
  }
  return { x, y };
}

/** For each index 0..n-1: the lattice positions below and above it and the fraction between them. */
function segments(n: number, lattice: number[]): { lower: Int32Array; upper: Int32Array; fraction: Float64Array } {
  const lower = new Int32Array(n);
  const upper = new Int32Array(n);
  const fraction = new Float64Array(n);
  let s = 0;
  for (let k = 0; k < n; k++) {
    while (s + 1 < lattice.length - 1 && lattice[s + 1] <= k) s++;
    const hi = Math.min(s + 1, lattice.length - 1);
    lower[k] = s;
    upper[k] = hi;
    fraction[k] = hi === s ? 0 : (k - lattice[s]) / (lattice[hi] - lattice[s]);
  }
  return { lower, upper, fraction };
}

/** 0, L, 2L, …, and always the last index. */
function latticeIndices(n: number, lattice: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n - 1; i += lattice) out.push(i);
  out.push(n - 1);
  return out;
}
