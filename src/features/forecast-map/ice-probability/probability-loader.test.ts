/**
 * 'Вероятность льда' from the store to the worker and back: the real ForecastService in process, behind a fetch
 * that serves NetCDF files (no subsets: 422, so the worker takes each file whole), one model's run missing (404).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createForecastClient } from '../../../../workers/forecast-client.ts';
import { ForecastService } from '../../../../workers/forecast-service.ts';
import { writeNc3 } from '../../../../netcdf/test/write-nc3.ts';
import { fakeFetch } from '../../../../common/testing/fake-fetch.ts';
import type { ForecastFileMeta } from '../../../../workers/forecast.api.ts';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { membersText, probabilityReadout } from './probability-field.ts';
import { ProbabilityLoader, usableMembers } from './probability-loader.ts';

/** A 2 × 4 forecast (75 and 76°N, 50–53°E) whose concentration is `byLead[t]` on both rows at lead index t (24, 48, 72 h). */
function forecast(byLead: number[][], width = 4): Uint8Array {
  const leads = [24, 48, 72];
  const data = new Float32Array(leads.length * 2 * width);
  byLead.forEach((row, t) => {
    data.set(row, 2 * t * width);
    data.set(row, (2 * t + 1) * width);
  });
  return writeNc3(
    { time: leads.length, latitude: 2, longitude: width },
    [
      { name: 'time', type: 'double', dimensions: ['time'], data: leads, attributes: { units: 'hours since 2026-11-20 00:00:00' } },
      { name: 'latitude', type: 'double', dimensions: ['latitude'], data: [75, 76], attributes: { units: 'degrees_north' } },
      { name: 'longitude', type: 'double', dimensions: ['longitude'], data: Array.from({ length: width }, (_, i) => 50 + i), attributes: { units: 'degrees_east' } },
      { name: 'sea_ice_fraction_BREMEN', type: 'float', dimensions: ['time', 'latitude', 'longitude'], data, attributes: { units: '1' } },
    ],
    {},
  );
}

const nan = Number.NaN;
const FILES: Record<string, Uint8Array> = {
  '/f/a-free': forecast([[0.9, 0.1, 0.5, nan], [0.9, 0.9, 0.9, nan], [0, 0, 0, nan]]),
  '/f/a-assim': forecast([[0.8, 0.2, 0.1, nan], [0, 0, 0, nan], [0, 0, 0, nan]]),
  '/f/b-free': forecast([[0.0, 0.3, 0.05, nan], [0, 0, 0, nan], [0, 0, 0, nan]]),
  '/f/c-free': forecast([[1, 1, 1]], 3), // another grid: left out
};

let stop: (() => void) | null = null;
afterEach(() => stop?.());

function start(names = ['a-free', 'a-assim', 'b-free', 'b-assim', 'c-free']) {
  const network = fakeFetch(({ path }) => {
    const [file, query] = path.split('?');
    if (!FILES[file]) return new Response('No forecast', { status: 404 });
    if (query?.includes('variables=')) return new Response('{"detail":"no subsets here"}', { status: 422 });
    return new Response(FILES[file].slice(), { status: 200 });
  });
  const worker = createForecastClient({ api: new ForecastService({ fetch: network.fetch }) });
  const store = createForecastMapStore();
  const asked: string[] = [];
  const loader = new ProbabilityLoader({
    store,
    worker,
    memberUrls: async (date) => {
      asked.push(date);
      return names.map((name) => `http://app.test/f/${name}`);
    },
  });
  stop = loader.start();
  return { store, asked, requests: network.requests };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('ice probability loader', () => {
  it('combines every model run of the date that has a file on the same grid, at the lead shown', async () => {
    const { store, asked, requests } = start();
    store.getState().datesLoaded(['2026-11-20']);
    expect(asked).toEqual([]); // nothing in 'Поле' mode
    store.getState().setMode('probability');
    await until(() => store.getState().probability !== null);
    const field = store.getState().probability;
    if (field === null || field === 'none') throw new Error('no probability');
    expect(asked).toEqual(['2026-11-20']);
    expect(field.members).toBe(3);
    expect(Array.from(field.slice.data.slice(0, 3))).toEqual([2 / 3, 2 / 3, 1 / 3].map(Math.fround));
    expect(field.slice.data[3]).toBeNaN();
    expect(membersText(field.members)).toBe('по 3 прогнозам');
    expect(probabilityReadout({ mode: 'probability', probability: field }, 50.2, 75)).toBe('Вероятность льда: 0.67');
    // Every file was asked for its +24 h concentration first (the slow-link path), never another variable.
    expect(requests.filter((r) => r.path.includes('variables=')).every((r) => r.path.includes('variables=sea_ice_fraction_BREMEN&lead=24'))).toBe(true);

    store.getState().setLeadIndex(1);
    await until(() => {
      const p = store.getState().probability;
      return p !== null && p !== 'none' && p.leadIndex === 1;
    });
    const second = store.getState().probability as Exclude<typeof field, null>;
    expect(Array.from(second.slice.data.slice(0, 3))).toEqual([1 / 3, 1 / 3, 1 / 3].map(Math.fround));

    store.getState().setMode('field');
    expect(store.getState().probability).toBeNull();
  });

  it("is 'none' when no model has a forecast of the date", async () => {
    const { store } = start(['b-assim', 'd-free']);
    store.getState().datesLoaded(['2026-11-20']);
    store.getState().setMode('probability');
    await until(() => store.getState().probability !== null);
    expect(store.getState().probability).toBe('none');
  });

  it('leaves out files without concentration at that lead and files on another grid', () => {
    const meta = (grid: object | null, leadHours: number[], variable = 'sea_ice_fraction_BREMEN') =>
      ({ key: JSON.stringify([grid, leadHours, variable]), grid, leadHours, variables: [{ name: variable }] }) as unknown as ForecastFileMeta;
    const g1 = { lon0: 50, dlon: 1, nlon: 4, lat0: 75, dlat: 1, nlat: 2 };
    const g2 = { ...g1, nlon: 3 };
    const metas = [meta(g1, [48, 72]), meta(g1, [24, 48]), meta(g2, [24]), meta(g1, [24], 'sithick_GLORYS'), meta(null, [24]), meta(g1, [0, 24])];
    expect(usableMembers(metas, 24).map((m) => [m.meta.key, m.leadIndex])).toEqual([
      [metas[1].key, 0],
      [metas[5].key, 1],
    ]);
  });
});

describe('members in Russian', () => {
  it('declines after по', () => {
    expect([1, 2, 4, 5, 11, 21, 22].map(membersText)).toEqual([
      'по 1 прогнозу',
      'по 2 прогнозам',
      'по 4 прогнозам',
      'по 5 прогнозам',
      'по 11 прогнозам',
      'по 21 прогнозу',
      'по 22 прогнозам',
    ]);
  });
});
