/**
 * The verification definitions against values worked out by hand (the areas from the formula with a
 * calculator, the sums cell by cell), and the edge length against edges of known length.
 */
import { describe, expect, it } from 'vitest';
import type { RegularGrid } from '../regular-grid.ts';
import { cellAreaKm2, greatCircleKm, rowAreasKm2 } from './grid-area.ts';
import { iceEdgeLengthKm, traceIceEdge } from './ice-edge.ts';
import { scoreFields, scoreLead, skill } from './scores.ts';
import { iceProbability, spatialProbabilityScore } from './sps.ts';

// 2 rows × 3 columns of 1°: row 0 centred on the equator, row 1 on 1°N.
/** The traced edge as [lon1, lat1, lon2, lat2, …] (degrees), four numbers per segment. */
function iceEdgeSegments(field: ArrayLike<number>, grid: RegularGrid): number[] {
  const out: number[] = [];
  const lon = (x: number) => grid.lon0 + x * grid.dlon;
  const lat = (y: number) => grid.lat0 + y * grid.dlat;
  traceIceEdge(field, grid, (x1, y1, x2, y2) => out.push(lon(x1), lat(y1), lon(x2), lat(y2)));
  return out;
}

const TINY: RegularGrid = { lon0: 0, dlon: 1, nlon: 3, lat0: 0, dlat: 1, nlat: 2 };
// R² · Δλ · (sin(φ + Δφ/2) − sin(φ − Δφ/2)) worked out for φ = 0° and 1°, Δ = 1°, R = 6371 km.
const A0 = 12364.154779389228;
const A1 = 12362.271658729198;

const FORECAST = [0.9, 0.1, NaN, 0.2, 0.5, 0.0];
const ANALYSIS = [0.8, 0.3, 0.5, 0.1, 0.5, NaN];

describe('cell areas', () => {
  it('follow the spherical band formula per row', () => {
    expect(cellAreaKm2(TINY, 0)).toBeCloseTo(A0, 6);
    expect(Array.from(rowAreasKm2(TINY))).toEqual([expect.closeTo(A0, 6), expect.closeTo(A1, 6)]);
  });

  it('sum to the area of the sphere over a global grid', () => {
    const global: RegularGrid = { lon0: 0.5, dlon: 1, nlon: 360, lat0: -89.5, dlat: 1, nlat: 180 };
    const total = rowAreasKm2(global).reduce((sum, a) => sum + a * 360, 0);
    expect(total).toBeCloseTo(4 * Math.PI * 6371 ** 2, 0);
  });

  it('do not depend on the direction of the rows', () => {
    const southward: RegularGrid = { ...TINY, lat0: 1, dlat: -1 };
    expect(cellAreaKm2(southward, 1)).toBeCloseTo(A0, 6);
  });
});

