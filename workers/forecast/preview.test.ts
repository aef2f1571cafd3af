/**
 * Previews on slow links (issue 13), through the worker's real code (ForecastService) against a fake server
 * (common/testing/fake-link.ts) behind a fake link: every body advances a fake clock by its bytes over the
 * link's rate, so "slow" and "fast" are exact, not timed. The server thins `stride=2` subsets itself here,
 * [::2, ::2] of the full slice, as server/src/forecast/subset.ts does (tested there against netCDF4-python).
 */
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../common/testing/fake-fetch.ts';
import { fakeLinkServer, type FakeLink } from '../../common/testing/fake-link.ts';
import { ForecastService } from '../forecast-service.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';
import { smallForecast, writeNc3, type TestVariable } from '../../netcdf/test/write-nc3.ts';
import { gridFromPreview, upsample } from './preview.ts';
import { fieldGridOfPlanar } from '../../common/field-grid.ts';

const URL_ = 'https://ice.test/api/v1/forecast/hist?date=2026-03-01';
const WIDTH = 101; // odd, so the last column has no partner: ceil(101 / 2) = 51 coarse columns
const HEIGHT = 80; // one field at one lead: 80 × 101 float32 ≈ 32 KB, a sample of the link's rate
const LEADS = [24, 48, 72];
const FULL = smallForecast(WIDTH, HEIGHT);
/** The value smallForecast writes at (lead t, row j, column i) of field f (NaN in column 0). */
const valueOf = (f: number, t: number, j: number, i: number) => (i === 0 ? NaN : f * 1000 + t * 100 + j * 10 + i);

/** The subset the server would send: `variables` at one lead, every `stride`-th cell, with the coordinates. */
async function subsetOf(variables: string[], leadHours: number, stride: number): Promise<Uint8Array> {
  const dataset = await openNetcdf(FULL);
  const leadIndex = LEADS.indexOf(leadHours);
  const every = <T>(values: ArrayLike<T>) => Array.from(values).filter((_, k) => k % stride === 0);
  const [h, w] = [Math.ceil(HEIGHT / stride), Math.ceil(WIDTH / stride)];
  const thin = (values: ArrayLike<number>) => {
    const out: number[] = [];
    for (let j = 0; j < HEIGHT; j += stride) for (let i = 0; i < WIDTH; i += stride) out.push(values[j * WIDTH + i]);
    return out;
  };
  return writeNc3({ time: 1, latitude: h, longitude: w }, [
    { name: 'time', type: 'double', dimensions: ['time'], data: [leadHours], attributes: dataset.variable('time').attributes as Record<string, string> },
    { name: 'latitude', type: 'double', dimensions: ['latitude'], data: every(dataset.read('latitude') as ArrayLike<number>) },
    { name: 'longitude', type: 'double', dimensions: ['longitude'], data: every(dataset.read('longitude') as ArrayLike<number>) },
    ...variables.map((name): TestVariable => ({ name, type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: thin(dataset.read(name, leadIndex)) })),
  ]);
}

/** The server behind a link of `bytesPerSecond`; `refusePreviews`: an older server's 422 for `stride`. */
function slowServer(link: FakeLink, options: { refusePreviews?: boolean } = {}) {
  return fakeLinkServer(FULL, link, {
    subset: async (query) => {
      const stride = Number(query.get('stride') ?? 1);
      if (stride !== 1 && options.refusePreviews) return jsonResponse(422, { detail: 'unknown query parameter stride' });
      return subsetOf(query.get('variables')!.split(','), Number(query.get('lead')), stride);
    },
  });
}

/** A service with `URL_` opened on thickness at +24 h (the header and one slice: the link's first sample). */
async function opened(server: ReturnType<typeof slowServer>): Promise<ForecastService> {
  const service = new ForecastService({ fetch: server.fetch, clock: server.linkClock });
  await service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
  return service;
}

// The test's slices are small (32 KB, not 64–146 KiB): a link slow enough for them to take over PREVIEW_THRESHOLD_S.
const SLOW = { bytesPerSecond: 3_200 }; // a 32 KB slice: 10 s
const FAST = { bytesPerSecond: 1_000_000 }; // 0.03 s

