/**
 * A small HTTP server on 127.0.0.1 serving the real fixtures (../shared/fixtures/netcdf/arctic) the way
 * product servers do: `/<kind>/<anything with a date>.nc` answers with the fixture of that kind whatever the
 * date, `/missing/…` with 404, `/corrupt/…` with bytes that are not NetCDF, `/cut/…` with the first half of the
 * EASE2 file, `/dropped/…` with a connection dropped a third of the way. Records the paths asked for. Closed when the test ends.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { onTestFinished } from 'vitest';
import { fixturesDir } from '../../../netcdf/test/fixture-paths.ts';

export const ARCTIC = resolve(fixturesDir, 'arctic');
export const FIXTURES = {
  ease2: 'ice_conc_nh_ease2-250_cdr-v3p1_202002.nc',
  nansat: 'arctic.nc',
  nextsim: 'init_25km_NH.nc',
  roms: 'Arctic20_1to5Feb_2016.nc',
  drifters: 'data_drift_2018_March_Greenland.nc',
} as const;

export const fixturePath = (name: keyof typeof FIXTURES): string => resolve(ARCTIC, FIXTURES[name]);
export const fixtureBytes = (name: keyof typeof FIXTURES): Buffer => readFileSync(fixturePath(name));

/** sha256 of the fixtures, from PROVENANCE.md. */
export const FIXTURE_SHA256 = {
  ease2: '9cd5e0ba6a9a6f3f17dff0484f1ede50648bf0285db3d35fc4245e611e73bbfe',
  nansat: 'e1a220104192efbaafe03384871beba17f801194070557b3a117f181ae4170ae',
  nextsim: '4bb7dd6bf480e0af084ece8025090a00ff1da0a1f8d549cb331e02226862ed2e',
  roms: '555f21671d30e4c3f7cc7f110d4942aceea6ca369aa1d966d166ebf1ef2354cb',
} as const;

export interface FixtureServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  requested: string[];
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const requested: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requested.push(path);
    const kind = path.split('/')[1];
    let body: Buffer | null = null;
    if (kind in FIXTURES) body = fixtureBytes(kind as keyof typeof FIXTURES);
    else if (kind === 'corrupt') body = Buffer.from('<html><body>Service temporarily unavailable</body></html>');
    else if (kind === 'cut') body = fixtureBytes('ease2').subarray(0, 400_000);
    if (kind === 'dropped') {
      // Announces the whole EASE2 file, sends a third of it, then drops the connection.
      const whole = fixtureBytes('ease2');
      response.writeHead(200, { 'content-type': 'application/x-netcdf', 'content-length': whole.byteLength });
      response.write(whole.subarray(0, 300_000), () => response.destroy());
      return;
    }
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/x-netcdf', 'content-length': body.byteLength }).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  onTestFinished(() => new Promise<void>((done) => server.close(() => done())));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requested };
}
