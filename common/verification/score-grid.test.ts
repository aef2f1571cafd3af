/**
 * The scores on a projected plane (score-grid.ts): cell areas against the conformal scale of a spherical polar
 * stereographic projection worked out by formula, the edge's length along a known parallel, and the scores of a
 * plane field summed cell by cell.
 */
import { describe, expect, it } from 'vitest';
import type { PlanarGrid } from '../planar-grid.ts';
import { regionById } from '../regions/index.ts';
import { greatCircleKm } from './grid-area.ts';
import { iceEdgeLengthKm } from './ice-edge.ts';
import { cellAreasKm2, planarCellAreasKm2, scoreGridLonLat } from './score-grid.ts';
import { scoreFields } from './scores.ts';
import { spatialProbabilityScore } from './sps.ts';

const R = 6371; // km, the scores' sphere
const RAD = Math.PI / 180;
// Polar stereographic on that sphere, true scale at 70°N: ρ = R·(1 + sin 70°)·tan(45° − φ/2), scale k = (1 + sin 70°)/(1 + sin φ).
const SPHERE = '+proj=stere +lat_0=90 +lat_ts=70 +lon_0=-45 +R=6371000 +units=m +no_defs';
const K0 = 1 + Math.sin(70 * RAD);
const latOfRho = (rhoKm: number) => 90 - 2 * Math.atan(rhoKm / (R * K0)) / RAD;

/** 6.25 km cells: a row from the pole outwards along x (y = 0 is a cell edge, so row 0 lies just above it). */
const ROW: PlanarGrid = { proj4: SPHERE, x0: 3125, dx: 6250, nx: 640, y0: 3125, dy: -6250, ny: 2 };

describe('cell areas on a plane', () => {
  it('are dx·dy / k² of the conformal projection at the cell centre, to 1e-5', () => {
    const areas = planarCellAreasKm2(ROW);
    expect(areas).toHaveLength(ROW.nx * ROW.ny);
    for (const i of [0, 1, 10, 100, 300, 639]) {
      const x = ROW.x0 + i * ROW.dx;
      const y = ROW.y0;
      const lat = latOfRho(Math.hypot(x, y) / 1000);
      const k = K0 / (1 + Math.sin(lat * RAD));
      expect(areas[i] / ((6.25 * 6.25) / (k * k)), `column ${i}`).toBeCloseTo(1, 5);
    }
  });

  it('cellAreasKm2 gives one area per cell on a plane, one per row on latitude/longitude', () => {
    expect(cellAreasKm2(ROW)).toHaveLength(1280);
    expect(cellAreasKm2({ lon0: 0, dlon: 1, nlon: 3, lat0: 0, dlat: 1, nlat: 2 })).toHaveLength(2);
  });

  it("of the whole Arctic's grid are about 41.5 km² at the pole and 39 km² at 70°N (6.25 km cells true at 70°N)", () => {
    const arctic = regionById('arctic');
    if (arctic.kind !== 'projected') throw new Error('arctic is projected');
    // The four cells around the pole (a cell corner) and a strip of cells around x = 0 at ρ ≈ 2 200 km (≈ 70°N).
    const g = arctic.grid;
    const pole: PlanarGrid = { ...g, x0: -3125, nx: 2, y0: 3125, ny: 2 };
    for (const a of planarCellAreasKm2(pole)) expect(a).toBeCloseTo(41.5, 0);
    const at70: PlanarGrid = { ...g, x0: 3125, nx: 1, y0: -2_212_500, ny: 1 };
    const [lon, lat] = scoreGridLonLat(at70, 0, 0);
    expect(lat).toBeCloseTo(70, 0);
    expect(lon).toBeCloseTo(-45, 0); // straight down the plane from the pole: the central meridian
    expect(planarCellAreasKm2(at70)[0]).toBeCloseTo(39.06, 0);
  });
});

describe('scores on a plane', () => {
  // 2 rows × 3 columns of 6.25 km beside the pole.
  const TINY: PlanarGrid = { ...ROW, nx: 3 };
  const areas = planarCellAreasKm2(TINY);

  it('IIEE and the errors weight each cell by its own area', () => {
    const forecast = [0.9, 0.1, NaN, 0.2, 0.5, 0.0];
    const truth = [0.8, 0.3, 0.5, 0.1, 0.5, NaN];
    const s = scoreFields(TINY, { concentration: forecast }, { concentration: truth });
    // Cells 0, 1, 3, 4 count; cell 1 is under (truth ice), cell 3 over.
    expect(s.n_cells).toBe(4);
    expect(s.iiee_under_km2).toBeCloseTo(areas[1], 9);
    expect(s.iiee_over_km2).toBeCloseTo(areas[3], 9);
    const w = [areas[0], areas[1], areas[3], areas[4]];
    const d = [0.1, -0.2, 0.1, 0];
    const sw = w.reduce((a, b) => a + b, 0);
    expect(s.conc_bias).toBeCloseTo(w.reduce((a, wk, k) => a + wk * d[k], 0) / sw, 12);
    expect(s.conc_rmse).toBeCloseTo(Math.sqrt(w.reduce((a, wk, k) => a + wk * d[k] ** 2, 0) / sw), 12);
  });

  it('SPS of one member is its IIEE', () => {
    const member = [0.9, 0.1, 0.0, 0.2, 0.5, 0.0];
    const truth = [0.8, 0.3, 0.5, 0.1, 0.5, 0.0];
    expect(spatialProbabilityScore(TINY, [member], truth)).toBeCloseTo(scoreFields(TINY, { concentration: member }, { concentration: truth }).iiee_km2, 9);
  });

  it('the edge of a field with ice in the columns nearest the pole runs between columns 1 and 2, across both rows', () => {
    const field = [1, 1, 0, 1, 1, 0];
    // Contour 0.15 crosses the side from column 1 (1) to column 2 (0) at t = 0.85, in both rows: one segment.
    const [lon1, lat1] = scoreGridLonLat(TINY, 1.85, 0);
    const [lon2, lat2] = scoreGridLonLat(TINY, 1.85, 1);
    expect(iceEdgeLengthKm(field, TINY)).toBeCloseTo(greatCircleKm(lat1, lon1, lat2, lon2), 9);
    // 6.25 km in the plane, less on the sphere where k > 1 (k ≈ 0.97 this near the pole: a little more).
    expect(iceEdgeLengthKm(field, TINY)).toBeCloseTo(6.25 / (K0 / 2), 2);
  });
});
