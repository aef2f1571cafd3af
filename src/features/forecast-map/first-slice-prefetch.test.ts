import { describe, expect, it } from 'vitest';
import { firstSliceUrl } from './first-slice-prefetch.ts';

const origin = location.origin;

describe('the first slice a /forecasts link asks for', () => {
  it('is the subset the decode worker asks for first: the shown variable (or the drift pair) at the lead in hours', () => {
    expect(firstSliceUrl({ date: '2026-11-25', lead: 24, variable: 'sithick_GLORYS' })).toBe(
      `${origin}/api/v1/forecast/hist?date=2026-11-25&variables=sithick_GLORYS&lead=24`,
    );
    expect(firstSliceUrl({ date: '2026-11-25', assimilated: true, lead: 48, variable: 'usi_vsi' })).toBe(
      `${origin}/api/v1/assim_forecast/hist?date=2026-11-25&variables=usi_vsi_GLORYS_speed%2Cusi_vsi_GLORYS_direct&lead=48`,
    );
    expect(firstSliceUrl({ date: '2026-11-25', lead: 72, variable: 'POLARIS' })).toBe(
      `${origin}/api/v1/forecast/hist?date=2026-11-25&variables=sea_ice_fraction_BREMEN%2Csithick_GLORYS&lead=72`,
    );
  });

  it('takes the map’s defaults (thickness, +24h, free run) for what the link leaves out', () => {
    expect(firstSliceUrl({ date: '2026-11-25' })).toBe(`${origin}/api/v1/forecast/hist?date=2026-11-25&variables=sithick_GLORYS&lead=24`);
  });

  it('is none without a date (the page learns the newest first) or for an analysis', () => {
    expect(firstSliceUrl({ variable: 'sithick_GLORYS' })).toBeNull();
    expect(firstSliceUrl({ date: '2026-11-25', run: 'analysis' })).toBeNull();
  });
});
