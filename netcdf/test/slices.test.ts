/** One index along the first dimension (a record / lead time) equals the same block of the full read. */
import { describe, expect, it } from 'vitest';
import { NetcdfNotFoundError } from '../errors.ts';
import { openNetcdf } from '../open-netcdf.ts';
import { numericTypes } from '../types.ts';
import { fixture } from './fixture-paths.ts';

const files = [
  'arctic/Arctic20_1to5Feb_2016.nc', // 64-bit offset, int16 packed, record dimension time
  'arctic-derived/Arctic20_1to5Feb_2016.cdf5.nc', // the same as CDF-5
  'peer-netcdfjs/madis-sao.nc', // classic, 178 records, many record variables (padded record layout)
  'peer-netcdfjs/model1_md2.nc', // 64-bit offset, float record variables
  'peer-netcdf-c/ref_nctest_classic.nc', // byte/short record variables
  'peer-netcdf-c/nctest_netcdf4_classic.nc', // NetCDF-4 chunked record variables
  'arctic/ice_conc_nh_ease2-250_cdr-v3p1_202002.nc', // NetCDF-4 shuffle + deflate
];

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

describe('slices along the first dimension', () => {
  for (const file of files) {
    it(`${file}: every slab of every numeric variable equals its block of the full read`, async () => {
      const ds = await openNetcdf(fixture(file));
      let compared = 0;
      for (const v of ds.variables) {
        if (!numericTypes.has(v.type) || v.shape.length === 0 || v.shape[0] === 0) continue;
        const full = ds.read(v.name);
        const slab = full.length / v.shape[0];
        // at most 4 indices per variable: first, last and two between
        const indices = [...new Set([0, v.shape[0] - 1, v.shape[0] >> 1, v.shape[0] >> 2])];
        for (const index of indices) {
          const part = ds.read(v.name, index);
          expect(part.length, `${v.name}[${index}]`).toBe(slab);
          expect(sameValues(part, full.subarray(index * slab, (index + 1) * slab)), `${v.name}[${index}]`).toBe(true);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(0);
      ds.close();
    });
  }

  it('a slab read keeps the full read’s element type and missing values', async () => {
    const ds = await openNetcdf(fixture('arctic/Arctic20_1to5Feb_2016.nc'));
    const lead = ds.read('aice', 2);
    expect(lead).toBeInstanceOf(Float32Array);
    expect(lead.length).toBe(ds.variable('aice').shape.slice(1).reduce((a, b) => a * b, 1));
    expect(lead.some((x) => Number.isNaN(x))).toBe(true); // land is masked
  });

  it('refuses an index outside the first dimension', async () => {
    const ds = await openNetcdf(fixture('arctic/Arctic20_1to5Feb_2016.nc'));
    expect(() => ds.read('aice', 5)).toThrow(NetcdfNotFoundError);
    expect(() => ds.read('aice', -1)).toThrow(NetcdfNotFoundError);
    expect(() => ds.read('no_such_variable')).toThrow(NetcdfNotFoundError);
    const nc4 = await openNetcdf(fixture('arctic/ice_conc_nh_ease2-250_cdr-v3p1_202002.nc'));
    expect(() => nc4.read('ice_conc', 1)).toThrow(NetcdfNotFoundError);
    nc4.close();
  });
});
