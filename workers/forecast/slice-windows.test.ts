/**
 * Windows for a zoomed-in view on a slow link (slice-windows.ts, grid-window.ts), through the worker's real code
 * (ForecastService) against a fake server behind a fake link (common/testing/fake-link.ts) that cuts `bbox=`
 * windows itself: rows and columns whose cells reach into the box, each window with its own latitude/longitude.
 */
import { describe, expect, it } from 'vitest';
import { fakeLinkServer } from '../../common/testing/fake-link.ts';
import type { Bbox } from '../../common/forecast-file/subset-query.ts';
import { ForecastService } from '../forecast-service.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';
import { smallForecast, writeNc3, type TestVariable } from '../../netcdf/test/write-nc3.ts';
import { gridWindowOf, windowWorthIt, WINDOW_MAX_SHARE } from './grid-window.ts';
import { fieldGridOfPlanar } from '../../common/field-grid.ts';

const URL_ = 'https://ice.test/api/v1/forecast/hist?date=2026-03-01';
// 100 columns 50–74.75°E every 0.25°, 80 rows 70–109.5°N every 0.5° (a test grid: only its numbers matter).
const WIDTH = 100;
const HEIGHT = 80;
const LEADS = [24, 48, 72];
const FULL = smallForecast(WIDTH, HEIGHT);
const valueOf = (f: number, t: number, j: number, i: number) => (i === 0 ? NaN : f * 1000 + t * 100 + j * 10 + i);
const lonOf = (i: number) => 50 + 0.25 * i;
const latOf = (j: number) => 70 + 0.5 * j;

/** The indices whose cells (centre ± half a step) reach into [low, high]. */
const reaching = (n: number, centre: (k: number) => number, half: number, low: number, high: number) =>
  Array.from({ length: n }, (_, k) => k).filter((k) => centre(k) + half > low && centre(k) - half < high);

async function subsetOf(query: URLSearchParams): Promise<Uint8Array> {
  const dataset = await openNetcdf(FULL);
  const leadHours = Number(query.get('lead'));
  const leadIndex = LEADS.indexOf(leadHours);
  const box = query.get('bbox')?.split(',').map(Number);
  let rows = box ? reaching(HEIGHT, latOf, 0.25, box[1], box[3]) : reaching(HEIGHT, latOf, 0.25, -90, 200);
  let columns = box ? reaching(WIDTH, lonOf, 0.125, box[0], box[2]) : reaching(WIDTH, lonOf, 0.125, -180, 180);
  // A preview (stride=2): every 2nd row and column of the whole grid.
  const stride = Number(query.get('stride') ?? 1);
  if (stride > 1) [rows, columns] = [rows.filter((k) => k % stride === 0), columns.filter((k) => k % stride === 0)];
  const cut = (values: ArrayLike<number>) => Float32Array.from(rows.flatMap((j) => columns.map((i) => values[j * WIDTH + i])));
  return writeNc3({ time: 1, latitude: rows.length, longitude: columns.length }, [
    { name: 'time', type: 'double', dimensions: ['time'], data: [leadHours], attributes: dataset.variable('time').attributes as Record<string, string> },
    { name: 'latitude', type: 'double', dimensions: ['latitude'], data: rows.map(latOf) },
    { name: 'longitude', type: 'double', dimensions: ['longitude'], data: columns.map(lonOf) },
    ...query.get('variables')!.split(',').map((name): TestVariable => ({ name, type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: cut(dataset.read(name, leadIndex) as ArrayLike<number>) })),
  ]);
}

/** A ship (256 kbit/s) or a desk, the file opened with its first slice (thickness +24 h) and not yet drawn (no background). */
async function opened(bytesPerSecond: number) {
  const server = fakeLinkServer(FULL, { bytesPerSecond }, { subset: subsetOf });
  const service = new ForecastService({ fetch: server.fetch, clock: server.linkClock });
  await service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
  return { service, asked: server.asked };
}

