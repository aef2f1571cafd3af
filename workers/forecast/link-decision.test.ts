/**
 * Slices or the whole file (link-decision.ts), through the worker's real code (ForecastService) against a fake
 * server behind a fake link: every body advances a fake clock by its bytes over the link's rate, so "slow" and
 * "fast" are exact, not timed.
 */
import { describe, expect, it } from 'vitest';
import { fakeLinkServer, type FakeLink } from '../../common/testing/fake-link.ts';
import { ForecastService } from '../forecast-service.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';
import { smallForecast, writeNc3, type TestVariable } from '../../netcdf/test/write-nc3.ts';
import { decideLink, WHOLE_FILE_BITS_PER_SECOND, WHOLE_FILE_SECONDS } from './link-decision.ts';
import { OFFLINE_COPY_HEADER } from './link-rate.ts';

const URL_ = 'https://ice.test/api/v1/forecast/hist?date=2026-03-01';
const WIDTH = 100;
const HEIGHT = 80; // one field at one lead: 32 KB, a sample of the link's rate; 4 fields × 3 leads: 384 KB
const LEADS = [24, 48, 72];
const FULL = smallForecast(WIDTH, HEIGHT);
const valueOf = (f: number, t: number, j: number, i: number) => (i === 0 ? NaN : f * 1000 + t * 100 + j * 10 + i);

async function subsetOf(variables: string[], leadHours: number): Promise<Uint8Array> {
  const dataset = await openNetcdf(FULL);
  const leadIndex = LEADS.indexOf(leadHours);
  return writeNc3({ time: 1, latitude: HEIGHT, longitude: WIDTH }, [
    { name: 'time', type: 'double', dimensions: ['time'], data: [leadHours], attributes: dataset.variable('time').attributes as Record<string, string> },
    { name: 'latitude', type: 'double', dimensions: ['latitude'], data: dataset.read('latitude') as ArrayLike<number> },
    { name: 'longitude', type: 'double', dimensions: ['longitude'], data: dataset.read('longitude') as ArrayLike<number> },
    ...variables.map((name): TestVariable => ({ name, type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: dataset.read(name, leadIndex) as ArrayLike<number> })),
  ]);
}

/**
 * The server behind a link of `bytesPerSecond`; `wholeFails`: the whole file's request breaks (a 503); `thinkMs`:
 * a busy server, each answer's first byte that long after its headers; `readLateMs`, `oneRead`: a busy worker
 * (common/testing/fake-link.ts); `recorded: false`: no Resource Timing record (the reads are timed).
 */
function fakeLink(bytesPerSecond: number, options: { wholeFails?: boolean; fromCopy?: boolean } & Omit<FakeLink, 'bytesPerSecond'> = {}) {
  const { wholeFails, fromCopy, ...link } = options;
  const server = fakeLinkServer(FULL, { bytesPerSecond, ...link }, {
    wholeFails,
    subset: (query) => subsetOf(query.get('variables')!.split(','), Number(query.get('lead'))),
  });
  // `fromCopy`: every answer is the offline copy's, as offlineFetch marks it (no sample of the link).
  const copied: typeof fetch = async (input, init) => {
    const answer = await server.fetch(input, init);
    const headers = new Headers(answer.headers);
    headers.set(OFFLINE_COPY_HEADER, '1');
    return new Response(answer.body, { status: answer.status, headers });
  };
  const service = new ForecastService({ fetch: fromCopy ? copied : server.fetch, clock: server.linkClock });
  /** Open with the first slice, as the page does, and say the first field is drawn. */
  const open = async () => {
    const meta = await service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
    service.allowBackground(URL_);
    return meta;
  };
  return { service, asked: server.asked, open };
}

describe('decideLink', () => {
  it('takes the whole file from 8 Mbit/s, or when the whole file would take under 1.5 s, and slices otherwise', () => {
    expect(WHOLE_FILE_BITS_PER_SECOND).toBe(8_000_000);
    expect(WHOLE_FILE_SECONDS).toBe(1.5);
    expect(decideLink(1_000_000, 50_000_000).mode).toBe('whole'); // 8 Mbit/s, however big the file
    expect(decideLink(999_000, 2_000_000).mode).toBe('slices'); // just under 8 Mbit/s, the file in 2 s
    expect(decideLink(500_000, 700_000)).toMatchObject({ mode: 'whole', bitsPerSecond: 4_000_000, wholeFileSeconds: 1.4 });
    expect(decideLink(32_000, 1_300_000)).toMatchObject({ mode: 'slices', bitsPerSecond: 256_000 }); // a ship: 41 s
    expect(decideLink(null, 1_300_000)).toMatchObject({ mode: 'slices', bitsPerSecond: null, wholeFileSeconds: null });
    expect(decideLink(Infinity, null).mode).toBe('whole'); // a body that took no time at all: loopback
  });
});

