/**
 * A file the server may replace under the same URL (no-cache: an analysis a real import supersedes, an imported
 * run) is shown again only after the worker has asked whether it is still the one held; immutable files are
 * never asked about. Through the worker's real code (ForecastService) against a fake server.
 */
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../common/testing/fake-fetch.ts';
import { ForecastService } from '../forecast-service.ts';
import { smallForecast } from '../../netcdf/test/write-nc3.ts';

const URL_ = 'https://ice.test/api/v1/analysis/hist?date=2026-03-01';

/** A server holding one file under URL_; `replace` puts another there (a new ETag). */
function server(cacheControl: string) {
  let current = { bytes: smallForecast(5, 4), etag: '"demo-1"' };
  const network = fakeFetch((request) => {
    if (request.headers.get('if-none-match') === current.etag) return new Response(null, { status: 304, headers: { etag: current.etag } });
    return new Response(new Uint8Array(current.bytes), { status: 200, headers: { etag: current.etag, 'cache-control': cacheControl } });
  });
  return {
    fetch: network.fetch,
    requests: network.requests,
    replace: () => {
      // Another file under the same URL: every value shifted by 0.5 (a real analysis over the demo's).
      const bytes = smallForecast(5, 4);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const demo = new DataView(current.bytes.buffer, current.bytes.byteOffset, current.bytes.byteLength);
      // Same layout: the data of sithick_GLORYS found by its first value at lead 0, row 0, column 1 (1000 + 1).
      for (let at = 0; at + 4 <= bytes.length; at += 4) {
        const value = demo.getFloat32(at, false);
        if (value >= 1000 && value < 1400 && Number.isInteger(value)) view.setFloat32(at, value + 0.5, false);
      }
      current = { bytes, etag: '"real-1"' };
    },
  };
}

describe('files the server may replace under their URL', () => {
  it('a replaced analysis shows when the page opens it again, without a reload; an unchanged one costs a 304', async () => {
    const site = server('private, no-cache');
    const service = new ForecastService({ fetch: site.fetch });
    const first = await service.open({ url: URL_ }, 'r1');
    expect((await service.scalarSlice(URL_, 'sithick_GLORYS', 0)).data[1]).toBe(1001);

    const again = await service.open({ url: URL_ }, 'r2');
    expect(site.requests.at(-1)!.headers.get('if-none-match')).toBe('"demo-1"');
    expect(again.version).toBe(first.version);
    expect((await service.scalarSlice(URL_, 'sithick_GLORYS', 0)).data[1]).toBe(1001);

    site.replace();
    const replaced = await service.open({ url: URL_ }, 'r3');
    expect(replaced.version).not.toBe(first.version);
    expect((await service.scalarSlice(URL_, 'sithick_GLORYS', 0)).data[1]).toBe(1001.5);
  });

  it('an immutable forecast opened again comes from memory with no request', async () => {
    const site = server('private, max-age=31536000, immutable');
    const service = new ForecastService({ fetch: site.fetch });
    await service.open({ url: URL_ }, 'r1');
    await service.open({ url: URL_ }, 'r2');
    expect(site.requests).toHaveLength(1);
  });

  it('offline (the server cannot be asked): the file held is shown', async () => {
    const site = server('private, no-cache');
    let online = true;
    const service = new ForecastService({ fetch: (input, init) => (online ? site.fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'))) });
    await service.open({ url: URL_ }, 'r1');
    online = false;
    expect((await service.open({ url: URL_ }, 'r2')).leadHours).toEqual([24, 48, 72]);
    expect((await service.scalarSlice(URL_, 'sithick_GLORYS', 0)).data[1]).toBe(1001);
  });
});