describe('previews on a slow link', () => {
  it('answer a switch with the stride-2 preview upsampled onto the full grid, then the full slice replaces it', async () => {
    const server = slowServer(SLOW);
    const service = await opened(server);
    expect(server.asked().sort()).toEqual(['header', 'sithick_GLORYS@24']);

    const preview = await service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true });
    expect(preview.preview).toBe(true);
    expect([preview.width, preview.height]).toEqual([WIDTH, HEIGHT]);
    // Cell (j, i) shows coarse cell (j >> 1, i >> 1), i.e. the full slice's (j & ~1, i & ~1); column 0's NaN
    // covers columns 0 and 1; the odd last column 100 is its own.
    for (const [j, i] of [[0, 2], [1, 3], [7, 8], [79, 99], [79, 100], [40, 0], [40, 1]]) {
      expect(preview.data[j * WIDTH + i], `${j},${i}`).toBe(valueOf(2, 1, j & ~1, i & ~1));
    }
    expect(preview.min).toBe(valueOf(2, 1, 0, 2));

    // The full slice was asked for right after the preview, without waiting for the page to ask again.
    expect(server.asked().slice(2)).toEqual(['sea_ice_fraction_BREMEN@48/2', 'sea_ice_fraction_BREMEN@48']);
    const full = await service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1);
    expect(full.preview).toBeFalsy();
    expect(full.data[7 * WIDTH + 9]).toBe(valueOf(2, 1, 7, 9));
    expect(full.data[7 * WIDTH + 8]).toBe(valueOf(2, 1, 7, 8));
    // Held now: asking with the flag again gives the full slice, with no request.
    expect((await service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true })).preview).toBeFalsy();
    expect(server.asked()).toHaveLength(4);
  });

  it("take the lead switch's preview when the worker was busy while the first slice arrived (read in one go)", async () => {
    // Timed by its reads, that slice took no time: a link without limit, and the switch went without a preview
    // (the full slice, 6.3 s at 256 kbit/s in bench:slow-link). The browser's record of the transfer says 3.2 KB/s.
    const server = slowServer({ ...SLOW, oneRead: true });
    const service = await opened(server);
    const switched = await service.scalarSlice(URL_, 'sithick_GLORYS', 1, { preview: true });
    expect(switched.preview).toBe(true);
    expect(server.asked().slice(2)).toEqual(['sithick_GLORYS@48/2', 'sithick_GLORYS@48']);
  });

  it('preview the drift pair in one request, its speed and direction each upsampled before u, v', async () => {
    const server = slowServer(SLOW);
    const service = await opened(server);
    const preview = await service.driftSlice(URL_, 2, 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct', { preview: true });
    expect(preview.preview).toBe(true);
    expect(server.asked().slice(2)).toEqual([
      'usi_vsi_GLORYS_speed,usi_vsi_GLORYS_direct@72/2',
      'usi_vsi_GLORYS_speed,usi_vsi_GLORYS_direct@72',
    ]);
    const full = await service.driftSlice(URL_, 2, 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct');
    expect(full.preview).toBeFalsy();
    // Cell (3, 5) of the preview is the full cell (2, 4): the same u, v.
    const at = (j: number, i: number) => 2 * (j * WIDTH + i);
    expect(Array.from(preview.data.subarray(at(3, 5), at(3, 5) + 2))).toEqual(Array.from(full.data.subarray(at(2, 4), at(2, 4) + 2)));
  });

  it('preview the drift when one of its pair is held already (the background fetches them one by one)', async () => {
    const server = slowServer(SLOW);
    const service = new ForecastService({ fetch: server.fetch, clock: server.linkClock });
    await service.open({ url: URL_, first: { variables: ['usi_vsi_GLORYS_speed'], leadHours: 24 } }, 'r1');
    const preview = await service.driftSlice(URL_, 0, 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct', { preview: true });
    expect(preview.preview).toBe(true);
    // The preview brings both (the speed is read from it too); the full request only the one missing.
    expect(server.asked().slice(2)).toEqual(['usi_vsi_GLORYS_speed,usi_vsi_GLORYS_direct@24/2', 'usi_vsi_GLORYS_direct@24']);
    expect((await service.driftSlice(URL_, 0, 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct')).preview).toBeFalsy();
  });

  it('never give previews to callers without the flag (point series, tools): the full slices only', async () => {
    const server = slowServer(SLOW);
    const service = await opened(server);
    const series = await service.cellSeries(URL_, ['sea_ice_fraction_BREMEN'], 5 * WIDTH + 7);
    expect(series[0]).toEqual([0, 1, 2].map((t) => valueOf(2, t, 5, 7)));
    expect((await service.scalarSlice(URL_, 'usi_vsi_GLORYS_speed', 0)).preview).toBeFalsy();
    expect(server.asked().some((name) => name.endsWith('/2'))).toBe(false);
  });

  it('fall back to the full slice silently when the server refuses previews (422), and stop asking for them', async () => {
    const server = slowServer(SLOW, { refusePreviews: true });
    const service = await opened(server);
    const slice = await service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true });
    expect(slice.preview).toBeFalsy();
    expect(slice.data[7 * WIDTH + 9]).toBe(valueOf(2, 1, 7, 9));
    expect(server.asked().slice(2)).toEqual(['sea_ice_fraction_BREMEN@48/2', 'sea_ice_fraction_BREMEN@48']);
    await service.scalarSlice(URL_, 'sithick_GLORYS', 2, { preview: true });
    expect(server.asked().slice(4)).toEqual(['sithick_GLORYS@72']);
  });
});

describe('no previews', () => {
  it('on a fast link: a switch asks for no preview (the whole file follows the first slice: link-decision.test.ts)', async () => {
    const server = slowServer(FAST);
    const service = await opened(server);
    const slice = await service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true });
    expect(slice.preview).toBeFalsy();
    expect(slice.data[7 * WIDTH + 9]).toBe(valueOf(2, 1, 7, 9));
    expect(server.asked().filter((name) => name.endsWith('/2'))).toEqual([]);
  });

  it('before the link is measured (the first slice answered from the offline copy)', async () => {
    const server = slowServer(SLOW);
    const copies: typeof fetch = async (input, init) => {
      const response = await server.fetch(input, init);
      const headers = new Headers(response.headers);
      headers.set('x-ice-offline-copy', '1');
      return new Response(response.body, { status: response.status, headers });
    };
    const service = new ForecastService({ fetch: copies, clock: server.linkClock });
    await service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
    expect((await service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true })).preview).toBeFalsy();
    expect(server.asked().slice(2)).toEqual(['sea_ice_fraction_BREMEN@48']);
  });
});

