/**
 * The decode worker's code (ForecastService, in process) on a file of region `arctic` (netcdf/region-file/):
 * it opens, gives the leads, and hands out unpacked slices of the 1216 × 1792 polar stereographic grid.
 */
import { describe, expect, it } from 'vitest';
import { FILE_VARIABLES } from '../../common/forecast-file/variables.ts';
import { regionById, type ProjectedRegion } from '../../common/regions/index.ts';
import { encodeRegionFile } from '../../netcdf/region-file/index.ts';
import { ForecastService } from '../forecast-service.ts';
import { NSIDC_NORTH, polarForward } from '../../common/polar-stereographic.ts';

const arctic = regionById('arctic') as ProjectedRegion;
const [NY, NX] = arctic.shape;

/** Concentration = column / 2000 (NaN on column 0), thickness = row / 1000 m, drift 0.2 m/s towards the east. */
function lead(): { thickness: Float32Array; concentration: Float32Array; u: Float32Array; v: Float32Array } {
  const n = NX * NY;
  const f = { thickness: new Float32Array(n), concentration: new Float32Array(n), u: new Float32Array(n).fill(0.2), v: new Float32Array(n) };
  for (let k = 0; k < n; k++) {
    const i = k % NX;
    f.concentration[k] = i === 0 ? NaN : i / 2000;
    f.thickness[k] = Math.floor(k / NX) / 1000;
  }
  return f;
}

describe('the decode worker on a file of region arctic', () => {
  it('opens it and gives unpacked slices of the polar grid', { timeout: 120_000 }, async () => {
    const bytes = encodeRegionFile(arctic, [lead(), lead(), lead()], {
      kind: 'forecast', date: '2026-03-01', model: 'model_2', assimilated: false, source: 'test', leadHours: [24, 48, 72],
    });
    const service = new ForecastService();
    const meta = await service.open({ key: 'arctic', bytes: bytes.slice().buffer }, 'r1');
    expect(meta.leadHours).toEqual([24, 48, 72]);
    // Its grid from the x/y axes and the CF polar_stereographic mapping: the region's own, EPSG:3413's parameters.
    expect(meta.grid).toEqual({ kind: 'projected', ...arctic.grid, projection: NSIDC_NORTH });
    expect(meta.attributes.region).toBe('arctic');

    const concentration = await service.scalarSlice('arctic', FILE_VARIABLES.concentration, 1);
    expect([concentration.width, concentration.height]).toEqual([1216, 1792]);
    expect(concentration.data[5 * NX]).toBeNaN();
    expect(concentration.data[5 * NX + 1000]).toBeCloseTo(0.5, 4);
    expect(concentration.max).toBeCloseTo(1215 / 2000, 4);
    const thickness = await service.scalarSlice('arctic', FILE_VARIABLES.thickness, 2);
    expect(thickness.data[1791 * NX + 7]).toBeCloseTo(1.791, 3);

    // The ice edge at concentration 0.3 follows column 600 (0.3 = 600 / 2000), the plane's x = x0 + 600·dx.
    const edge = await service.contour('arctic', FILE_VARIABLES.concentration, 1, 0.3);
    expect(edge.starts.length).toBeGreaterThan(0);
    for (let k = 0; k < edge.coordinates.length; k += 2) {
      const [x] = polarForward(NSIDC_NORTH, edge.coordinates[k], edge.coordinates[k + 1]);
      expect(Math.abs(x - (arctic.grid.x0 + 600 * arctic.grid.dx))).toBeLessThan(1);
    }

    const drift = await service.driftSlice('arctic', 0);
    expect([drift.width, drift.height]).toEqual([1216, 1792]);
    expect(drift.maxSpeed).toBeCloseTo(0.2, 4);
  });
});