describe('scores of one lead', () => {
  it('IIEE, over/under and the area-weighted errors over the cells where both are finite', () => {
    const s = scoreFields(TINY, { concentration: FORECAST }, { concentration: ANALYSIS });
    // Cells 0, 1, 3, 4 count. Cell 1: analysis ice, forecast none (under, A0); cell 3: the reverse (over, A1).
    expect(s.n_cells).toBe(4);
    expect(s.iiee_over_km2).toBeCloseTo(A1, 6);
    expect(s.iiee_under_km2).toBeCloseTo(A0, 6);
    expect(s.iiee_km2).toBeCloseTo(24726.426438118426, 6);
    // d = 0.1, −0.2 (row 0), 0.1, 0 (row 1): Σ A d² = 0.05 A0 + 0.01 A1 over Σ A = 2 A0 + 2 A1.
    expect(s.conc_rmse).toBeCloseTo(0.12247759624606605, 12);
    expect(s.conc_mae).toBeCloseTo(0.10000380791107187, 12);
    expect(s.conc_bias).toBeCloseTo(-3.807911071869106e-6, 14);
    expect(s.thick_rmse).toBeNull();
    expect(s.thick_bias).toBeNull();
  });

  it('thickness over the cells where both thicknesses are finite, null when the analysis has none', () => {
    const forecast = { concentration: FORECAST, thickness: [2, 1, NaN, 0.5, 1, 0] };
    const withThickness = scoreFields(TINY, forecast, { concentration: ANALYSIS, thickness: [1.5, NaN, 1, 0.5, NaN, NaN] });
    // Cells 0 (d = 0.5, A0) and 3 (d = 0, A1).
    expect(withThickness.thick_bias).toBeCloseTo((0.5 * A0) / (A0 + A1), 12);
    expect(withThickness.thick_rmse).toBeCloseTo(Math.sqrt((0.25 * A0) / (A0 + A1)), 12);
    const noThickness = scoreFields(TINY, forecast, { concentration: ANALYSIS, thickness: new Array(6).fill(NaN) });
    expect(noThickness.thick_rmse).toBeNull();
    expect(noThickness.thick_bias).toBeNull();
  });

  it('persistence and skills; a skill is null when persistence scores 0', () => {
    const perfectPersistence = scoreLead({ grid: TINY, forecast: { concentration: FORECAST }, analysis: { concentration: ANALYSIS }, persistence: { concentration: ANALYSIS } });
    expect(perfectPersistence.persistence_iiee_km2).toBe(0);
    expect(perfectPersistence.persistence_conc_rmse).toBe(0);
    expect(perfectPersistence.skill_iiee).toBeNull();
    expect(perfectPersistence.skill_conc_rmse).toBeNull();

    // Persistence misses the ice of cell 0 only (under, A0); its error there is −0.7.
    const persistence = { concentration: [0.1, 0.3, 0.5, 0.1, 0.5, 0] };
    const s = scoreLead({ grid: TINY, forecast: { concentration: FORECAST }, analysis: { concentration: ANALYSIS }, persistence });
    expect(s.persistence_iiee_km2).toBeCloseTo(A0, 6);
    expect(s.skill_iiee).toBeCloseTo(1 - (A0 + A1) / A0, 12);
    // Its own cells are 0–4 (cell 2 has a persistence value): Σ A = 3 A0 + 2 A1.
    const persistenceRmse = Math.sqrt((0.49 * A0) / (3 * A0 + 2 * A1));
    expect(s.persistence_conc_rmse).toBeCloseTo(persistenceRmse, 12);
    expect(s.skill_conc_rmse).toBeCloseTo(1 - 0.12247759624606605 / persistenceRmse, 10);
    expect(s.skill_conc_rmse!).toBeGreaterThan(0);
  });

  it('edge distance is IIEE over the edge length, null without an edge', () => {
    const noEdge = scoreLead({ grid: TINY, forecast: { concentration: [0, 0, 0, 0, 0, 0] }, analysis: { concentration: [0, 0, 0, 0, 0, 0] }, persistence: null });
    expect(noEdge.edge_length_km).toBe(0);
    expect(noEdge.edge_distance_km).toBeNull();
    expect(noEdge.persistence_iiee_km2).toBeNull();
    const s = scoreLead({ grid: TINY, forecast: { concentration: FORECAST }, analysis: { concentration: ANALYSIS }, persistence: null });
    expect(s.edge_length_km).toBeGreaterThan(0);
    expect(s.edge_distance_km).toBeCloseTo(s.iiee_km2 / s.edge_length_km, 9);
  });

  it('skill: positive when better than the reference', () => {
    expect(skill(77, 100)).toBeCloseTo(0.23, 12);
    expect(skill(105, 100)).toBeCloseTo(-0.05, 12);
    expect(skill(1, 0)).toBeNull();
    expect(skill(null, 3)).toBeNull();
  });
});