describe('on a fake link', () => {
  it('fast (16 Mbit/s): the whole file right after the first field, then every switch from memory with no request', async () => {
    const link = fakeLink(2_000_000);
    await link.service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
    // Not before the first field is drawn: the link is that field's.
    expect(link.asked().sort()).toEqual(['header', 'sithick_GLORYS@24']);
    expect(await link.service.linkDecision(URL_)).toMatchObject({ mode: 'whole', held: false });
    link.service.allowBackground(URL_);
    await expect.poll(async () => (await link.service.linkDecision(URL_))?.held).toBe(true);
    expect(link.asked().sort()).toEqual(['header', 'sithick_GLORYS@24', 'whole']);
    expect(await link.service.linkDecision(URL_)).toMatchObject({ mode: 'whole', held: true, thresholdBitsPerSecond: 8_000_000 });
    const before = link.asked().length;
    const switched = await link.service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 2);
    expect(switched.data[7 * WIDTH + 9]).toBe(valueOf(2, 2, 7, 9));
    const drift = await link.service.driftSlice(URL_, 1, 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct');
    expect(drift.maxSpeed).toBeGreaterThan(0);
    expect((await link.service.cellSeries(URL_, ['sithick_GLORYS'], 5 * WIDTH + 3))[0]).toEqual([0, 1, 2].map((t) => valueOf(1, t, 5, 3)));
    expect(link.asked().length).toBe(before);
    await link.service.linkQuiet();
  });

  it('slow but the whole file in under 1.5 s (4 Mbit/s, 384 KB: 0.8 s): the whole file too', async () => {
    const link = fakeLink(500_000);
    await link.open();
    await expect.poll(async () => (await link.service.linkDecision(URL_))?.held).toBe(true);
    const decision = (await link.service.linkDecision(URL_))!;
    expect(decision.mode).toBe('whole');
    expect(decision.bitsPerSecond! / 4_000_000).toBeCloseTo(1, 0);
    expect(decision.wholeFileSeconds).toBeLessThan(WHOLE_FILE_SECONDS);
  });

  it('slow (256 kbit/s): slices, the whole file never asked for; a switch fetches its own slice', async () => {
    const link = fakeLink(32_000);
    await link.open();
    const decision = await link.service.linkDecision(URL_);
    expect(decision).toMatchObject({ mode: 'slices', held: false });
    expect(decision!.bitsPerSecond! / 256_000).toBeCloseTo(1, 0);
    expect(decision!.wholeFileSeconds).toBeGreaterThan(WHOLE_FILE_SECONDS);
    const switched = await link.service.scalarSlice(URL_, 'sithick_GLORYS', 1);
    expect(switched.data[7 * WIDTH + 9]).toBe(valueOf(1, 1, 7, 9));
    expect(link.asked()).toEqual(expect.arrayContaining(['header', 'sithick_GLORYS@24', 'sithick_GLORYS@48']));
    expect(link.asked()).not.toContain('whole');
  });

  it('fast, but the whole file fails: the slices take over as on a slow link', async () => {
    const link = fakeLink(2_000_000, { wholeFails: true });
    await link.open();
    await expect.poll(async () => (await link.service.linkDecision(URL_))?.mode).toBe('slices');
    const switched = await link.service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 1);
    expect(switched.data[7 * WIDTH + 9]).toBe(valueOf(2, 1, 7, 9));
    expect(link.asked()).toContain('sea_ice_fraction_BREMEN@48');
  });

  // A busy server (3 s before each first byte) or a busy worker (reading each piece 40 ms late: 1.5 Mbit/s by its
  // reads; or a whole body in one read) does not change what the browser recorded of the transfer.
  it('judges the link, not the server nor the worker: a desk on a fast link holds the whole file however busy either is', async () => {
    for (const busy of [{ thinkMs: 3_000 }, { readLateMs: 40 }, { oneRead: true }]) {
      const link = fakeLink(2_000_000, busy);
      await link.open();
      const decision = (await link.service.linkDecision(URL_))!;
      expect(decision.mode, JSON.stringify(busy)).toBe('whole');
      expect(decision.bitsPerSecond! / 16_000_000).toBeCloseTo(1, 1);
      await expect.poll(async () => (await link.service.linkDecision(URL_))?.held).toBe(true);
      expect(link.asked()).toContain('whole');
    }
  });

  it('judges the link, not the server nor the worker: a ship (256 kbit/s) takes slices at its own rate, however busy either is', async () => {
    for (const busy of [{ thinkMs: 0 }, { thinkMs: 3_000 }, { readLateMs: 40 }, { oneRead: true }]) {
      const link = fakeLink(32_000, busy);
      await link.open();
      const decision = (await link.service.linkDecision(URL_))!;
      expect(decision.mode, JSON.stringify(busy)).toBe('slices');
      expect(decision.bitsPerSecond! / 256_000).toBeCloseTo(1, 1);
      await link.service.scalarSlice(URL_, 'sithick_GLORYS', 1);
      expect(link.asked()).not.toContain('whole');
    }
  });

  it("without the browser's record, a body read in one go is no sample: a ship is not taken for a fast link", async () => {
    const link = fakeLink(32_000, { oneRead: true, recorded: false });
    await link.open();
    expect(await link.service.linkDecision(URL_)).toMatchObject({ mode: 'slices', bitsPerSecond: null });
    // Timed by its reads when they show the transfer: the same link, read as it arrives.
    const read = fakeLink(32_000, { recorded: false });
    await read.open();
    expect((await read.service.linkDecision(URL_))!.bitsPerSecond! / 256_000).toBeCloseTo(1, 1);
  });

  it('tells the page, which asked once when its first field was drawn, the decision and then that the file is held', async () => {
    const link = fakeLink(2_000_000);
    await link.service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
    const heard: Array<{ mode: string; held: boolean } | null> = [];
    link.service.allowBackground(URL_, (decision) => heard.push(decision && { mode: decision.mode, held: decision.held }));
    expect(heard).toEqual([{ mode: 'whole', held: false }]);
    await expect.poll(() => heard.length).toBe(2);
    expect(heard[1]).toEqual({ mode: 'whole', held: true });
  });

  it('tells the page when the whole file failed and the slices take over', async () => {
    const link = fakeLink(2_000_000, { wholeFails: true });
    await link.service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
    const heard: string[] = [];
    link.service.allowBackground(URL_, (decision) => heard.push(`${decision?.mode}:${decision?.held}`));
    await expect.poll(() => heard).toEqual(['whole:false', 'slices:false']);
  });

  it('a new page on a link an earlier page measured: its files from the offline copy are judged on that rate until it measures its own', async () => {
    // Nothing measured (every answer the copy's): slices, 'not measured'.
    const unseeded = fakeLink(2_000_000, { fromCopy: true });
    await unseeded.open();
    expect(await unseeded.service.linkDecision(URL_)).toMatchObject({ mode: 'slices', bitsPerSecond: null });
    // The earlier page's 94 Mbit/s: the whole file, at that rate.
    const seeded = fakeLink(2_000_000, { fromCopy: true });
    seeded.service.seedLinkRate(94_000_000);
    await seeded.open();
    expect(await seeded.service.linkDecision(URL_)).toMatchObject({ mode: 'whole', bitsPerSecond: 94_000_000 });
    await expect.poll(async () => (await seeded.service.linkDecision(URL_))?.held).toBe(true);
    // A ship's own measure outweighs a desk's kept one: its first real sample decides slices.
    const ship = fakeLink(32_000);
    ship.service.seedLinkRate(94_000_000);
    await ship.open();
    const decision = (await ship.service.linkDecision(URL_))!;
    expect(decision.mode).toBe('slices');
    expect(decision.bitsPerSecond!).toBeLessThan(600_000);
    expect(ship.asked()).not.toContain('whole');
  });

  it('has no decision for a file opened whole or not open', async () => {
    const link = fakeLink(2_000_000);
    await link.service.open({ url: URL_ }, 'r1');
    expect(await link.service.linkDecision(URL_)).toBeNull();
    expect(await link.service.linkDecision('https://ice.test/other')).toBeNull();
  });
});
