/**
 * Previews of the /hist subsets (issue 13): `stride=2` thins latitude and longitude to every 2nd index, as a
 * file ncdump opens whose values are the full file's at [..., ::2, ::2]; the full subsets stay as they were.
 * On a grid of odd sizes (41 × 61), so the last row and column (index 40, 60) must be kept: ceil(n / 2).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildDemoArchive } from '../../src/cycle/demo-archive.ts';
import { makeGrid } from '../grid/small-grid.ts';
import { bitRoundError, decimate } from '../../src/subsets/subset.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { ncdump, tempNc } from '../../../netcdf/test/ncdump.ts';
import { makeApp, signedIn } from '../helpers.ts';

const ODD_GRID = makeGrid(41, 61, 74, 60, 0.25);
const DATE = '2026-02-10';

async function appWithArchive(warm = '0'): Promise<{ app: FastifyInstance; dataDir: string; cookie: string }> {
  const { app, dataDir } = await makeApp({ env: { SUBSET_WARM: warm } });
  await buildDemoArchive({ db: app.db, dataDir, grid: ODD_GRID }, 1, DATE);
  const { cookie } = await signedIn(app, 'user');
  return { app, dataDir, cookie };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** netCDF4-python (an independent reader, auto mask and scale): the values of a variable, NaN where masked, and its shape. */
function pythonValues(path: string, variable: string): { shape: number[]; values: number[] } {
  const script = `import json, sys, netCDF4, numpy
d = netCDF4.Dataset(sys.argv[1])
v = d.variables[sys.argv[2]][:]
print(json.dumps({"shape": list(v.shape), "values": [None if m else float(x) for x, m in zip(numpy.ma.getdata(v).ravel(), numpy.ma.getmaskarray(v).ravel())]}))`;
  const out = JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, path, variable], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as {
    shape: number[];
    values: Array<number | null>;
  };
  return { shape: out.shape, values: out.values.map((x) => (x === null ? NaN : x)) };
}

