import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M, type Grid } from '../../src/grid/grid.ts';
import { makeGrid } from '../grid/small-grid.ts';
import type { IceState } from '../../src/grid/ice-state.ts';
import { climatology, ModelError, runModelType } from '../../src/models/index.ts';

const LEADS = [24, 48, 72];

function uniformState(grid: Grid, values: { thickness: number; concentration: number; u: number; v: number }): IceState {
  const n = grid.nlat * grid.nlon;
  return {
    grid,
    thickness: new Float32Array(n).fill(values.thickness),
    concentration: new Float32Array(n).fill(values.concentration),
    u: new Float32Array(n).fill(values.u),
    v: new Float32Array(n).fill(values.v),
  };
}

/** Centre of mass of a field, in fractional (column, row). */
function centroid(field: Float32Array, grid: Grid): [number, number] {
  let sum = 0;
  let sx = 0;
  let sy = 0;
  for (let j = 0; j < grid.nlat; j++) {
    for (let i = 0; i < grid.nlon; i++) {
      const value = field[j * grid.nlon + i];
      sum += value;
      sx += value * i;
      sy += value * j;
    }
  }
  return [sx / sum, sy / sum];
}

describe('persistence', () => {
  it('returns the initial state at every lead time', () => {
    const grid = makeGrid(5, 6);
    const initial = uniformState(grid, { thickness: 1.2, concentration: 0.8, u: 0.1, v: -0.05 });
    initial.thickness[7] = NaN;
    initial.concentration[3] = 0.25;
    const run = runModelType('persistence', initial, {}, { leadHours: LEADS });
    expect(run).toHaveLength(3);
    for (const state of run) {
      expect(Array.from(state.thickness)).toEqual(Array.from(initial.thickness));
      expect(Array.from(state.concentration)).toEqual(Array.from(initial.concentration));
      expect(Array.from(state.u)).toEqual(Array.from(initial.u));
      expect(Array.from(state.v)).toEqual(Array.from(initial.v));
    }
  });
});

