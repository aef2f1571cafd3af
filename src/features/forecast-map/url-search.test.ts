import { describe, expect, it } from 'vitest';
import { DEFAULT_SELECTION } from './store/selection-slice.ts';
import { regionOfSearch, sameSearch, searchFromSelection, selectionFromSearch, validateForecastSearch } from './url-search.ts';

describe('forecast URL search parameters', () => {
  it('keeps valid values, as the router parses them or as raw strings', () => {
    expect(validateForecastSearch({ date: '2026-11-20', assimilated: true, lead: 48, variable: 'usi_vsi' })).toEqual({
      date: '2026-11-20',
      assimilated: true,
      lead: 48,
      variable: 'usi_vsi',
    });
    expect(validateForecastSearch({ assimilated: 'false', lead: '72' })).toEqual({ assimilated: false, lead: 72 });
  });

  it('drops what is not valid', () => {
    expect(
      validateForecastSearch({ date: '../etc/passwd', assimilated: 'maybe', lead: 36, variable: 'temperature', extra: 1 }),
    ).toEqual({});
  });

  it('turns lead hours into lead indices and back', () => {
    expect(selectionFromSearch({ lead: 72 })).toMatchObject({ leadIndex: 2 });
    // A URL names no region for the spec's sector: without one, it is the sector (not "keep the store's").
    expect(selectionFromSearch({})).toEqual({ region: 'sector', date: undefined, assimilated: undefined, leadIndex: undefined, variable: undefined });
    const selection = { ...DEFAULT_SELECTION, date: '2026-11-21', leadIndex: 1 as const, variable: 'sea_ice_fraction_BREMEN' as const };
    const search = searchFromSelection(selection);
    expect(search).toEqual({ date: '2026-11-21', assimilated: false, lead: 48, variable: 'sea_ice_fraction_BREMEN', ice_class: 'PC7' });
    expect(selectionFromSearch(validateForecastSearch({ ...search }))).toEqual(selection);
  });

  it('leaves the date out until one is chosen and compares searches field by field', () => {
    expect(searchFromSelection(DEFAULT_SELECTION)).toEqual({ assimilated: false, lead: 24, variable: 'sithick_GLORYS', ice_class: 'PC7' });
    expect(sameSearch({ lead: 24 }, { lead: 24 })).toBe(true);
    expect(sameSearch({ lead: 24 }, { lead: 48 })).toBe(false);
  });

  it("names region=arctic for the whole Arctic only: the sector's links stay exactly as they were", () => {
    expect(validateForecastSearch({ region: 'arctic', date: '2026-11-20' })).toEqual({ region: 'arctic', date: '2026-11-20' });
    expect(validateForecastSearch({ region: 'sector' })).toEqual({});
    expect(validateForecastSearch({ region: 'antarctic' })).toEqual({});
    expect(selectionFromSearch({ region: 'arctic' })).toMatchObject({ region: 'arctic' });
    const arctic = searchFromSelection({ ...DEFAULT_SELECTION, region: 'arctic', date: '2026-11-21' });
    expect(arctic).toMatchObject({ region: 'arctic', date: '2026-11-21' });
    // Back on the sector the key is there but undefined, so writing it over the URL removes region=arctic.
    const sector = searchFromSelection({ ...DEFAULT_SELECTION, date: '2026-11-21' });
    expect('region' in sector && sector.region === undefined).toBe(true);
    expect(new URLSearchParams(JSON.parse(JSON.stringify(sector)) as Record<string, string>).has('region')).toBe(false);
    expect(sameSearch(arctic, sector)).toBe(false);
    expect(regionOfSearch('?date=2026-11-21&region=arctic')).toBe('arctic');
    expect(regionOfSearch('?date=2026-11-21')).toBe('sector');
    expect(regionOfSearch('?region=elsewhere')).toBe('sector');
  });

  it('keeps the POLARIS variable and the ship ice class (issue 12)', () => {
    expect(validateForecastSearch({ variable: 'POLARIS', ice_class: 'IA_SUPER' })).toEqual({ variable: 'POLARIS', ice_class: 'IA_SUPER' });
    expect(validateForecastSearch({ ice_class: 'PC9' })).toEqual({});
    expect(selectionFromSearch({ ice_class: 'IB' })).toMatchObject({ iceClass: 'IB' });
    expect(sameSearch({ ice_class: 'PC1' }, { ice_class: 'PC2' })).toBe(false);
  });
});
