import { describe, expect, it } from 'vitest';
import { ru } from '../../../i18n/ru.ts';
import { polarisReadoutLines } from './polaris-readout.ts';
import { fieldCellAt, fieldGridOfPlanar } from '../../../../common/field-grid.ts';
import { regionById } from '../../../../common/regions/index.ts';

const grid = { lon0: 50, dlon: 1, nlon: 3, lat0: 80, dlat: 1, nlat: 1 };
const slice = (values: number[]) => ({ data: Float32Array.from(values), width: 3, height: 1, min: 0, max: 1 });
const field = { grid, slice: { concentration: slice([0.9, 0, Number.NaN]), thickness: slice([1.5, 0, Number.NaN]) } };

describe('POLARIS readout', () => {
  it('gives RIO, ice type, concentration, thickness and category of the cell under the cursor', () => {
    // PC7, 9/10 thick first-year (RIV −2) + 1/10 open water (3): 3 − 18 = −15 → special consideration.
    expect(polarisReadoutLines(field, 'PC7', 50.2, 80.1)).toEqual([
      'RIO: -15.0',
      `Тип льда: ${ru.polaris.iceTypes.thick_first_year}`,
      'Сплочённость: 0.90',
      'Толщина: 1.50 м',
      'Категория: Требует особого рассмотрения',
    ]);
    // PC4: RIV 1 → 3 + 9 = 12, normal.
    expect(polarisReadoutLines(field, 'PC4', 50.2, 80.1).at(-1)).toBe('Категория: Обычная эксплуатация');
    expect(polarisReadoutLines(field, 'PC7', 51, 80)[0]).toBe('RIO: 30.0');
  });

  it('says there is no data on land and outside the grid', () => {
    expect(polarisReadoutLines(field, 'PC7', 52, 80)).toEqual(['RIO: Нет данных']);
    expect(polarisReadoutLines(field, 'PC7', 70, 80)).toEqual(['RIO: Нет данных']);
  });
});

describe('POLARIS readout on the whole Arctic', () => {
  it('reads both fields at the cell under the cursor of the polar stereographic grid', () => {
    const region = regionById('arctic');
    if (region.kind !== 'projected') throw new Error('arctic is projected');
    const arctic = fieldGridOfPlanar(region.grid)!;
    const n = arctic.nx * arctic.ny;
    const concentration = new Float32Array(n).fill(Number.NaN);
    const thickness = new Float32Array(n).fill(Number.NaN);
    // The cell pyproj puts 75°N 179.9°W in (common/regions/reference/expected.json): 9/10 thick first-year ice.
    const cell = fieldCellAt(arctic, -179.9, 75);
    expect(cell).toBe(913646);
    concentration[cell] = 0.9;
    thickness[cell] = 1.5;
    const slices = { concentration: { data: concentration, width: arctic.nx, height: arctic.ny, min: 0.9, max: 0.9 }, thickness: { data: thickness, width: arctic.nx, height: arctic.ny, min: 1.5, max: 1.5 } };
    expect(polarisReadoutLines({ grid: arctic, slice: slices }, 'PC7', -179.9, 75)[0]).toBe('RIO: -15.0');
    // 0.1° further west, across 180°: another cell, with no data.
    expect(polarisReadoutLines({ grid: arctic, slice: slices }, 'PC7', 179.9, 75)).toEqual(['RIO: Нет данных']);
  });
});
