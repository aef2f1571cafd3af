import { describe, expect, it } from 'vitest';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { waitingForFirstField } from './use-map-wanted.ts';

const GRID = { lon0: 0, dlon: 1, nlon: 2, lat0: 80, dlat: 1, nlat: 1 };

describe('when the map chunk may use the link', () => {
  it('waits while the dates and the first slice are on their way, not after the field is decoded', () => {
    const store = createForecastMapStore();
    const s = () => store.getState();
    expect(waitingForFirstField(s())).toBe(true); // nothing asked yet
    s().datesLoading();
    expect(waitingForFirstField(s())).toBe(true);
    s().datesLoaded(['2026-03-15']);
    s().fileLoading();
    expect(waitingForFirstField(s())).toBe(true);
    s().fieldDecoded({
      kind: 'scalar',
      fileKey: 'f',
      variable: 'sithick_GLORYS',
      leadIndex: 0,
      grid: GRID,
      slice: { data: new Float32Array([0.5, 1.5]), width: 2, height: 1, min: 0.5, max: 1.5 },
    });
    expect(waitingForFirstField(s())).toBe(false);
  });

  it('does not wait when there is nothing to wait for: no dates, a failed list, a failed file', () => {
    const empty = createForecastMapStore();
    empty.getState().datesLoaded([]);
    expect(waitingForFirstField(empty.getState())).toBe(false);
    const failedList = createForecastMapStore();
    failedList.getState().datesFailed('no list');
    expect(waitingForFirstField(failedList.getState())).toBe(false);
    const failedFile = createForecastMapStore();
    failedFile.getState().datesLoaded(['2026-03-15']);
    failedFile.getState().fileFailed('broken');
    expect(waitingForFirstField(failedFile.getState())).toBe(false);
  });
});
