/** 'Вероятность льда' through the worker's contract: files opened in the service, their slices combined there. */
import { describe, expect, it } from 'vitest';
import { ForecastService } from '../forecast-service.ts';
import { writeNc3 } from '../../netcdf/test/write-nc3.ts';
import { workerFailure } from '../forecast-client.ts';

/** A 1 × 3 forecast whose concentration at lead index t is `values[t]`. */
function forecast(values: number[][], width = 3): ArrayBuffer {
  const leads = [24, 48, 72];
  const data = new Float32Array(leads.length * width);
  values.forEach((row, t) => data.set(row, t * width));
  return writeNc3(
    { time: leads.length, latitude: 1, longitude: width },
    [
      { name: 'time', type: 'double', dimensions: ['time'], data: leads, attributes: { units: 'hours since 2026-03-01 00:00:00' } },
      { name: 'latitude', type: 'double', dimensions: ['latitude'], data: [75], attributes: { units: 'degrees_north' } },
      { name: 'longitude', type: 'double', dimensions: ['longitude'], data: Array.from({ length: width }, (_, i) => 50 + i), attributes: { units: 'degrees_east' } },
      { name: 'sea_ice_fraction_BREMEN', type: 'float', dimensions: ['time', 'latitude', 'longitude'], data, attributes: { units: '1' } },
    ],
    {},
  ).slice().buffer;
}

describe('ForecastService.iceProbability', () => {
  it('gives the share of the files at or above 15 % at the lead asked, and how many files made it', async () => {
    const service = new ForecastService();
    const zero = [0, 0, 0];
    await service.open({ key: 'a', bytes: forecast([[0.9, 0.1, 0.5], [0.9, 0.9, 0.9], zero]) }, 'r1');
    await service.open({ key: 'b', bytes: forecast([zero, [0.2, 0.1, Number.NaN], zero]) }, 'r2');
    await service.open({ key: 'c', bytes: forecast([zero, [0.0, 0.1, 0.3], zero]) }, 'r3');
    const p = await service.iceProbability(
      [
        { key: 'a', leadIndex: 1 },
        { key: 'b', leadIndex: 1 },
        { key: 'c', leadIndex: 1 },
      ],
      'sea_ice_fraction_BREMEN',
      0.15,
    );
    expect([p.width, p.height, p.members]).toEqual([3, 1, 3]);
    expect(p.data[0]).toBeCloseTo(2 / 3, 6);
    expect(p.data[1]).toBeCloseTo(1 / 3, 6);
    expect(p.data[2]).toBe(1); // b has no value there: two of two
    expect(p.min).toBeCloseTo(1 / 3, 6);
    expect(p.max).toBe(1);
  });

  it('refuses files on different grids', async () => {
    const service = new ForecastService();
    await service.open({ key: 'a', bytes: forecast([[0.9, 0.1, 0.5]]) }, 'r1');
    await service.open({ key: 'b', bytes: forecast([[0.9, 0.1]], 2) }, 'r2');
    const failure = await service.iceProbability([{ key: 'a', leadIndex: 0 }, { key: 'b', leadIndex: 0 }], 'sea_ice_fraction_BREMEN', 0.15).catch(workerFailure);
    expect(failure).toMatchObject({ name: 'UnsupportedFeatureError' });
  });
});
