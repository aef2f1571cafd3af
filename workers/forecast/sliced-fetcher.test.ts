/**
 * Which request goes on the link when (issue 13), through the worker's real code (ForecastService) against a
 * fake server whose answers the test releases one by one: the header range and the first slice, nothing in
 * the background until the page says the view is drawn, then one subset at a time, giving way to a switch.
 */
import { describe, expect, it } from 'vitest';
import { ForecastService } from '../forecast-service.ts';
import { RESUME_AFTER_MS } from './fetch-scheduler.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';
import { smallForecast, writeNc3, type TestVariable } from '../../netcdf/test/write-nc3.ts';

const URL_ = 'https://ice.test/api/v1/forecast/hist?date=2026-03-01';
const WIDTH = 100; // each field 3 leads × 80 × 100 float32 = 96 KB: beyond the 16 KiB header range
const HEIGHT = 80;
const LEADS = [24, 48, 72];

interface Request {
  url: string;
  range: string | null;
  aborted: boolean;
  answer: () => void;
}

/** The subset the server would send: `variables` at one lead, with the coordinates (float, not packed). */
async function subsetOf(full: Uint8Array, variables: string[], leadHours: number): Promise<Uint8Array> {
  const dataset = await openNetcdf(full);
  const leadIndex = LEADS.indexOf(leadHours);
  const coordinate = (name: string): TestVariable => ({ name, type: 'double', dimensions: [name], data: dataset.read(name) as ArrayLike<number>, attributes: dataset.variable(name).attributes as Record<string, string> });
  return writeNc3(
    { time: 1, latitude: HEIGHT, longitude: WIDTH },
    [
      { ...coordinate('time'), data: [leadHours] },
      coordinate('latitude'),
      coordinate('longitude'),
      ...variables.map((name): TestVariable => ({ name, type: 'float', dimensions: ['time', 'latitude', 'longitude'], data: dataset.read(name, leadIndex) as ArrayLike<number> })),
    ],
  );
}

/** A body in 8 KiB reads, as a link delivers it (one read would have taken no time at all: loopback). */
function inPieces(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += 8192)));
    },
  });
}

function fakeServer(full: Uint8Array) {
  const requests: Request[] = [];
  const answered = new Set<Request>();
  const impl = ((input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const url = String(input);
      const range = new Headers(init?.headers).get('range');
      const request: Request = {
        url,
        range,
        aborted: false,
        answer: () => {
          void (async () => {
            if (range) {
              const end = Number(/bytes=0-(\d+)/.exec(range)![1]);
              const body = new Uint8Array(full.subarray(0, end + 1));
              resolve(new Response(body, { status: 206, headers: { 'content-range': `bytes 0-${end}/${full.length}` } }));
              return;
            }
            const query = new URL(url).searchParams;
            if (!query.has('variables')) {
              resolve(new Response(inPieces(full)));
              return;
            }
            resolve(new Response(inPieces(await subsetOf(full, query.get('variables')!.split(','), Number(query.get('lead'))))));
          })();
        },
      };
      init?.signal?.addEventListener('abort', () => {
        request.aborted = true;
        reject(new DOMException('aborted', 'AbortError'));
      });
      requests.push(request);
    })) as typeof fetch;
    /** Requests not answered yet and not aborted, as short names: 'header', 'sithick_GLORYS@48'. */
  const names = () => requests.filter((r) => !answered.has(r) && !r.aborted).map(describe);
  const describe = (r: Request) => {
    const query = new URL(r.url).searchParams;
    if (r.range) return 'header';
    return query.has('variables') ? `${query.get('variables')}@${query.get('lead')}` : 'whole';
  };
  return {
    impl,
    requests,
    describe,
    /** What is on the link now (asked, not answered, not aborted). */
    pending: names,
    /** Answer the pending request named `name`. */
    answer(name: string) {
      const request = requests.find((r) => !r.aborted && !answered.has(r) && describe(r) === name);
      if (!request) throw new Error(`no pending request ${name}; pending: ${names().join(', ')}`);
      answered.add(request);
      request.answer();
    },
  };
}

/**
 * The clock the worker measures the link with: each reading a second after the last, so every body seems to take
 * a second from its first read to its last (about 25 KB/s for a slice): a ship's link, on which the worker keeps to slices (link-decision.ts).
 */
const slowClock = () => {
  let ms = 0;
  return { now: () => (ms += 1000) };
};

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 1));
};
/** The quiet moment after the last foreground request before the background goes on (fetch-scheduler.ts). */
const quiet = async () => {
  await new Promise((resolve) => setTimeout(resolve, RESUME_AFTER_MS));
  await settle();
};

/** A service that opened `URL_` on thickness at +24 h and whose background has just begun (after the quiet moment). */
async function openedWithBackground() {
  const server = fakeServer(smallForecast(WIDTH, HEIGHT));
  const service = new ForecastService({ fetch: server.impl, clock: slowClock() });
  const opened = service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
  await settle();
  server.answer('header');
  server.answer('sithick_GLORYS@24');
  await opened;
  service.allowBackground(URL_);
  await quiet();
  return { server, service };
}

