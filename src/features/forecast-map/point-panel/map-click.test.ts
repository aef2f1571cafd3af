import { describe, expect, it } from 'vitest';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { handleMapClick } from './map-click.ts';

describe('map click', () => {
  it('marks the point at the URL precision (and a new point drops the old path), on pages with the tools only', () => {
    const store = createForecastMapStore();
    handleMapClick(store, { lng: 86.123456, lat: 79.654321 });
    expect(store.getState().point).toBeNull();
    store.getState().setToolsActive(true);
    handleMapClick(store, { lng: 86.123456, lat: 79.654321 });
    expect(store.getState().point).toEqual({ lat: 79.6543, lon: 86.1235 });
    store.getState().setTrajectory(true);
    handleMapClick(store, { lng: 90, lat: 80 });
    expect(store.getState()).toMatchObject({ point: { lat: 80, lon: 90 }, trajectory: false });
  });
});
