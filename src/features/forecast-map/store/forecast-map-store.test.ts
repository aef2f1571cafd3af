import { describe, expect, it } from 'vitest';
import type { RegularGrid, ScalarSlice } from '../../../../workers/forecast.api.ts';
import { createForecastMapStore } from './forecast-map-store.ts';
import type { DisplayField } from './field-slice.ts';

const grid: RegularGrid = { lon0: 50, dlon: 1, nlon: 2, lat0: 80, dlat: 1, nlat: 1 };
function scalarField(data: number[], min: number, max: number): DisplayField {
  const slice: ScalarSlice = { data: Float32Array.from(data), width: 2, height: 1, min, max };
  return { kind: 'scalar', fileKey: 'f', variable: 'sithick_GLORYS', leadIndex: 0, grid, slice };
}

describe('forecast map store', () => {
  it('starts with the defaults: no date, free run, +24h, ice thickness, range [-2, 2]', () => {
    const state = createForecastMapStore().getState();
    expect(state).toMatchObject({
      date: null,
      assimilated: false,
      leadIndex: 0,
      variable: 'sithick_GLORYS',
      datesStatus: 'idle',
      fileStatus: 'idle',
      field: null,
      range: [-2, 2],
    });
  });

  it('changes each control on its own', () => {
    const store = createForecastMapStore();
    store.getState().setDate('2026-11-20');
    store.getState().setAssimilated(true);
    store.getState().setLeadIndex(2);
    store.getState().setVariable('sea_ice_fraction_BREMEN');
    expect(store.getState()).toMatchObject({ date: '2026-11-20', assimilated: true, leadIndex: 2, variable: 'sea_ice_fraction_BREMEN' });
  });

  it('picks the latest date by default and keeps a chosen date the server has', () => {
    const store = createForecastMapStore();
    store.getState().datesLoaded(['2026-11-19', '2026-11-21', '2026-11-20']);
    expect(store.getState()).toMatchObject({ dates: ['2026-11-19', '2026-11-20', '2026-11-21'], date: '2026-11-21' });
    const linked = createForecastMapStore();
    linked.getState().applySelection({ date: '2026-11-19' });
    linked.getState().datesLoaded(['2026-11-19', '2026-11-20']);
    expect(linked.getState().date).toBe('2026-11-19');
    const unknown = createForecastMapStore();
    unknown.getState().applySelection({ date: '2001-01-01' });
    unknown.getState().datesLoaded(['2026-11-19']);
    expect(unknown.getState().date).toBe('2026-11-19');
  });

  it('has no date when the server has none', () => {
    const store = createForecastMapStore();
    store.getState().datesLoaded([]);
    expect(store.getState()).toMatchObject({ datesStatus: 'ready', dates: [], date: null });
  });

  it("takes the range from a slice's finite min and max, and resets to [0, 1] when it has none", () => {
    const store = createForecastMapStore();
    store.getState().fieldDecoded(scalarField([0.5, 3.25], 0.5, 3.25));
    expect(store.getState().range).toEqual([0.5, 3.25]);
    expect(store.getState().field).not.toBeNull();
    store.getState().fieldDecoded(scalarField([Number.NaN, Number.NaN], Number.NaN, Number.NaN));
    expect(store.getState()).toMatchObject({ range: [0, 1], field: null, fieldMissing: true });
    store.getState().fieldDecoded(scalarField([1, 2], 1, 2));
    store.getState().fieldUnavailable();
    expect(store.getState()).toMatchObject({ range: [0, 1], field: null, fieldMissing: true });
  });

  it('drops the drawing when a new file starts loading or a file fails', () => {
    const store = createForecastMapStore();
    store.getState().fieldDecoded(scalarField([0.5, 3.25], 0.5, 3.25));
    store.getState().fileLoading();
    expect(store.getState()).toMatchObject({ fileStatus: 'loading', field: null, range: [-2, 2], progress: { loaded: 0 } });
    store.getState().fileProgress({ loaded: 100, total: 400 });
    expect(store.getState().progress).toEqual({ loaded: 100, total: 400 });
    store.getState().fileFailed('плохой файл');
    expect(store.getState()).toMatchObject({ fileStatus: 'error', fileError: 'плохой файл', field: null });
  });

  it('applies a URL selection only where it differs, and resets to its initial state', () => {
    const store = createForecastMapStore();
    let notifications = 0;
    store.subscribe(() => (notifications += 1));
    store.getState().applySelection({ leadIndex: 0, variable: 'sithick_GLORYS' });
    expect(notifications).toBe(0);
    store.getState().applySelection({ leadIndex: 1, variable: undefined });
    expect(store.getState()).toMatchObject({ leadIndex: 1, variable: 'sithick_GLORYS' });
    store.setState(store.getInitialState(), true);
    expect(store.getState().leadIndex).toBe(0);
  });
});