describe('stride-2 previews of /hist subsets', () => {
  it('answer a file ncdump opens, with the full file’s values at [..., ::2, ::2] within bit rounding, its coordinates thinned alike', async () => {
    const { app, cookie } = await appWithArchive();
    const full = new Nc3Dataset(new Uint8Array((await get(app, `/api/v1/forecast/hist?date=${DATE}`, { cookie })).rawPayload));
    const whole = await get(app, `/api/v1/forecast/hist?date=${DATE}&variables=sithick_GLORYS&lead=48`, { cookie });
    const reply = await get(app, `/api/v1/forecast/hist?date=${DATE}&variables=sithick_GLORYS&lead=48&stride=2`, { cookie });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/x-netcdf');
    expect(reply.headers.etag).not.toBe(whole.headers.etag);
    expect(reply.headers['content-disposition']).toContain('sithick_GLORYS_48h_stride2.nc');
    // A small grid: the header and coordinates weigh much here (real-grid sizes: bench/README.md).
    expect(reply.rawPayload.length).toBeLessThan(whole.rawPayload.length / 2);

    const path = tempNc(reply.rawPayload, 'preview.nc');
    const header = ncdump(['-h', path]);
    expect(header).toMatch(/latitude = 21 ;/);
    expect(header).toMatch(/longitude = 31 ;/);
    expect(header).toMatch(/time = 1 ;/);
    expect(header).toMatch(/short sithick_GLORYS\(time, latitude, longitude\)/);
    expect(header).toMatch(/sithick_GLORYS:units = "m"/);
    expect(header).toMatch(/sithick_GLORYS:scale_factor = /);
    expect(header).toMatch(/:subset_stride = 2 ;/);
    expect(header).toMatch(/:history = ".*\\n.*subset: indices 0, 2, 4/s);
    expect(header).toMatch(/:forecast_date = "2026-02-10"/);

    // Coordinates: exactly every 2nd value of the full file's, the last one (index 40, 60) included.
    for (const [name, n] of [['latitude', 41], ['longitude', 61]] as const) {
      const got = pythonValues(path, name);
      const want = Array.from(full.read(name)).filter((_, i) => i % 2 === 0);
      expect(got.shape).toEqual([Math.ceil(n / 2)]);
      expect(got.values).toEqual(want);
    }

    const values = pythonValues(path, 'sithick_GLORYS');
    expect(values.shape).toEqual([1, 21, 31]);
    const fullSlice = full.read('sithick_GLORYS', 1);
    const keepbits = Number(full.variable('sithick_GLORYS').attributes._QuantizeBitRoundNumberOfSignificantBits);
    let maxAbs = 0;
    for (const v of fullSlice) if (!Number.isNaN(v)) maxAbs = Math.max(maxAbs, Math.abs(v));
    const bound = bitRoundError(maxAbs, keepbits) * (1 + 1e-6);
    let finite = 0;
    let masked = 0;
    for (let j = 0; j < 21; j++) {
      for (let i = 0; i < 31; i++) {
        const want = fullSlice[2 * j * 61 + 2 * i];
        const got = values.values[j * 31 + i];
        expect(Number.isNaN(got), `cell ${j},${i}`).toBe(Number.isNaN(want));
        if (Number.isNaN(want)) {
          masked++;
          continue;
        }
        finite++;
        expect(Math.abs(got - want), `cell ${j},${i}`).toBeLessThanOrEqual(bound);
      }
    }
    expect(finite).toBeGreaterThan(100);
    expect(masked).toBeGreaterThan(0); // Novaya Zemlya's land stays masked
  });

  it('thin the drift pair and the analysis alike; stride=1 is the full subset byte for byte, with its ETag', async () => {
    const { app, cookie } = await appWithArchive();
    const drift = await get(app, `/api/v1/forecast/hist?date=${DATE}&variables=usi_vsi_GLORYS_speed,usi_vsi_GLORYS_direct&lead=72&stride=2`, { cookie });
    expect(drift.statusCode).toBe(200);
    const data = new Nc3Dataset(new Uint8Array(drift.rawPayload));
    expect(data.variable('usi_vsi_GLORYS_speed').shape).toEqual([1, 21, 31]);
    expect(data.variable('usi_vsi_GLORYS_direct').shape).toEqual([1, 21, 31]);
    expect(ncdump(['-h', tempNc(drift.rawPayload, 'drift.nc')])).toMatch(/short usi_vsi_GLORYS_direct\(time, latitude, longitude\)/);

    const analysis = await get(app, `/api/v1/analysis/hist?date=${DATE}&variables=sea_ice_fraction_BREMEN&lead=0&stride=2`, { cookie });
    expect(analysis.statusCode).toBe(200);
    expect(new Nc3Dataset(new Uint8Array(analysis.rawPayload)).variable('sea_ice_fraction_BREMEN').shape).toEqual([1, 21, 31]);

    const url = `/api/v1/forecast/hist?date=${DATE}&variables=sea_ice_fraction_BREMEN&lead=24`;
    for (const encoding of ['identity', 'br']) {
      const plain = await get(app, url, { cookie, 'accept-encoding': encoding });
      const one = await get(app, `${url}&stride=1`, { cookie, 'accept-encoding': encoding });
      expect(one.statusCode).toBe(200);
      expect(one.headers.etag).toBe(plain.headers.etag);
      expect(one.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
    const fullFile = await get(app, `/api/v1/forecast/hist?date=${DATE}&stride=1`, { cookie });
    expect(fullFile.rawPayload.equals((await get(app, `/api/v1/forecast/hist?date=${DATE}`, { cookie })).rawPayload)).toBe(true);
  });

  it('answer 422 with a detail for any other stride, or a stride without variables and lead', async () => {
    const { app, cookie } = await appWithArchive();
    const cases: Array<[string, RegExp]> = [
      ['variables=sithick_GLORYS&lead=24&stride=3', /"stride" must be 1 or 2, got "3"/],
      ['variables=sithick_GLORYS&lead=24&stride=4', /"stride" must be 1 or 2/],
      ['variables=sithick_GLORYS&lead=24&stride=0', /"stride" must be 1 or 2/],
      ['variables=sithick_GLORYS&lead=24&stride=two', /"stride" must be 1 or 2/],
      ['variables=sithick_GLORYS&lead=24&stride=', /"stride" must be 1 or 2/],
      ['stride=2', /"stride" needs "variables" and "lead"/],
      ['variables=sithick_GLORYS&stride=2', /"stride" needs "variables" and "lead"/],
      ['lead=24&stride=2', /"stride" needs "variables" and "lead"/],
      ['variables=nope&lead=24&stride=2', /unknown variable "nope"/],
    ];
    for (const [query, detail] of cases) {
      const reply = await get(app, `/api/v1/forecast/hist?date=${DATE}&${query}`, { cookie });
      expect(reply.statusCode, query).toBe(422);
      expect(reply.json().detail, query).toMatch(detail);
    }
  });

  it('start making their full subset at once, ready before the worker asks for it', async () => {
    const { app, dataDir, cookie } = await appWithArchive('0');
    const parts = join(dataDir, 'forecast-data/forecast/model_2/2026-02-10.nc.parts');
    const preview = await get(app, `/api/v1/forecast/hist?date=${DATE}&variables=sithick_GLORYS&lead=72&stride=2`, { cookie });
    expect(preview.statusCode).toBe(200);
    const latitudes = () =>
      readdirSync(parts)
        .filter((f) => f.endsWith('.nc.gz'))
        .map((f) => new Nc3Dataset(new Uint8Array(gunzipSync(readFileSync(join(parts, f))))).dimensions.find((d) => d.name === 'latitude')?.size)
        .sort();
    await expect.poll(latitudes, { timeout: 10_000 }).toEqual([21, 41]);
    // Asking for it now makes nothing new: the one made beside the preview is the answer.
    const full = await get(app, `/api/v1/forecast/hist?date=${DATE}&variables=sithick_GLORYS&lead=72`, { cookie });
    expect(new Nc3Dataset(new Uint8Array(full.rawPayload)).variable('sithick_GLORYS').shape).toEqual([1, 41, 61]);
    expect(latitudes()).toEqual([21, 41]);
  });

  it('are warmed after the full subsets, each a file of its own', async () => {
    const { app, dataDir, cookie } = await appWithArchive('1');
    expect((await get(app, `/api/v1/forecast/hist?date=${DATE}&variables=sithick_GLORYS&lead=24`, { cookie })).statusCode).toBe(200);
    await app.subsetWarmer.settled();
    const parts = join(dataDir, 'forecast-data/forecast/model_2/2026-02-10.nc.parts');
    const files = readdirSync(parts).filter((f) => f.endsWith('.nc.gz'));
    // 3 leads × (4 fields + the drift pair), full and preview.
    expect(files).toHaveLength(30);
    const shapes = files.map((f) => new Nc3Dataset(new Uint8Array(gunzipSync(readFileSync(join(parts, f))))).dimensions.find((d) => d.name === 'latitude')?.size);
    expect(shapes.filter((n) => n === 41)).toHaveLength(15);
    expect(shapes.filter((n) => n === 21)).toHaveLength(15);
  });
});

describe('decimate', () => {
  it('keeps indices 0, 2, 4, … along the marked axes only, of any element type', () => {
    // 2 × 3 × 5, values = their own flat index.
    const data = Int16Array.from({ length: 30 }, (_, i) => i);
    const thinned = decimate(data, [2, 3, 5], [false, true, true], 2);
    expect(thinned).toBeInstanceOf(Int16Array);
    expect(Array.from(thinned)).toEqual([0, 2, 4, 10, 12, 14, 15, 17, 19, 25, 27, 29]);
    expect(decimate([0, 1, 2, 3, 4], [5], [true], 2)).toEqual([0, 2, 4]);
    expect(Array.from(decimate(Float32Array.of(1, 2, 3), [3], [false], 2))).toEqual([1, 2, 3]);
  });
});
