import { describe, expect, it } from 'vitest';
import { openNetcdf } from '../../../netcdf/index.ts';
import { FILE_VARIABLES } from '../../../common/forecast-file/variables.ts';
import { decodeStateFile, encodeStateFile, type FileMetadata } from '../../src/archive/forecast-file.ts';
import { SECTOR_GRID, type Grid } from '../../src/grid/grid.ts';
import { makeGrid } from '../grid/small-grid.ts';
import type { IceState } from '../../src/grid/ice-state.ts';
import { ncdump, ncdumpValues, tempNc } from '../../../netcdf/test/ncdump.ts';

const meta: FileMetadata = {
  kind: 'assim_forecast',
  date: '2026-03-01',
  model: 'model_9',
  modelType: 'persistence',
  assimilated: true,
  source: 'демонстрационные данные',
  leadHours: [24, 48, 72],
};

/** A state whose values say where they are: thickness = latitude − 70 + lead (m), concentration = (lon − 50) / 100. */
function patternState(grid: Grid, lead: number): IceState {
  const n = grid.nlat * grid.nlon;
  const state: IceState = { grid, thickness: new Float32Array(n), concentration: new Float32Array(n), u: new Float32Array(n), v: new Float32Array(n) };
  for (let j = 0; j < grid.nlat; j++) {
    for (let i = 0; i < grid.nlon; i++) {
      const k = j * grid.nlon + i;
      state.thickness[k] = grid.lat0 + j * grid.dlat - 70 + lead;
      state.concentration[k] = (grid.lon0 + i * grid.dlon - 50) / 100;
      state.u[k] = 0.1; // due east
      state.v[k] = 0;
    }
  }
  state.thickness[0] = NaN; // a land cell, at every lead
  return state;
}

describe('forecast files', () => {
  it('puts each value at its latitude and longitude, as ncdump shows it', () => {
    const grid = makeGrid(4, 5, 70, 60, 0.25);
    const states = [0, 1, 2].map((lead) => patternState(grid, lead));
    const path = tempNc(encodeStateFile(states, meta));
    const lat = ncdumpValues(path, 'latitude');
    const lon = ncdumpValues(path, 'longitude');
    expect(lat).toEqual([70, 70.25, 70.5, 70.75]);
    expect(lon).toEqual([60, 60.25, 60.5, 60.75, 61]);
    const thickness = ncdumpValues(path, FILE_VARIABLES.thickness);
    const concentration = ncdumpValues(path, FILE_VARIABLES.concentration);
    for (let lead = 0; lead < 3; lead++) {
      for (let j = 0; j < lat.length; j++) {
        for (let i = 0; i < lon.length; i++) {
          const k = lead * 20 + j * 5 + i;
          if (j === 0 && i === 0) expect(thickness[k]).toBeNaN();
          else expect(thickness[k]).toBeCloseTo(lat[j] - 70 + lead, 2); // 1 cm kept
          expect(concentration[k]).toBeCloseTo((lon[i] - 50) / 100, 3);
        }
      }
    }
    // Eastward drift: bearing π/2 (clockwise from north), 0.1 m/s.
    for (const d of ncdumpValues(path, FILE_VARIABLES.direction)) expect(d).toBeCloseTo(Math.PI / 2, 3);
    for (const s of ncdumpValues(path, FILE_VARIABLES.speed)) expect(s).toBeCloseTo(0.1, 3);
  });

  it('has the CF attributes, lead times and global attributes of the issue', () => {
    const grid = makeGrid(3, 3);
    const path = tempNc(encodeStateFile([0, 1, 2].map((l) => patternState(grid, l)), meta));
    const header = ncdump(['-h', path]);
    for (const line of [
      'float sithick_GLORYS(time, latitude, longitude)',
      'float sea_ice_fraction_BREMEN(time, latitude, longitude)',
      'float usi_vsi_GLORYS_speed(time, latitude, longitude)',
      'float usi_vsi_GLORYS_direct(time, latitude, longitude)',
      'sithick_GLORYS:units = "m"',
      'sithick_GLORYS:standard_name = "sea_ice_thickness"',
      'sea_ice_fraction_BREMEN:standard_name = "sea_ice_area_fraction"',
      'usi_vsi_GLORYS_speed:units = "m s-1"',
      'usi_vsi_GLORYS_direct:units = "radian"',
      'sithick_GLORYS:_FillValue = NaNf',
      'sithick_GLORYS:_QuantizeBitRoundNumberOfSignificantBits = 10',
      'time:units = "hours since 2026-03-01 00:00:00"',
      'time:forecast_reference_time = "2026-03-01T00:00:00Z"',
      'latitude:units = "degrees_north"',
      'longitude:units = "degrees_east"',
      ':Conventions = "CF-1.8"',
      ':model = "model_9"',
      ':forecast_date = "2026-03-01"',
      ':assimilated = "yes"',
      ':source = "демонстрационные данные"',
    ]) {
      expect(header).toContain(line);
    }
    expect(ncdumpValues(path, 'time')).toEqual([24, 48, 72]);
  });

  it('on the full grid, the app decoder finds a cell by its coordinates', async () => {
    const states = [0, 1, 2].map((lead) => patternState(SECTOR_GRID, lead));
    const bytes = encodeStateFile(states, meta);
    expect(bytes.byteLength).toBeGreaterThan(4 * 3 * 480 * 1301 * 4);
    const dataset = await openNetcdf(bytes);
    const lat = Array.from(dataset.read('latitude'));
    const lon = Array.from(dataset.read('longitude'));
    expect(lat).toHaveLength(480);
    expect(lon).toHaveLength(1301);
    expect(lat[0]).toBeCloseTo(66.025, 9);
    expect(lat[479]).toBeCloseTo(89.975, 9);
    expect(lon[1300]).toBeCloseTo(115, 9);
    // 75.025°N, 80.00°E is row 180, column 600.
    const row = lat.findIndex((x) => Math.abs(x - 75.025) < 1e-6);
    const col = lon.findIndex((x) => Math.abs(x - 80) < 1e-6);
    expect([row, col]).toEqual([180, 600]);
    const thickness48 = dataset.read(FILE_VARIABLES.thickness, 1);
    expect(thickness48[row * 1301 + col]).toBeCloseTo(75.025 - 70 + 1, 2);

    const back = decodeStateFile(bytes, 2).state;
    expect(back.grid).toEqual(SECTOR_GRID);
    expect(back.concentration[row * 1301 + col]).toBeCloseTo(0.3, 3);
    expect(back.u[row * 1301 + col]).toBeCloseTo(0.1, 3);
    expect(back.v[row * 1301 + col]).toBeCloseTo(0, 3);
  });
});