/** Cells of the answer: each one inside `cells` equals the file, each one outside is NaN. */
function expectWindow(data: Float32Array, f: number, t: number, inside: (j: number, i: number) => boolean) {
  const wrong: string[] = [];
  for (let j = 0; j < HEIGHT; j++) {
    for (let i = 0; i < WIDTH; i++) {
      const want = inside(j, i) ? valueOf(f, t, j, i) : NaN;
      if (!Object.is(data[j * WIDTH + i], want) && !(Number.isNaN(want) && Number.isNaN(data[j * WIDTH + i]))) wrong.push(`(${j},${i}) ${data[j * WIDTH + i]} ≠ ${want}`);
    }
  }
  expect(wrong.slice(0, 5)).toEqual([]);
}

const within = (box: Bbox) => (j: number, i: number) =>
  latOf(j) + 0.25 > box[1] && latOf(j) - 0.25 < box[3] && lonOf(i) + 0.125 > box[0] && lonOf(i) - 0.125 < box[2];

describe('the window rule', () => {
  it('asks for a window only when it holds a quarter of the grid or less, across 180° too', () => {
    expect(WINDOW_MAX_SHARE).toBe(0.25);
    const grid = { lon0: 50, dlon: 0.25, nlon: WIDTH, lat0: 70, dlat: 0.5, nlat: HEIGHT };
    const small = gridWindowOf(grid, [55, 75, 57, 78])!;
    expect(small).toEqual({ rows: [10, 7], columns: [20, 9] }); // 75–78°N, 55–57°E: centres on the edges reach in
    expect(windowWorthIt(grid, small)).toBe(true);
    expect(windowWorthIt(grid, gridWindowOf(grid, [50, 70, 65, 90])!)).toBe(false); // 60 × 40 of 100 × 80
    expect(gridWindowOf(grid, [120, 75, 130, 78])).toBeNull();
    // A 0…360 grid seen across 180°: the columns either side of it.
    const round = { lon0: 0.5, dlon: 1, nlon: 360, lat0: 60.5, dlat: 1, nlat: 30 };
    expect(gridWindowOf(round, [170, 70, -170, 75])).toEqual({ rows: [10, 5], columns: [170, 20] });
  });

  it("on the whole Arctic's polar grid: the East Siberian Sea is a small window, the Arctic Ocean is not", () => {
    const grid = fieldGridOfPlanar({ proj4: '+proj=stere +lat_0=90 +lat_ts=70 +lon_0=-45 +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m', x0: -3_846_875, dx: 6250, nx: 1216, y0: 5_846_875, dy: -6250, ny: 1792 })!;
    const sea = gridWindowOf(grid, [150, 69, 175, 78])!;
    expect(windowWorthIt(grid, sea)).toBe(true);
    expect(sea.rows[1] * sea.columns[1]).toBeLessThan(0.05 * 1216 * 1792);
    // Across 180° (Chukchi Sea): one window, not the whole width.
    const chukchi = gridWindowOf(grid, [170, 66, -160, 75])!;
    expect(chukchi.columns[1]).toBeLessThan(300);
    expect(windowWorthIt(grid, gridWindowOf(grid, [-180, 65, 180, 90])!)).toBe(false);
  });
});