describe('free_drift_advection', () => {
  it('keeps a uniform field uniform', () => {
    const grid = makeGrid(40, 50, 75, 70, 0.05);
    const initial = uniformState(grid, { thickness: 2, concentration: 0.9, u: 0.2, v: 0.15 });
    const run = runModelType('free_drift_advection', initial, { time_step_hours: 3, drift_scale: 1 }, { leadHours: LEADS });
    for (const state of run) {
      for (const value of state.thickness) expect(value).toBeCloseTo(2, 5);
      for (const value of state.concentration) expect(value).toBeCloseTo(0.9, 5);
    }
  });

  it('moves a blob by speed × time, within one cell', () => {
    // 0.2° cells at 80°N; the blob sits in the middle, drift 0.15 m/s towards the north-east.
    const grid = makeGrid(60, 120, 78, 60, 0.2 / 4);
    const u = 0.1;
    const v = 0.1;
    const initial = uniformState(grid, { thickness: 0, concentration: 0, u, v });
    const [ci, cj] = [40, 20];
    for (let j = 0; j < grid.nlat; j++) {
      for (let i = 0; i < grid.nlon; i++) {
        const r2 = (i - ci) ** 2 + (j - cj) ** 2;
        initial.concentration[j * grid.nlon + i] = Math.exp(-r2 / 8);
        initial.thickness[j * grid.nlon + i] = 2 * Math.exp(-r2 / 8);
      }
    }
    const run = runModelType('free_drift_advection', initial, { time_step_hours: 6, drift_scale: 1 }, { leadHours: LEADS });
    const [x0, y0] = centroid(initial.concentration, grid);
    for (const [lead, hours] of LEADS.entries()) {
      const seconds = hours * 3600;
      const lat = grid.lat0 + y0 * grid.dlat;
      // Expected displacement in cells: east u·t over the parallel's cell width, north v·t over the meridian's.
      const dx = (u * seconds) / (EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180) * ((grid.dlon * Math.PI) / 180));
      const dy = (v * seconds) / (EARTH_RADIUS_M * ((grid.dlat * Math.PI) / 180));
      const [x, y] = centroid(run[lead].concentration, grid);
      expect(Math.hypot(x - (x0 + dx), y - (y0 + dy))).toBeLessThan(1);
      expect(x - x0).toBeGreaterThan(dx / 2); // it did move, by about the right amount
    }
  });

  it('without thickness (concentration and drift only, as OSI SAF gives) moves the ice edge by drift × time', () => {
    // An ice edge running north-south at column 30 of a 0.05° grid at 80°N; drift 0.1 m/s east where there is
    // ice (none analysed over open water); no thickness anywhere.
    const grid = makeGrid(40, 120, 78, 60, 0.05);
    const u = 0.1;
    const initial = uniformState(grid, { thickness: NaN, concentration: 0, u, v: 0 });
    for (let j = 0; j < grid.nlat; j++) {
      for (let i = 0; i < grid.nlon; i++) {
        const k = j * grid.nlon + i;
        if (i < 30) initial.concentration[k] = 1;
        else initial.u[k] = initial.v[k] = NaN;
      }
    }
    const run = runModelType('free_drift_advection', initial, { time_step_hours: 6, drift_scale: 1 }, { leadHours: LEADS });
    const row = 20;
    const lat = grid.lat0 + row * grid.dlat;
    /** Fractional column where the concentration along `row` first falls below 0.5. */
    const edge = (field: Float32Array) => {
      for (let i = 1; i < grid.nlon; i++) {
        const [a, b] = [field[row * grid.nlon + i - 1], field[row * grid.nlon + i]];
        if (a >= 0.5 && b < 0.5) return i - 1 + (a - 0.5) / (a - b);
      }
      return NaN;
    };
    const start = edge(initial.concentration);
    for (const [lead, hours] of LEADS.entries()) {
      const cells = (u * hours * 3600) / (EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180) * ((grid.dlon * Math.PI) / 180));
      expect(cells).toBeGreaterThan(5 * (lead + 1)); // far more than a cell a day: persistence cannot pass
      expect(Math.abs(edge(run[lead].concentration) - (start + cells)), `+${hours} h`).toBeLessThan(0.5);
      expect(run[lead].thickness.every((value) => Number.isNaN(value)), 'no thickness is made up').toBe(true);
    }
  });

  it('keeps land NaN and the scaled drift', () => {
    const grid = makeGrid(10, 10);
    const initial = uniformState(grid, { thickness: 1, concentration: 1, u: 0.1, v: 0 });
    initial.thickness[55] = NaN;
    initial.concentration[55] = NaN;
    initial.u[55] = NaN;
    initial.v[55] = NaN;
    const [day1] = runModelType('free_drift_advection', initial, { drift_scale: 0.5 }, { leadHours: [24] });
    expect(day1.thickness[55]).toBeNaN();
    expect(day1.concentration[55]).toBeNaN();
    expect(day1.u[0]).toBeCloseTo(0.05, 6);
  });

  it('rejects hyperparameters out of range', () => {
    const initial = uniformState(makeGrid(3, 3), { thickness: 1, concentration: 1, u: 0, v: 0 });
    expect(() => runModelType('free_drift_advection', initial, { time_step_hours: -1 }, { leadHours: LEADS })).toThrow(ModelError);
    expect(() => runModelType('no_such_model', initial, {}, { leadHours: LEADS })).toThrow(/unknown model_type/);
  });
});

describe('damped_anomaly', () => {
  it('decays the anomaly from the climatology with the e-folding time', () => {
    const grid = makeGrid(2, 2);
    const clim = uniformState(grid, { thickness: 1, concentration: 0.5, u: 0, v: 0 });
    const initial = uniformState(grid, { thickness: 3, concentration: 0.9, u: 0.2, v: 0 });
    const run = runModelType('damped_anomaly', initial, { e_folding_days: 2 }, { leadHours: LEADS, climatology: clim });
    for (const [lead, hours] of LEADS.entries()) {
      const keep = Math.exp(-hours / 24 / 2);
      expect(run[lead].thickness[0]).toBeCloseTo(1 + 2 * keep, 5);
      expect(run[lead].concentration[3]).toBeCloseTo(0.5 + 0.4 * keep, 5);
      expect(run[lead].u[1]).toBeCloseTo(0.2 * keep, 5);
    }
    expect(() => runModelType('damped_anomaly', initial, {}, { leadHours: LEADS })).toThrow(/climatology/);
  });

  it('uses the mean of the archive as climatology, ignoring missing drift', () => {
    const grid = makeGrid(1, 2);
    const a = uniformState(grid, { thickness: 1, concentration: 0.2, u: 0.1, v: 0 });
    const b = uniformState(grid, { thickness: 3, concentration: 0.6, u: NaN, v: NaN });
    const mean = climatology([a, b]);
    expect(Array.from(mean.thickness)).toEqual([2, 2]);
    expect(mean.concentration[0]).toBeCloseTo(0.4, 6);
    expect(mean.u[0]).toBeCloseTo(0.1, 6);
  });
});
