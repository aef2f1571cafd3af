/**
 * free_drift_advection on a projected region's grid (the whole Arctic's EPSG:3413 plane): a blob of ice carried by
 * a steady east/north drift lands where the drift takes it on the ground. Positions are checked with proj4
 * (cell centre → longitude/latitude), so a wrong turn between true north and the grid's axes, or a missing scale
 * factor, moves the blob elsewhere.
 */
import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import { EPSG_3413 } from '../../../common/regions/index.ts';
import type { IceState } from '../../src/grid/ice-state.ts';
import { runModelType } from '../../src/models/index.ts';

/** 121 × 121 cells of 25 km round the pole (±1 500 km), on EPSG:3413. */
const GRID: PlanarGrid = { proj4: EPSG_3413, x0: -1_500_000, dx: 25_000, nx: 121, y0: 1_500_000, dy: -25_000, ny: 121 };
const toPlane = proj4(EPSG_3413) as unknown as { forward(p: [number, number]): [number, number]; inverse(p: [number, number]): [number, number] };

/** A Gaussian blob of concentration (radius 120 km) centred at (lon, lat), drift (u east, v north) m/s everywhere. */
function blob(lon: number, lat: number, u: number, v: number): IceState<PlanarGrid> {
  const n = GRID.nx * GRID.ny;
  const [cx, cy] = toPlane.forward([lon, lat]);
  const concentration = new Float32Array(n);
  for (let j = 0; j < GRID.ny; j++) {
    for (let i = 0; i < GRID.nx; i++) {
      const d2 = ((GRID.x0 + i * GRID.dx - cx) ** 2 + (GRID.y0 + j * GRID.dy - cy) ** 2) / 120_000 ** 2;
      concentration[j * GRID.nx + i] = Math.exp(-d2);
    }
  }
  return { grid: GRID, concentration, thickness: concentration.map((c) => 2 * c), u: new Float32Array(n).fill(u), v: new Float32Array(n).fill(v) };
}

/** Centre of mass of a field on the plane, as [lon, lat]. */
function centre(field: Float32Array): [number, number] {
  let sum = 0;
  let sx = 0;
  let sy = 0;
  for (let j = 0; j < GRID.ny; j++) {
    for (let i = 0; i < GRID.nx; i++) {
      const value = field[j * GRID.nx + i];
      sum += value;
      sx += value * (GRID.x0 + i * GRID.dx);
      sy += value * (GRID.y0 + j * GRID.dy);
    }
  }
  return toPlane.inverse([sx / sum, sy / sum]);
}

/** Ground distance (km, sphere) and initial bearing (degrees clockwise from true north) from a to b. */
function travel([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): { km: number; bearing: number } {
  const r = Math.PI / 180;
  const dLon = (lon2 - lon1) * r;
  const h = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLon / 2) ** 2;
  const km = 2 * 6371 * Math.asin(Math.sqrt(h));
  const y = Math.sin(dLon) * Math.cos(lat2 * r);
  const x = Math.cos(lat1 * r) * Math.sin(lat2 * r) - Math.sin(lat1 * r) * Math.cos(lat2 * r) * Math.cos(dLon);
  return { km, bearing: ((Math.atan2(y, x) / r) % 360 + 360) % 360 };
}

const run = (state: IceState<PlanarGrid>) => runModelType('free_drift_advection', state, { time_step_hours: 6, drift_scale: 1 }, { leadHours: [24, 48, 72] });

describe('free_drift_advection on the polar stereographic plane', () => {
  // 0.25 m/s for 72 h: 64.8 km on the ground.
  const expectedKm = 0.25 * 72 * 3.6;

  for (const [name, lon, u, v, bearing] of [
    ['north, on the 100°E meridian', 100, 0, 0.25, 0],
    ['east, on the 100°E meridian', 100, 0.25, 0, 90],
    ['south-west, across 180°', 178, -0.25 / Math.SQRT2, -0.25 / Math.SQRT2, 225],
    ['north, on the grid\'s own −45° meridian', -45, 0, 0.25, 0],
  ] as const) {
    it(`carries ice ${name} as far as the drift goes on the ground`, () => {
      const start = blob(lon, 84, u, v);
      const states = run(start);
      expect(states.map((s) => s.grid)).toEqual([GRID, GRID, GRID]);
      const from = centre(start.concentration);
      const moved = travel(from, centre(states[2].concentration));
      expect(moved.km).toBeGreaterThan(expectedKm * 0.85);
      expect(moved.km).toBeLessThan(expectedKm * 1.15);
      // Bearings differ from the drift's own by half the turn of the meridians along 65 km at 84°N (< 3°).
      const off = Math.abs(((moved.bearing - bearing + 540) % 360) - 180);
      expect(off).toBeLessThan(5);
      // The drift itself persists: east/north components, as given.
      expect(states[2].u[60 * 121 + 60]).toBeCloseTo(u, 6);
      expect(states[2].v[60 * 121 + 60]).toBeCloseTo(v, 6);
    });
  }
});