describe('windows on a slow link', () => {
  it('a switch in a zoomed-in view fetches only its window, at full resolution; panning fetches only new ground', async () => {
    const ship = await opened(32_000);
    const box: Bbox = [55, 75, 57, 78];
    const first = await ship.service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true, window: box });
    expect(first.window).toEqual(box);
    expect(first.preview).toBeUndefined();
    expectWindow(first.data, 2, 1, within(box));
    expect(ship.asked()).toEqual(['header', 'sithick_GLORYS@24', 'sea_ice_fraction_BREMEN@48[55,75,57,78]']);
    // Inside what came: nothing asked.
    const inside = await ship.service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true, window: [55.5, 76, 56.5, 77] });
    expect(inside.window).toEqual([55.5, 76, 56.5, 77]);
    expect(ship.asked()).toHaveLength(3);
    // Panned east: the new box, and the first window's cells kept.
    const panned: Bbox = [56, 75, 59, 78];
    const next = await ship.service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true, window: panned });
    expect(ship.asked().at(-1)).toBe('sea_ice_fraction_BREMEN@48[56,75,59,78]');
    expectWindow(next.data, 2, 1, (j, i) => within(box)(j, i) || within(panned)(j, i));
  });

  it('a wide view takes the preview and the whole slice as before; a fast link the whole slice', async () => {
    const ship = await opened(32_000);
    const wide = await ship.service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true, window: [50, 70, 65, 90] });
    expect(wide.window).toBeUndefined();
    expect(wide.preview).toBe(true);
    expect(ship.asked()).toEqual(['header', 'sithick_GLORYS@24', 'sea_ice_fraction_BREMEN@48/2', 'sea_ice_fraction_BREMEN@48']);
    const desk = await opened(2_000_000);
    const full = await desk.service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true, window: [55, 75, 57, 78] });
    expect(full.window).toBeUndefined();
    expect(full.data[12 * WIDTH + 30]).toBe(valueOf(2, 1, 12, 30));
    expect(desk.asked()).not.toContain('sea_ice_fraction_BREMEN@48[55,75,57,78]');
  });

  it('the drift from its window; a point outside the window is read from the whole slices the server sends', async () => {
    const ship = await opened(32_000);
    const box: Bbox = [55, 75, 57, 78];
    const drift = await ship.service.driftSlice(URL_, 2, 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct', { preview: true, window: box });
    expect(drift.window).toEqual(box);
    expect(drift.maxSpeed).toBeCloseTo(0.5);
    const k = 12 * WIDTH + 24; // inside: speed 0.5 towards one of N, E, S, W
    expect(Math.hypot(drift.data[2 * k], drift.data[2 * k + 1])).toBeCloseTo(0.5);
    expect(Number.isNaN(drift.data[2 * (50 * WIDTH + 80)])).toBe(true); // outside: nothing yet
    // The point panel asks without a window: the whole slices, every lead, exact outside the window too.
    const series = await ship.service.cellSeries(URL_, ['sea_ice_fraction_BREMEN'], 50 * WIDTH + 80);
    expect(series[0]).toEqual([0, 1, 2].map((t) => valueOf(2, t, 50, 80)));
    // Held whole now: the view's ask is the whole slice, no window.
    const whole = await ship.service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1, { preview: true, window: box });
    expect(whole.window).toBeUndefined();
    expect(whole.data[50 * WIDTH + 80]).toBe(valueOf(2, 1, 50, 80));
  });
});

/**
 * The test forecast with a 32 KiB variable laid before its latitude/longitude, so they lie beyond the header range
 * the worker asks first, as the whole Arctic's x/y and 2-D coordinates do: a first view's grid then comes from its
 * full slice, or from the page's expected grid once a window's axes fall on it.
 */
async function coordinatesBeyondHeader(): Promise<Uint8Array> {
  const dataset = await openNetcdf(FULL);
  const whole = (name: string) => {
    const info = dataset.variable(name);
    if (info.dimensions[0] !== 'time' || info.shape.length < 3) return Array.from(dataset.read(name) as ArrayLike<number>);
    return LEADS.flatMap((_, t) => Array.from(dataset.read(name, t) as ArrayLike<number>));
  };
  const padding: TestVariable = { name: 'cell_area', type: 'float', dimensions: ['latitude', 'longitude'], data: new Float32Array(WIDTH * HEIGHT).fill(1) };
  const variables = dataset.variables.map((v): TestVariable => ({ name: v.name, type: v.type as TestVariable['type'], dimensions: [...v.dimensions], data: whole(v.name), attributes: v.attributes as TestVariable['attributes'] }));
  return writeNc3({ time: LEADS.length, latitude: HEIGHT, longitude: WIDTH }, [variables[0], padding, ...variables.slice(1)], { Conventions: 'CF-1.8' });
}