describe('upsample', () => {
  it('gives cell (j, i) the coarse cell (j >> 1, i >> 1) and checks the coarse size', () => {
    // 3 × 5 full from 2 × 3 coarse.
    const coarse = Float32Array.of(1, 2, 3, 4, NaN, 6);
    expect(Array.from(upsample(coarse, 5, 3))).toEqual([1, 1, 2, 2, 3, 1, 1, 2, 2, 3, 4, 4, NaN, NaN, 6]);
    expect(() => upsample(coarse, 7, 3)).toThrow(RangeError); // 7 wide needs 4 coarse columns
  });
});

describe("a large grid's first view (FirstSlice.preview)", () => {
  it('opens with the header and the first slice’s preview, the full slice when the view asks; drawn on the full grid meanwhile', async () => {
    const server = slowServer({ bytesPerSecond: 32_000 });
    const service = new ForecastService({ fetch: server.fetch, clock: server.linkClock });
    const meta = await service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24, preview: true } }, 'r1');
    // The full grid, though only the preview's coordinates have come: every 2nd of the full axes.
    const full = (await openNetcdf(FULL)) as Awaited<ReturnType<typeof openNetcdf>>;
    const lat = full.read('latitude') as ArrayLike<number>;
    const lon = full.read('longitude') as ArrayLike<number>;
    expect(meta.grid).toMatchObject({ nlat: HEIGHT, nlon: WIDTH, lat0: lat[0], lon0: lon[0] });
    expect(meta.grid && 'dlat' in meta.grid ? [meta.grid.dlat, meta.grid.dlon] : null).toEqual([lat[1] - lat[0], lon[1] - lon[0]]);
    // Nothing more on the link until the view has drawn the preview (the page's own code shares it meanwhile).
    expect(server.asked().sort()).toEqual(['header', 'sithick_GLORYS@24/2']);
    // The view's first ask: the preview, upsampled; the full slice when asked for next.
    const first = await service.scalarSlice(URL_, 'sithick_GLORYS', 0, { preview: true });
    expect(first.preview).toBe(true);
    expect(first.data[(2 * 5 + 1) * WIDTH + 2 * 7 + 1]).toBe(valueOf(1, 0, 2 * 5, 2 * 7));
    const whole = await service.scalarSlice(URL_, 'sithick_GLORYS', 0);
    expect(whole.preview).toBeUndefined();
    expect(whole.data[11 * WIDTH + 15]).toBe(valueOf(1, 0, 11, 15));
    expect(server.asked().slice(0, 3).sort()).toEqual(['header', 'sithick_GLORYS@24', 'sithick_GLORYS@24/2']);
    expect(server.asked().filter((asked) => asked === 'sithick_GLORYS@24')).toHaveLength(1);
  });
});

describe('gridFromPreview', () => {
  it('is the preview’s grid at half its step with the full counts, on either kind of grid', () => {
    expect(gridFromPreview({ lon0: 50, dlon: 0.1, nlon: 651, lat0: 66.025, dlat: 0.1, nlat: 240 }, 1301, 480)).toEqual({ lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 });
    const proj4 = '+proj=stere +lat_0=90 +lat_ts=70 +lon_0=-45 +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m';
    const coarse = fieldGridOfPlanar({ proj4, x0: -3_846_875, dx: 12_500, nx: 608, y0: 5_846_875, dy: -12_500, ny: 896 })!;
    expect(gridFromPreview(coarse, 1216, 1792)).toEqual(fieldGridOfPlanar({ proj4, x0: -3_846_875, dx: 6250, nx: 1216, y0: 5_846_875, dy: -6250, ny: 1792 }));
  });
});