describe('edge length', () => {
  const grid: RegularGrid = { lon0: 60, dlon: 0.05, nlon: 201, lat0: 70, dlat: 0.05, nlat: 201 };
  const field = (value: (lon: number, lat: number) => number, g = grid) =>
    Float64Array.from({ length: g.nlon * g.nlat }, (_, k) => value(g.lon0 + (k % g.nlon) * g.dlon, g.lat0 + Math.floor(k / g.nlon) * g.dlat));

  it('of a straight edge along a meridian is its arc, 10° of latitude = 1111.95 km', () => {
    const edge = field((lon) => 0.15 + (lon - 65.02) * 0.1);
    expect(iceEdgeLengthKm(edge, grid)).toBeCloseTo(1111.9492664455875, 6);
    // The same edge with ice on the other side, and as segments on the 65.02°E meridian.
    expect(iceEdgeLengthKm(field((lon) => 0.15 - (lon - 65.02) * 0.1), grid)).toBeCloseTo(1111.9492664455875, 6);
    const segments = iceEdgeSegments(edge, grid);
    expect(segments.length / 4).toBe(200);
    for (let k = 0; k < segments.length; k += 2) expect(segments[k]).toBeCloseTo(65.02, 9);
  });

  it('of a circular edge is 2πR·sin(r/R) within 0.5 %', () => {
    const circleGrid: RegularGrid = { lon0: 50, dlon: 0.05, nlon: 601, lat0: 71, dlat: 0.05, nlat: 161 };
    // Ice decreasing away from 75°N 65°E: 0.15 at 255 km.
    const edge = field((lon, lat) => 1 - greatCircleKm(75, 65, lat, lon) / 300, circleGrid);
    const expected = 2 * Math.PI * 6371 * Math.sin(255 / 6371);
    expect(expected).toBeCloseTo(1601.78, 2);
    expect(Math.abs(iceEdgeLengthKm(edge, circleGrid) / expected - 1)).toBeLessThan(0.005);
  });

  it('runs on up to land (one missing corner) and never along the coast', () => {
    const edge = field((lon) => 0.15 + (lon - 65.02) * 0.1);
    // A block of land cells across the edge: its squares with two or more land corners carry no edge, those
    // with one are traced as triangles, so the length drops by about the block's height, no more.
    const land = edge.slice();
    for (let j = 100; j < 110; j++) for (let i = 90; i < 120; i++) land[j * grid.nlon + i] = NaN;
    const length = iceEdgeLengthKm(land, grid);
    const cellKm = 0.05 * 111.19;
    expect(length).toBeLessThan(1111.95 - 9 * cellKm);
    expect(length).toBeGreaterThan(1111.95 - 12 * cellKm);
  });

  it('resolves a saddle by the mean of the square', () => {
    const g: RegularGrid = { lon0: 0, dlon: 1, nlon: 2, lat0: 0, dlat: 1, nlat: 2 };
    // Ice on two opposite corners (rows: [1, 0], [0, 1]): the middle (mean 0.5) is ice, so the pieces cut off
    // the open-water corners (1, 0) and (0, 1): one runs from (0.85, 0) to (1, 0.15).
    const joined = iceEdgeSegments([1, 0, 0, 1], g);
    expect(joined.length).toBe(8);
    expect(joined.slice(0, 4)).toEqual([expect.closeTo(0.85, 9), expect.closeTo(0, 9), expect.closeTo(1, 9), expect.closeTo(0.15, 9)]);
    // Mean 0.1: open water in the middle, so the pieces cut off the ice corners (0, 0) and (1, 1) instead.
    const apart = iceEdgeSegments([0.2, 0, 0, 0.2], g);
    expect(apart.length).toBe(8);
    expect(apart.slice(0, 4)).toEqual([expect.closeTo(0, 9), expect.closeTo(0.25, 9), expect.closeTo(0.25, 9), expect.closeTo(0, 9)]);
  });
});

describe('spatial probability score', () => {
  it('is the IIEE of a single member and Σ A (P − O)² of several', () => {
    const one = spatialProbabilityScore(TINY, [FORECAST], ANALYSIS)!;
    expect(one).toBeCloseTo(scoreFields(TINY, { concentration: FORECAST }, { concentration: ANALYSIS }).iiee_km2, 6);
    // Members: FORECAST and all-ice; cells 0, 1, 3, 4 (cell 2: a member is NaN; cell 5: the analysis).
    // P = 1, 0.5, 1, 1; O = 1, 1, 0, 1 → (P − O)² = 0, 0.25 (A0), 1 (A1), 0.
    const two = spatialProbabilityScore(TINY, [FORECAST, [1, 1, 1, 1, 1, 1]], ANALYSIS)!;
    expect(two).toBeCloseTo(0.25 * A0 + A1, 6);
    expect(Array.from(iceProbability([FORECAST, [1, 1, 1, 1, 1, 1]], 6))).toEqual([1, 0.5, NaN, 1, 1, 0.5]);
    expect(spatialProbabilityScore(TINY, [], ANALYSIS)).toBeNull();
  });
});
