/**
 * The regridder against pyproj/scipy: common/regrid/reference/expected.json is made by make-reference.py (see its
 * docstring for the rules) from the real fixtures in ../shared/fixtures/netcdf. Tolerances:
 * - nearest: the same source cell, so the same value up to float32 storage (|Δ| ≤ 1e-6·max(1, |v|)); points
 *   the script flags as ties (two centres within 1 % of the same distance, or exactly half a cell) are skipped,
 *   as either answer is right.
 * - bilinear: weights are float32 here, float64 in scipy: |Δ| ≤ 1e-4 of the field's magnitude scale
 *   (100 for %, 1 for fractions and metres), far below what a colour ramp can show.
 * - valid target cells: projected grids within 2 cells of 624,480 (a cell centre within metres of a footprint
 *   or land edge can fall either way: the target lattice interpolation is ≤ ~5 m, see target-points.ts);
 *   curvilinear grids within 0.01 % (points on a shared quadrilateral edge, float rounding of the plane).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openNetcdf } from '../netcdf/index.ts';
import { applyMapping, buildMapping, describeSourceGrid, readField } from '../../common/regrid/index.ts';
import expected from '../../common/regrid/reference/expected.json' with { type: 'json' };

const FIXTURES = new URL('../../../shared/fixtures/netcdf/', import.meta.url);
const TARGET = expected.target;

describe('regrid against the pyproj/scipy reference', () => {
  for (const c of expected.cases) {
    it(`${c.file} ${c.variable} (${c.kind})`, async () => {
      const dataset = await openNetcdf(new Uint8Array(readFileSync(new URL(c.file, FIXTURES))));
      const grid = describeSourceGrid(dataset, c.variable);
      expect(grid.kind).toBe(c.kind);
      const values = readField(dataset, c.variable, { time: c.time_index });
      const scale = Math.max(1, ...Array.from(values).filter(Number.isFinite).map(Math.abs)) > 1.5 ? 100 : 1;
      for (const method of ['nearest', 'bilinear'] as const) {
        const field = applyMapping(buildMapping(grid, TARGET, method), values);
        const valid = field.reduce((n, v) => n + (Number.isNaN(v) ? 0 : 1), 0);
        const allowed = c.kind === 'projected' ? 2 : Math.ceil(c.valid[method] * 1e-4);
        expect(Math.abs(valid - c.valid[method]), `${method} valid cells ${valid} vs ${c.valid[method]}`).toBeLessThanOrEqual(allowed);
        let compared = 0;
        for (const p of c.points) {
          if (method === 'nearest' && p.tie) continue;
          const got = field[p.row * TARGET.nlon + p.col];
          const want = p[method];
          const where = `${method} at ${p.lat}°N ${p.lon}°E`;
          if (want === null) {
            expect(got, where).toBeNaN();
          } else {
            const tolerance = method === 'nearest' ? 1e-6 * Math.max(1, Math.abs(want)) : 1e-4 * scale;
            expect(Math.abs(got - want), `${where}: ${got} vs ${want}`).toBeLessThanOrEqual(tolerance);
          }
          compared++;
        }
        expect(compared).toBeGreaterThanOrEqual(50);
      }
      dataset.close();
    });
  }
});
