import { describe, expect, it } from 'vitest';
import type { RegularGrid } from '../../../../workers/forecast.api.ts';
import { driftComponents } from '../../../../common/drift.ts';
import { driftReadoutAt } from './drift-readout.ts';
import { fieldGridOfPlanar } from '../../../../common/field-grid.ts';
import { regionById } from '../../../../common/regions/index.ts';

// 4 × 3 cells: lon 100..103°E, lat 80, 79, 78°N (rows go south, as in many files).
const grid: RegularGrid = { lon0: 100, dlon: 1, nlon: 4, lat0: 80, dlat: -1, nlat: 3 };

function fieldWith(cells: Record<number, [speed: number, bearingRad: number] | null>) {
  const data = new Float32Array(4 * 3 * 2).fill(NaN);
  for (const [k, value] of Object.entries(cells)) {
    if (!value) continue;
    const { data: uv } = driftComponents([value[0]], [value[1]]);
    data[Number(k) * 2] = uv[0];
    data[Number(k) * 2 + 1] = uv[1];
  }
  return { data, grid };
}

describe('driftReadoutAt', () => {
  it('reads speed and bearing of the cell under the cursor', () => {
    // Cell (i=2, j=1) is 102°E, 79°N: 0.23 m/s towards the south-east.
    const field = fieldWith({ [1 * 4 + 2]: [0.23, (135 * Math.PI) / 180] });
    const readout = driftReadoutAt(field, 102.2, 78.7);
    expect(readout.text).toBe('Sea current: 0.23 m/s, 135°');
    expect(readout.hasData && readout.directionText).toBe('135°');
  });

  it('reads east as 90° and a bearing just below north as 0°', () => {
    const field = fieldWith({ 0: [0.5, Math.PI / 2], 1: [0.1, (359.7 * Math.PI) / 180] });
    expect(driftReadoutAt(field, 100, 80).text).toBe('Sea current: 0.50 m/s, 90°');
    expect(driftReadoutAt(field, 101, 80).text).toBe('Sea current: 0.10 m/s, 0°');
  });

  it("says 'No data' on NaN cells, outside the grid and before any field", () => {
    const field = fieldWith({ 0: [0.5, 0] });
    expect(driftReadoutAt(field, 103, 78).text).toBe('Sea current: No data');
    expect(driftReadoutAt(field, 120, 79).text).toBe('Sea current: No data');
    expect(driftReadoutAt(field, 101, 60).text).toBe('Sea current: No data');
    expect(driftReadoutAt(null, 101, 79).hasData).toBe(false);
  });
});

describe('driftReadoutAt on the whole Arctic’s polar stereographic grid', () => {
  it('reads the drift of the cell pyproj puts the cursor in, as a bearing from true north', () => {
    const region = regionById('arctic');
    if (region.kind !== 'projected') throw new Error('arctic is projected');
    const arctic = fieldGridOfPlanar(region.grid)!;
    const data = new Float32Array(2 * arctic.nx * arctic.ny).fill(Number.NaN);
    // 75°N 179.9°W: cell 913 646 (common/regions/reference/expected.json), 0.25 m/s towards 135°.
    const { data: uv } = driftComponents([0.25], [(135 * Math.PI) / 180]);
    data.set(uv, 2 * 913_646);
    const readout = driftReadoutAt({ data, grid: arctic }, -179.9, 75);
    expect(readout.text).toBe('Sea current: 0.25 m/s, 135°');
    expect(driftReadoutAt({ data, grid: arctic }, 179.9, 75).hasData).toBe(false);
  });
});
