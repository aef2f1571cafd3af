import { describe, expect, it } from 'vitest';
import { ru } from '../../../i18n/ru.ts';
import { polarisReadoutLines } from './polaris-readout.ts';

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
