import { describe, expect, it } from 'vitest';
import { chartData, dateSeconds } from './chart-series.ts';
import { row } from '../../testing/verification-rows.ts';

describe('verification chart data', () => {
  const rows = [
    row({ model_id: 'model_2', date: '2026-11-20', valid_date: '2026-11-21', iiee_km2: 200_000, persistence_iiee_km2: 250_000, conc_rmse: 0.08 }),
    row({ model_id: 'model_2', date: '2026-11-19', lead_hours: 48, valid_date: '2026-11-21', iiee_km2: 260_000, persistence_iiee_km2: 300_000 }),
    row({ model_id: 'model_3', date: '2026-11-21', valid_date: '2026-11-22', iiee_km2: 150_000, persistence_iiee_km2: 240_000 }),
    row({ model_id: 'model_3', date: '2026-11-20', valid_date: '2026-11-21', iiee_km2: 180_000, persistence_iiee_km2: 250_500 }),
  ];

  it('has one line per model and lead by valid date, in thousands of km², and a persistence line per lead', () => {
    const data = chartData(rows, ['model_3', 'model_2'], 'iiee');
    expect(data.x).toEqual([dateSeconds('2026-11-21'), dateSeconds('2026-11-22')]);
    expect(data.series.map((s) => [s.model_id, s.lead_hours, s.persistence])).toEqual([
      ['model_3', 24, false],
      ['model_2', 24, false],
      ['model_2', 48, false],
      [null, 24, true],
      [null, 48, true],
    ]);
    expect(data.series[0].values).toEqual([180, 150]);
    expect(data.series[1].values).toEqual([200, null]);
    expect(data.series[2].values).toEqual([260, null]);
    // Persistence of a valid date: the first record's (the same analysis whichever model ran).
    expect(data.series[3].values).toEqual([250, 240]);
    expect(data.series[4].values).toEqual([300, null]);
  });

  it('charts the concentration RMSE when asked', () => {
    const data = chartData(rows.slice(0, 1), ['model_2'], 'rmse');
    expect(data.series.map((s) => s.values)).toEqual([[0.08], [0.1]]);
  });

  it('places valid dates at 00:00 UTC', () => {
    expect(dateSeconds('2026-11-21')).toBe(Date.UTC(2026, 10, 21) / 1000);
  });
});
