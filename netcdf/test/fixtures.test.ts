/**
 * Every file in ../shared/fixtures/netcdf/ is read with the numbers netCDF4-python gives (auto mask and
 * scale; expected/fixtures.json made by expected/make-expected.py), or rejected with the error named below.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeNetcdf, type FileSummary } from '../describe.ts';
import { openNetcdf } from '../open-netcdf.ts';
import type { VariableStats } from '../stats.ts';
import { fixture } from './fixture-paths.ts';

interface ExpectedFile {
  error?: string;
  format?: string;
  variables?: Record<string, VariableStats>;
}
const expected: Record<string, ExpectedFile> = JSON.parse(
  readFileSync(resolve(import.meta.dirname, 'expected/fixtures.json'), 'utf8'),
).files;

/** Files we refuse, with the error a caller sees (netCDF4-python's verdict in the comment). */
const rejectedFiles: Record<string, [string, RegExp]> = {
  // libnetcdf: "Unknown file format"; the header's var_big begins 8 GiB into a 220-byte file.
  'peer-netcdf-c/bad_cdf5_begin.nc': ['NetcdfTruncatedError', /var_big needs bytes up to 8589934810/],
  // libnetcdf fails too (type 12 is NC_STRING, not allowed in CDF-5).
  'peer-pnetcdf/bad_xtype.nc5': ['NetcdfFormatError', /unknown NetCDF type code 12/],
  // libnetcdf 4.9.0 opens it, but the CDF-5 spec allows one unlimited dimension (the issue asks to refuse).
  'peer-pnetcdf/bad_unlimited.nc5': ['NetcdfFormatError', /2 unlimited dimensions/],
};

/** Variables we cannot decode although Debian's libhdf5 can, and the error ncstats shows for them. */
const rejectedVariables: Record<string, Record<string, [string, RegExp]>> = {
  'peer-netcdf-c/ref_szip.h5': { dset_szip: ['UnsupportedFeatureError', /HDF5 filter SZIP \(id 4\)/] },
  'peer-h5wasm/compressed.h5': { szip: ['UnsupportedFeatureError', /HDF5 filter SZIP \(id 4\)/] },
  'peer-jsfive/test.h5': { f2: ['UnsupportedFeatureError', /16-bit floats/] },
};

/** Variables netCDF4-python cannot read at all, with what we return instead. */
const pythonFailures: Record<string, Record<string, Partial<VariableStats>>> = {
  // An HDF5 dataset with a NULL dataspace: "NetCDF: HDF error" in Python; no values for us.
  'peer-h5wasm/empty.h5': { empty_dataset: { shape: [], valid: 0, missing: 0, min: null, max: null, mean: null } },
};

function closeTo(actual: number | null, wanted: number | null, what: string): void {
  if (wanted === null) {
    expect(actual, what).toBeNull();
    return;
  }
  expect(actual, what).not.toBeNull();
  // float32 data summed in a different order: agree to about 6 significant digits
  expect(Math.abs((actual as number) - wanted), what).toBeLessThanOrEqual(2e-6 * Math.max(1, Math.abs(wanted)));
}

const files = Object.keys(expected).sort();

describe('every shared fixture', () => {
  it('has an expectation for at least 40 files (the script ran over the whole folder)', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  for (const file of files) {
    const want = expected[file];
    it(`${file}`, async () => {
      const rejection = rejectedFiles[file];
      if (rejection) {
        const [name, message] = rejection;
        const failure = await describeNetcdf(fixture(file)).then(
          () => null,
          (error: Error) => error,
        );
        expect(failure?.name).toBe(name);
        expect(failure?.message).toMatch(message);
        return;
      }
      expect(want.error, 'netCDF4-python could not open it, and no rejection is listed').toBeUndefined();
      const got: FileSummary = await describeNetcdf(fixture(file));
      expect(got.format).toBe(want.format);
      const wantedNames = Object.keys(want.variables ?? {}).sort();
      expect(Object.keys(got.variables).sort()).toEqual(wantedNames);
      for (const name of wantedNames) {
        const actual = got.variables[name];
        const refused = rejectedVariables[file]?.[name];
        if (refused) {
          expect(actual).toHaveProperty('error');
          expect((actual as { error: string }).error).toMatch(new RegExp(`^${refused[0]}: `));
          expect((actual as { error: string }).error).toMatch(refused[1]);
          continue;
        }
        expect(actual, name).not.toHaveProperty('error');
        const stats = actual as VariableStats;
        const reference = { ...want.variables![name], ...pythonFailures[file]?.[name] };
        expect(stats.shape, name).toEqual(reference.shape);
        expect(stats.valid, `${name} valid`).toBe(reference.valid);
        expect(stats.missing, `${name} missing`).toBe(reference.missing);
        closeTo(stats.min, reference.min, `${name} min`);
        closeTo(stats.max, reference.max, `${name} max`);
        closeTo(stats.mean, reference.mean, `${name} mean`);
      }
    });
  }
});

describe('metadata of real forecast files', () => {
  it('reads the ROMS Arctic-20km forecast header (64-bit offset): dimensions, packing attributes', async () => {
    const ds = await openNetcdf(fixture('arctic/Arctic20_1to5Feb_2016.nc'));
    expect(ds.format).toBe('64bit-offset');
    const aice = ds.variable('aice');
    expect(aice.type).toBe('short');
    expect(aice.dimensions[0]).toBe('time');
    expect(typeof aice.attributes.scale_factor).toBe('number');
    expect(aice.attributes._FillValue).toBe(-32767);
    expect(ds.dimensions.find((d) => d.name === 'time')?.size).toBe(5);
  });

  it('names NetCDF-4 group variables "group/name", hides dimension-only scales and netCDF bookkeeping', async () => {
    const ds = await openNetcdf(fixture('arctic/init_25km_NH.nc'));
    const names = ds.variables.map((v) => v.name);
    expect(names).toContain('data/cice');
    expect(names).toContain('metadata/time/formatted');
    expect(names).not.toContain('data/y'); // a dimension without a coordinate variable
    const cice = ds.variable('data/cice');
    expect(cice.dimensions).toEqual(['data/y', 'data/x']);
    expect(Object.keys(cice.attributes)).not.toContain('DIMENSION_LIST');
    expect(ds.variable('metadata/time/time').type).toBe('int64');
    expect(ds.variable('metadata/time/formatted').type).toBe('string');
    expect(ds.readRaw('metadata/time/formatted')).toEqual(['2010-01-01T00:00:00Z']);
    expect(Array.from(ds.readRaw('metadata/time/time') as BigInt64Array)).toEqual([1263204000n]);
    ds.close();
  });

  it('reads NC_STRING attributes', async () => {
    const ds = await openNetcdf(fixture('arctic/data_drift_2018_March_Greenland.nc'));
    expect(typeof ds.attributes.references === 'string' || Array.isArray(ds.attributes.references)).toBe(true);
    expect(String(ds.attributes.references).length).toBeGreaterThan(10);
    ds.close();
  });

  it('marks the unlimited dimension of a NetCDF-4 file', async () => {
    const ds = await openNetcdf(fixture('peer-netcdf-c/nctest_netcdf4_classic.nc'));
    expect(ds.dimensions.find((d) => d.name === 'rec')).toEqual({ name: 'rec', size: 5, unlimited: true });
    ds.close();
  });
});
