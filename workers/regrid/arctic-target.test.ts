/**
 * Real products regridded onto region `arctic` (EPSG:3413, 6.25 km): the NSIDC CDR concentration on its 25 km
 * polar stereographic grid, and OSI SAF's OSI-450 on EASE2 25 km (Lambert azimuthal equal-area). Expected: common/regrid/reference/make-arctic-reference.py (netCDF4-python + pyproj,
 * independent of this code) gives, for every 24th row and column, the 2 × 2 neighbourhood of source cells around
 * the cell centre: bilinear must lie inside its range where all four hold a value, and be missing otherwise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { regionById, type ProjectedRegion } from '../../common/regions/index.ts';
import { applyMapping, buildMapping, describeSourceGrid, readField, targetShape } from '../../common/regrid/index.ts';
import expected from '../../common/regrid/reference/arctic-expected.json' with { type: 'json' };
import { openNetcdf } from '../../netcdf/index.ts';

const FIXTURES = new URL('../../../shared/fixtures/netcdf/', import.meta.url);
const arctic = regionById('arctic') as ProjectedRegion;

describe('real polar products regridded into region arctic', () => {
  for (const c of expected.cases) {
    for (const method of ['bilinear', 'nearest'] as const) {
      it(`${c.file}: within the 2 × 2 source neighbourhood of each cell (${method})`, { timeout: 120_000 }, async () => {
        const dataset = await openNetcdf(new Uint8Array(readFileSync(new URL(c.file, FIXTURES))));
        const grid = describeSourceGrid(dataset, c.variable);
        expect(grid.kind).toBe('projected');
        const values = readField(dataset, c.variable, { time: 0 });
        dataset.close();
        const field = applyMapping(buildMapping(grid, arctic.grid, method), values);
        expect(targetShape(arctic.grid)).toEqual({ width: 1216, height: 1792 });
        expect(field.length).toBe(1216 * 1792);
        let full = 0;
        for (const [row, col, status, min, max] of c.points as [number, number, number, number | null, number | null][]) {
          const got = field[row * 1216 + col];
          const where = `row ${row} column ${col}`;
          if (status === 1) {
            full++;
            // Float32 values and weights: 1e-6 of the field's magnitude (fractions, or percent).
            const slack = 1e-6 * Math.max(1, Math.abs(max!));
            expect(got, where).toBeGreaterThanOrEqual(min! - slack);
            expect(got, where).toBeLessThanOrEqual(max! + slack);
          } else if (method === 'bilinear') {
            expect(got, where).toBeNaN();
          }
        }
        expect(full).toBe(c.full);
        expect(full).toBeGreaterThan(1700);
      });
    }
  }
});
