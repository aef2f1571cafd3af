import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildDemoArchive } from '../../../src/cycle/demo-archive.ts';
import { bitRoundError } from '../../../src/subsets/subset.ts';
import { Nc3Dataset } from '../../../../netcdf/nc3/reader.ts';
import { makeApp, signedIn } from '../../helpers.ts';
import { ncdump, tempNc } from '../../../../netcdf/test/ncdump.ts';
import { SMALL_GRID } from '../../grid/small-grid.ts';

async function appWithArchive(): Promise<{ app: FastifyInstance; dataDir: string; cookie: string }> {
  const { app, dataDir } = await makeApp({ env: { SUBSET_WARM: '1' } });
  await buildDemoArchive({ db: app.db, dataDir, grid: SMALL_GRID }, 2, '2026-02-10');
  const { cookie } = await signedIn(app, 'user');
  return { app, dataDir, cookie };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** netCDF4-python's auto mask and scale, an independent reader: the values of one variable, NaN for masked. */
function pythonValues(path: string, variable: string): number[] {
  const script = `import json, sys, netCDF4, numpy
d = netCDF4.Dataset(sys.argv[1])
v = d.variables[sys.argv[2]][:]
print(json.dumps([None if m else float(x) for x, m in zip(numpy.ma.getdata(v).ravel(), numpy.ma.getmaskarray(v).ravel())]))`;
  const out = execFileSync('/usr/bin/python3', ['-c', script, path, variable], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return (JSON.parse(out) as Array<number | null>).map((x) => (x === null ? NaN : x));
}

describe('subset answers of /hist', () => {
  it('answer one variable at one lead as a smaller NetCDF file that ncdump opens, equal to the full file within bit rounding', async () => {
    const { app, cookie } = await appWithArchive();
    const fullReply = await get(app, '/api/v1/forecast/hist?date=2026-02-10', { cookie });
    const full = new Nc3Dataset(new Uint8Array(fullReply.rawPayload));
    const reply = await get(app, '/api/v1/forecast/hist?date=2026-02-10&variables=sithick_GLORYS&lead=48', { cookie });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/x-netcdf');
    expect(reply.headers['cache-control']).toContain('immutable');
    expect(reply.headers.etag).toMatch(/^".+"$/);
    expect(reply.headers.etag).not.toBe(fullReply.headers.etag);
    expect(reply.headers['content-disposition']).toContain('sithick_GLORYS_48h.nc');
    expect(reply.rawPayload.length).toBeLessThan(fullReply.rawPayload.length / 4);

    const path = tempNc(reply.rawPayload, 'subset.nc');
    const header = ncdump(['-h', path]);
    expect(header).toMatch(/time = 1 ;/);
    expect(header).toMatch(/latitude = 40 ;/);
    expect(header).toMatch(/short sithick_GLORYS\(time, latitude, longitude\)/);
    expect(header).toMatch(/sithick_GLORYS:units = "m"/);
    expect(header).toMatch(/sithick_GLORYS:standard_name = "sea_ice_thickness"/);
    expect(header).toMatch(/sithick_GLORYS:scale_factor = /);
    expect(header).toMatch(/:forecast_date = "2026-02-10"/);
    expect(header).not.toMatch(/sea_ice_fraction_BREMEN/);
    expect(ncdump(['-v', 'time', path])).toMatch(/time = 48 ;/);

    const want = full.read('sithick_GLORYS', 1);
    const got = pythonValues(path, 'sithick_GLORYS');
    expect(got).toHaveLength(want.length);
    const keepbits = Number(full.variable('sithick_GLORYS').attributes._QuantizeBitRoundNumberOfSignificantBits);
    let maxAbs = 0;
    for (const v of want) if (!Number.isNaN(v)) maxAbs = Math.max(maxAbs, Math.abs(v));
    const bound = bitRoundError(maxAbs, keepbits) * (1 + 1e-6);
    let finite = 0;
    for (let i = 0; i < want.length; i++) {
      expect(Number.isNaN(got[i]), `cell ${i}`).toBe(Number.isNaN(want[i]));
      if (Number.isNaN(want[i])) continue;
      finite++;
      expect(Math.abs(got[i] - want[i]), `cell ${i}`).toBeLessThanOrEqual(bound);
    }
    expect(finite).toBeGreaterThan(100);
  });

  it('answer several variables and leads, every lead by default, and the analysis too', async () => {
    const { app, cookie } = await appWithArchive();
    const both = await get(app, '/api/v1/assim_forecast/hist?date=2026-02-09&variables=usi_vsi_GLORYS_speed,usi_vsi_GLORYS_direct', { cookie });
    expect(both.statusCode).toBe(200);
    const data = new Nc3Dataset(new Uint8Array(both.rawPayload));
    expect(data.variables.map((v) => v.name).sort()).toEqual(['latitude', 'longitude', 'time', 'usi_vsi_GLORYS_direct', 'usi_vsi_GLORYS_speed']);
    expect(Array.from(data.read('time'))).toEqual([24, 48, 72]);
    const path = tempNc(both.rawPayload, 'drift.nc');
    const full = new Nc3Dataset(new Uint8Array((await get(app, '/api/v1/assim_forecast/hist?date=2026-02-09', { cookie })).rawPayload));
    const speed = pythonValues(path, 'usi_vsi_GLORYS_speed');
    const fullSpeed = full.read('usi_vsi_GLORYS_speed');
    expect(speed).toHaveLength(fullSpeed.length);
    for (let i = 0; i < fullSpeed.length; i += 97) {
      if (Number.isNaN(fullSpeed[i])) expect(speed[i]).toBeNaN();
      else expect(Math.abs(speed[i] - fullSpeed[i])).toBeLessThan(1e-3);
    }

    const leadsOnly = await get(app, '/api/v1/forecast/hist?date=2026-02-09&lead=24,72', { cookie });
    const leads = new Nc3Dataset(new Uint8Array(leadsOnly.rawPayload));
    expect(Array.from(leads.read('time'))).toEqual([24, 72]);
    expect(leads.variables).toHaveLength(7);

    const analysis = await get(app, '/api/v1/analysis/hist?date=2026-02-09&variables=sea_ice_fraction_BREMEN&lead=0', { cookie });
    expect(analysis.statusCode).toBe(200);
    expect(ncdump(['-h', tempNc(analysis.rawPayload, 'analysis.nc')])).toMatch(/short sea_ice_fraction_BREMEN\(time, latitude, longitude\)/);
  });

  it('write each subset once, with its own compressed copies and ETag, and answer 304 and ranges on it', async () => {
    const { app, dataDir, cookie } = await appWithArchive();
    const url = '/api/v1/forecast/hist?date=2026-02-10&variables=sea_ice_fraction_BREMEN&lead=24';
    const plain = await get(app, url, { cookie });
    const br = await get(app, url, { cookie, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await get(app, url, { cookie, 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(gz.rawPayload.length);
    // The same selection in another order is the same file.
    const again = await get(app, '/api/v1/forecast/hist?lead=24&variables=sea_ice_fraction_BREMEN&date=2026-02-10', { cookie });
    expect(again.headers.etag).toBe(plain.headers.etag);
    expect((await get(app, url, { cookie, 'if-none-match': plain.headers.etag as string })).statusCode).toBe(304);
    const range = await get(app, url, { cookie, range: 'bytes=4-', 'if-range': plain.headers.etag as string });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(plain.rawPayload.subarray(4))).toBe(true);
    // One subset per selection (the reordered one is the same), each kept as its two copies only (no identity
    // copy), once the warmer has made the file's other subsets too (subset-warmer.ts): 3 leads × (4 fields + the
    // drift pair), each full and as a stride-2 preview.
    await app.subsetWarmer.settled();
    const parts = readdirSync(join(dataDir, 'forecast-data/forecast/model_2/2026-02-10.nc.parts'));
    expect(parts.filter((f) => f.endsWith('.nc'))).toHaveLength(0);
    expect(parts.filter((f) => f.endsWith('.nc.br'))).toHaveLength(30);
    expect(parts.filter((f) => f.endsWith('.nc.gz'))).toHaveLength(30);
  });

  it('answer 422 with a detail for an unknown variable or lead or a malformed list, and leave the full file as it was', async () => {
    const { app, cookie } = await appWithArchive();
    const cases: Array<[string, RegExp]> = [
      ['variables=nope', /unknown variable "nope".*sithick_GLORYS/],
      ['variables=sithick_GLORYS&lead=36', /unknown lead 36.*24, 48, 72/],
      ['lead=abc', /whole hours/],
      ['variables=', /comma-separated/],
      ['variables=sithick_GLORYS,,x', /comma-separated/],
      ['variables=latitude', /coordinate/],
    ];
    for (const [query, detail] of cases) {
      const reply = await get(app, `/api/v1/forecast/hist?date=2026-02-10&${query}`, { cookie });
      expect(reply.statusCode, query).toBe(422);
      expect(reply.json().detail, query).toMatch(detail);
    }
    expect((await get(app, '/api/v1/forecast/hist?date=2025-01-01&variables=sithick_GLORYS', { cookie })).statusCode).toBe(404);
    expect((await get(app, '/api/v1/forecast/hist?date=2026-02-10&variables=sithick_GLORYS')).statusCode).toBe(401);
  });
});