describe('slice-first opening: which request goes when', () => {
  it('asks for the header and the first slice only; the background waits for the drawn view, then goes one by one', async () => {
    const server = fakeServer(smallForecast(WIDTH, HEIGHT));
    const service = new ForecastService({ fetch: server.impl, clock: slowClock() });
    const opened = service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
    await settle();
    expect(server.pending().sort()).toEqual(['header', 'sithick_GLORYS@24']);
    server.answer('header');
    server.answer('sithick_GLORYS@24');
    const meta = await opened;
    expect(meta.leadHours).toEqual(LEADS);
    const first = await service.scalarSlice(URL_, 'sithick_GLORYS', 0);
    expect(first.data[WIDTH + 1]).toBe(1000 + 10 + 1); // row 1, column 1 at +24 h
    await settle();
    expect(server.pending()).toEqual([]); // not drawn yet: the link is the view's (the map's code comes next)

    service.allowBackground(URL_);
    await quiet();
    // The shown variable at the nearest leads first, one request at a time.
    expect(server.pending()).toEqual(['sithick_GLORYS@48']);
    server.answer('sithick_GLORYS@48');
    await settle();
    expect(server.pending()).toEqual(['sithick_GLORYS@72']);
  });

  it('aborts the background request for a switch, and asks for it again once the switch is served', async () => {
    const { server, service } = await openedWithBackground();
    expect(server.pending()).toEqual(['sithick_GLORYS@48']);

    // A variable switch: the background request gives way and nothing else starts while it is pending.
    const switched = service.scalarSlice(URL_, 'sea_ice_fraction_BREMEN', 0);
    await settle();
    expect(server.requests.find((r) => server.describe(r) === 'sithick_GLORYS@48')?.aborted).toBe(true);
    expect(server.pending()).toEqual(['sea_ice_fraction_BREMEN@24']);
    server.answer('sea_ice_fraction_BREMEN@24');
    const slice = await switched;
    expect(slice.data[WIDTH + 1]).toBe(2000 + 10 + 1);
    await settle();
    // Then the background again, from the request it gave up, after a quiet moment (a second switch may follow).
    expect(server.pending()).toEqual([]);
    await quiet();
    expect(server.pending()).toEqual(['sithick_GLORYS@48']);
    expect(service.backgroundInfo).toEqual({ foreground: 0, running: true, queued: expect.any(Number) });
  });

  it('waits for the background request that brings the slice switched to, without asking twice', async () => {
    const { server, service } = await openedWithBackground();
    const switched = service.scalarSlice(URL_, 'sithick_GLORYS', 1);
    await settle();
    expect(server.pending()).toEqual(['sithick_GLORYS@48']);
    server.answer('sithick_GLORYS@48');
    expect((await switched).data[WIDTH + 1]).toBe(1000 + 100 + 10 + 1);
    expect(server.requests.filter((r) => server.describe(r) === 'sithick_GLORYS@48')).toHaveLength(1);
  });

  it('takes the whole file when its time axis lies beyond the header range (a very long header)', async () => {
    const forecast = smallForecast(WIDTH, HEIGHT);
    const dataset = await openNetcdf(forecast);
    const variable = (name: string, type: TestVariable['type']): TestVariable => ({
      name,
      type,
      dimensions: dataset.variable(name).dimensions,
      data: dataset.read(name) as ArrayLike<number>,
      attributes: dataset.variable(name).attributes as Record<string, string>,
    });
    const long = writeNc3(
      { time: 3, latitude: HEIGHT, longitude: WIDTH },
      [variable('time', 'double'), variable('latitude', 'double'), variable('longitude', 'double'), variable('sithick_GLORYS', 'float')],
      { history: 'x'.repeat(20_000) },
    );
    const server = fakeServer(long);
    const service = new ForecastService({ fetch: server.impl, clock: slowClock() });
    const opened = service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
    await settle();
    server.answer('header');
    server.answer('sithick_GLORYS@24');
    await expect.poll(() => server.pending()).toEqual(['whole']);
    const early = await Promise.race([opened.then(() => 'opened', (e: unknown) => String(e)), Promise.resolve('pending')]);
    expect(early).toBe('pending');
    server.answer('whole');
    const meta = await opened;
    expect(meta.leadHours).toEqual(LEADS);
    expect((await service.scalarSlice(URL_, 'sithick_GLORYS', 2)).data[WIDTH + 1]).toBe(1000 + 200 + 10 + 1);
  });

  it('with no link, takes slices asked for together from the copies the background kept one by one', async () => {
    const full = smallForecast(WIDTH, HEIGHT);
    // The offline copy as the worker's fetch sees it: the header range and one variable per subset answer; a
    // request for two variables at once was never made online, so it fails as the lost network does.
    const fetchFromCopies = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const range = new Headers(init?.headers).get('range');
      if (range) {
        const end = Number(/bytes=0-(\d+)/.exec(range)![1]);
        return new Response(new Uint8Array(full.subarray(0, end + 1)), {
          status: 206,
          headers: { 'content-range': `bytes 0-${end}/${full.length}`, 'x-ice-offline-copy': '1' },
        });
      }
      const variables = url.searchParams.get('variables')!.split(',');
      if (variables.length > 1) throw new TypeError('Failed to fetch');
      return new Response(new Uint8Array(await subsetOf(full, variables, Number(url.searchParams.get('lead')))), { headers: { 'x-ice-offline-copy': '1' } });
    }) as typeof fetch;
    const service = new ForecastService({ fetch: fetchFromCopies });
    await service.open({ url: URL_, first: { variables: ['sithick_GLORYS'], leadHours: 24 } }, 'r1');
    const drift = await service.driftSlice(URL_, 2, 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct');
    expect(drift.width).toBe(WIDTH);
    expect(drift.maxSpeed).toBeGreaterThan(0);
    expect(drift.preview).toBeFalsy();
  });
});