const NEXT_DAY = 'https://ice.test/api/v1/forecast/hist?date=2026-03-02';

/** A ship or a desk that has shown one file (thickness +24 h, drawn) and knows its grid. */
async function shownOne(bytesPerSecond: number) {
  const server = fakeLinkServer(await coordinatesBeyondHeader(), { bytesPerSecond }, { subset: subsetOf });
  const service = new ForecastService({ fetch: server.fetch, clock: server.linkClock });
  const { grid } = await service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
  expect(grid).toEqual({ lon0: 50, dlon: 0.25, nlon: WIDTH, lat0: 70, dlat: 0.5, nlat: HEIGHT });
  const before = server.asked().length;
  return { service, grid: grid!, askedSince: () => server.asked().slice(before) };
}

describe('a date or run changed in a zoomed-in view', () => {
  it('fetches only the window under the view with the header, and answers the view from it', async () => {
    const ship = await shownOne(32_000);
    const box: Bbox = [55, 75, 57, 78];
    const meta = await ship.service.open({ url: NEXT_DAY, first: { variables: ['sithick_GLORYS'], leadHours: 48, window: { bbox: box, grid: ship.grid } } }, 'r2');
    expect(ship.askedSince()).toEqual(['header', 'sithick_GLORYS@48[55,75,57,78]']);
    expect(meta.grid).toEqual(ship.grid);
    const field = await ship.service.scalarSlice(NEXT_DAY, 'sithick_GLORYS', 1, { preview: true, window: box });
    expect(field.window).toEqual(box);
    expectWindow(field.data, 1, 1, within(box));
    expect(ship.askedSince()).toHaveLength(2); // nothing more for the view
    // The point panel still reads whole slices, anywhere.
    expect((await ship.service.cellSeries(NEXT_DAY, ['sithick_GLORYS'], 50 * WIDTH + 80))[0]).toEqual([0, 1, 2].map((t) => valueOf(1, t, 50, 80)));
  });

  it('a wide view, a fast link, or a grid the window does not fall on: the whole first slice, as before', async () => {
    const wide = await shownOne(32_000);
    await wide.service.open({ url: NEXT_DAY, first: { variables: ['sithick_GLORYS'], leadHours: 48, window: { bbox: [50, 70, 65, 90], grid: wide.grid } } }, 'r2');
    expect(wide.askedSince()).toEqual(['header', 'sithick_GLORYS@48']);

    const desk = await shownOne(2_000_000);
    await desk.service.open({ url: NEXT_DAY, first: { variables: ['sithick_GLORYS'], leadHours: 48, window: { bbox: [55, 75, 57, 78], grid: desk.grid } } }, 'r2');
    expect(desk.askedSince()).toEqual(['header', 'sithick_GLORYS@48']);

    // The page expected a grid half a cell east of the file's: the window cannot be placed, so the whole slice.
    const ship = await shownOne(32_000);
    const shifted = { ...ship.grid, lon0: 50.125 };
    const meta = await ship.service.open({ url: NEXT_DAY, first: { variables: ['sithick_GLORYS'], leadHours: 48, window: { bbox: [55, 75, 57, 78], grid: shifted } } }, 'r2');
    expect(ship.askedSince()).toEqual(['header', 'sithick_GLORYS@48[55,75,57,78]', 'sithick_GLORYS@48']);
    expect(meta.grid).toEqual(ship.grid);
    const field = await ship.service.scalarSlice(NEXT_DAY, 'sithick_GLORYS', 1, { preview: true, window: [55, 75, 57, 78] });
    expect(field.window).toBeUndefined();
    expect(field.data[50 * WIDTH + 80]).toBe(valueOf(1, 1, 50, 80));
  });
});
