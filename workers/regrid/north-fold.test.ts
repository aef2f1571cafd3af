/**
 * The pole from an ocean-model grid: CanESM5's ORCA1 tripolar grid joins across its north fold (and is periodic
 * in i), and the regridder must fill the cells near the pole from the cells on both sides of the fold. Expected
 * values: common/regrid/reference/make-fold-reference.py (netCDF4-python + scipy, independent of this code) gives,
 * for sampled target cells whose 9 nearest source centres are all sea, the range of those 9 values and the nearest
 * one. Bilinear weights are convex, so a value outside the range (or none) is wrong.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORECAST_GRID } from '../../common/forecast-file/grid.ts';
import { applyMapping, buildMapping, describeSourceGrid, readField } from '../../common/regrid/index.ts';
import expected from '../../common/regrid/reference/fold-expected.json' with { type: 'json' };
import { openNetcdf } from '../../netcdf/index.ts';

const FIXTURES = new URL('../../../shared/fixtures/netcdf/', import.meta.url);

async function canEsm5() {
  const dataset = await openNetcdf(new Uint8Array(readFileSync(new URL(expected.file, FIXTURES))));
  const grid = describeSourceGrid(dataset, expected.variable);
  const values = readField(dataset, expected.variable, { time: expected.time_index });
  dataset.close();
  return { grid, values };
}

describe('regridding across the north fold of a tripolar grid (CMIP6 CanESM5, ORCA1)', () => {
  it('finds the fold and the periodic columns in the cell vertices', async () => {
    const { grid } = await canEsm5();
    expect(grid.kind).toBe('latlon2d');
    if (grid.kind !== 'latlon2d') return;
    expect(grid.description).toBe('curvilinear lat/lon 360×291, joined across the east seam and the north fold');
    // Across the top edge of the last row's cell i lies the same row's cell 359 − i (the fold, from the vertices).
    const top = 290 * 360;
    expect(grid.seams?.north?.[60]).toBe(top + 299);
    expect(grid.seams?.north?.[100]).toBe(top + 259);
    // East of the last column lies the first, in the same row.
    expect(grid.seams?.east?.[100]).toBe(100 * 360);
  });

  for (const method of ['bilinear', 'nearest'] as const) {
    it(`fills every sampled sector cell with an all-sea neighbourhood up to the pole (${method})`, async () => {
      const { grid, values } = await canEsm5();
      const field = applyMapping(buildMapping(grid, FORECAST_GRID, method), values);
      const points = expected.targets.sector.points;
      expect(points.length).toBeGreaterThan(800);
      expect(points.filter((p) => p.lat >= 82).length).toBeGreaterThan(400);
      const missing: string[] = [];
      let compared = 0;
      for (const p of points) {
        const got = field[p.row * FORECAST_GRID.nlon + p.col];
        const where = `${p.lat}°N ${p.lon}°E`;
        if (Number.isNaN(got)) {
          missing.push(where);
          continue;
        }
        // Float32 storage of the file's values and of the weights: 1e-4 of a percent.
        expect(got, where).toBeGreaterThanOrEqual(p.min - 1e-4);
        expect(got, where).toBeLessThanOrEqual(p.max + 1e-4);
        if (method === 'nearest' && !p.tie) {
          expect(Math.abs(got - p.nearest), `${where}: ${got} vs ${p.nearest}`).toBeLessThanOrEqual(1e-4);
          compared++;
        }
      }
      expect(missing, `${missing.length} of ${points.length} cells without a value`).toEqual([]);
      if (method === 'nearest') expect(compared).toBeGreaterThan(700);
    });
  }
});
