import { describe, expect, it } from 'vitest';
import { DEFAULT_SELECTION } from '../store/selection-slice.ts';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { sameSearch, searchFromSelection, validateForecastSearch } from '../url-search.ts';
import { toolsFromSearch } from './tools-search.ts';
import { DEFAULT_TOOLS } from './tools-slice.ts';

describe('map tools in the URL', () => {
  it('keeps valid tool parameters beside the selection and drops the rest', () => {
    expect(
      validateForecastSearch({ date: '2026-11-20', edge: 'true', play: '1', speed: 'fast', point: '78.5,95.25' }),
    ).toEqual({ date: '2026-11-20', edge: true, play: true, speed: 'fast', point: '78.5000,95.2500' });
    expect(validateForecastSearch({ edge: 'yes', play: 2, speed: 'warp', point: '95,200', mode: 'sum', against: 'x' })).toEqual({});
    expect(validateForecastSearch({ mode: 'diff', against: 'analysis' })).toEqual({ mode: 'diff', against: 'analysis' });
    expect(validateForecastSearch({ mode: 'prob' })).toEqual({ mode: 'prob' });
    expect(toolsFromSearch(validateForecastSearch({ mode: 'prob' })).mode).toBe('probability');
    expect(searchFromSelection({ ...DEFAULT_SELECTION, ...DEFAULT_TOOLS, mode: 'probability' }).mode).toBe('prob');
    expect(validateForecastSearch({ point: 'lat,lon' })).toEqual({});
  });

  it('writes only the tools that are on, and reads a link back into the same state', () => {
    const off = searchFromSelection({ ...DEFAULT_SELECTION, ...DEFAULT_TOOLS });
    expect(Object.fromEntries(Object.entries(off).filter(([, v]) => v !== undefined))).toEqual({
      assimilated: false,
      lead: 24,
      variable: 'sithick_GLORYS',
      // The selection's own fields are always written (the POLARIS class with them); the tools only when on.
      ice_class: 'PC7',
    });
    const tools = {
      mode: 'difference' as const,
      differenceKind: 'analysis' as const,
      iceEdge: true,
      playing: true,
      playSpeed: 'slow' as const,
      point: { lat: 78.25, lon: 101.5 },
      trajectory: true,
    };
    const search = searchFromSelection({ ...DEFAULT_SELECTION, date: '2026-11-21', ...tools });
    expect(search).toMatchObject({
      mode: 'diff',
      against: 'analysis',
      edge: true,
      play: true,
      speed: 'slow',
      point: '78.2500,101.5000',
      track: true,
    });
    // A path needs its point: without one the parameter is dropped.
    expect(validateForecastSearch({ track: 'true' })).toEqual({});
    const parsed = validateForecastSearch({ ...search } as Record<string, unknown>);
    expect(toolsFromSearch(parsed)).toEqual(tools);
    expect(sameSearch(search, parsed)).toBe(true);
    expect(sameSearch(search, { ...parsed, edge: undefined })).toBe(false);
  });

  it('a link without tool parameters opens with every tool off', () => {
    const store = createForecastMapStore();
    store.getState().setIceEdge(true);
    store.getState().setPoint({ lat: 80, lon: 90 });
    store.getState().applyTools(toolsFromSearch(validateForecastSearch({ date: '2026-11-20' })));
    expect(store.getState()).toMatchObject(DEFAULT_TOOLS);
  });
});
