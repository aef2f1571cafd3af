/**
 * Corrupt, truncated and unsupported input ends in a typed error, never a crash or a hang: hand-made
 * headers for each check, then a bounded fuzz loop (fixed seed) of truncations and byte flips of good files.
 */
import { describe, expect, it } from 'vitest';
import { NetcdfError, NetcdfFormatError, NetcdfTruncatedError } from '../errors.ts';
import { openNetcdf } from '../open-netcdf.ts';
import { numericTypes } from '../types.ts';
import { fixture } from './fixture-paths.ts';

/** A big-endian CDF-1 header builder for hand-made broken files. */
function cdf(...words: (number | string)[]): Uint8Array {
  const out: number[] = [];
  for (const w of words) {
    if (typeof w === 'string') {
      for (const ch of w) out.push(ch.charCodeAt(0));
      while (out.length % 4) out.push(0);
    } else {
      out.push((w >>> 24) & 0xff, (w >>> 16) & 0xff, (w >>> 8) & 0xff, w & 0xff);
    }
  }
  return new Uint8Array(out);
}

async function failure(bytes: Uint8Array): Promise<Error | null> {
  try {
    const ds = await openNetcdf(bytes);
    for (const v of ds.variables) if (numericTypes.has(v.type)) ds.read(v.name);
    ds.close();
    return null;
  } catch (error) {
    return error as Error;
  }
}

describe('broken files give typed errors', () => {
  it('bad magic', async () => {
    const error = await failure(new TextEncoder().encode('GRIB this is not netcdf'));
    expect(error).toBeInstanceOf(NetcdfFormatError);
    expect(error?.message).toMatch(/not a NetCDF file/);
  });

  it('unknown NetCDF-3 version byte', async () => {
    const bytes = fixture('arctic/arctic.nc');
    bytes[3] = 3;
    expect(await failure(bytes)).toBeInstanceOf(NetcdfFormatError);
  });

  it('an empty file and a file cut inside the header', async () => {
    expect(await failure(new Uint8Array(0))).toBeInstanceOf(NetcdfTruncatedError);
    expect(await failure(fixture('arctic/arctic.nc').slice(0, 100))).toBeInstanceOf(NetcdfTruncatedError);
  });

  it('a file cut inside the data names the variable that does not fit', async () => {
    const bytes = fixture('arctic/Arctic20_1to5Feb_2016.nc');
    const error = await failure(bytes.slice(0, bytes.length - 1000));
    expect(error).toBeInstanceOf(NetcdfTruncatedError);
    expect(error?.message).toMatch(/variable \w+ needs bytes up to \d+, file has \d+ bytes/);
  });

  it('an unknown variable type', async () => {
    // one dimension x=1, no attributes, one variable "v" of type 42
    const bytes = cdf('CDF\x01', 0, 0x0a, 1, 1, 'x', 1, 0, 0, 0x0b, 1, 1, 'v', 1, 0, 0, 0, 42, 4, 64);
    const error = await failure(bytes);
    expect(error).toBeInstanceOf(NetcdfFormatError);
    expect(error?.message).toMatch(/unknown NetCDF type code 42/);
  });

  it('a dimension count larger than the header could hold', async () => {
    const error = await failure(cdf('CDF\x01', 0, 0x0a, 0x7fffffff));
    expect(error).toBeInstanceOf(NetcdfTruncatedError);
  });

  it('an absurd variable size', async () => {
    // dimensions 2^31-1 × 2^31-1 of doubles: the header is fine, the data cannot exist
    const bytes = cdf('CDF\x01', 0, 0x0a, 2, 1, 'a', 0x7fffffff, 1, 'b', 0x7fffffff, 0, 0, 0x0b, 1, 1, 'v', 2, 0, 1, 0, 0, 6, 0, 80);
    const error = await failure(bytes);
    expect(error).toBeInstanceOf(NetcdfError);
  });

  it('a CDF-5 header with two unlimited dimensions', async () => {
    const error = await failure(fixture('peer-pnetcdf/bad_unlimited.nc5'));
    expect(error).toBeInstanceOf(NetcdfFormatError);
    expect(error?.message).toMatch(/unlimited/);
  });

  it('a NetCDF-4 file cut short says so with both sizes', async () => {
    const bytes = fixture('arctic/ice_conc_nh_ease2-250_cdr-v3p1_202002.nc');
    const error = await failure(bytes.slice(0, 500_000));
    expect(error).toBeInstanceOf(NetcdfTruncatedError);
    expect(error?.message).toMatch(/938044 bytes, got 500000/);
  });
});

describe('fuzz: truncations and byte flips of good files', () => {
  const sources = [
    'arctic/arctic.nc',
    'peer-netcdf-c/ref_nctest_classic.nc',
    'peer-netcdfjs/madis-sao.nc',
    'peer-netcdf4-python/ubyte.nc',
    'peer-pnetcdf/test_cdf.nc5',
    'peer-netcdf4-python/issue1152.nc',
    'arctic/data_drift_2018_March_Greenland.nc',
  ];
  const CASES = 200;
  const CASE_LIMIT_MS = 3000; // a generous bound per case: a hang or runaway loop would blow far past it

  it(`${CASES} mutated files only ever give typed errors or results`, async () => {
    let seed = 20261121;
    const random = (): number => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const originals = sources.map((s) => fixture(s));
    const outcomes = { ok: 0, typed: 0 };
    for (let k = 0; k < CASES; k++) {
      const good = originals[k % originals.length];
      let bytes: Uint8Array;
      if (random() < 0.4) {
        bytes = good.slice(0, Math.floor(random() * good.length));
      } else {
        bytes = good.slice();
        // flips land mostly in the header, where they change structure, sometimes anywhere
        const span = random() < 0.8 ? Math.min(bytes.length, 2048) : bytes.length;
        const flips = 1 + Math.floor(random() * 6);
        for (let j = 0; j < flips; j++) bytes[Math.floor(random() * span)] ^= 1 << Math.floor(random() * 8);
      }
      const started = performance.now();
      const error = await failure(bytes);
      const elapsed = performance.now() - started;
      expect(elapsed, `case ${k} took ${elapsed} ms`).toBeLessThan(CASE_LIMIT_MS);
      if (error === null) outcomes.ok++;
      else {
        expect(error, `case ${k}: ${error.name}: ${error.message}`).toBeInstanceOf(NetcdfError);
        outcomes.typed++;
      }
    }
    expect(outcomes.ok + outcomes.typed).toBe(CASES);
    expect(outcomes.typed).toBeGreaterThan(0);
  });
});
