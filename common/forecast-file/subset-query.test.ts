import { describe, expect, it } from 'vitest';
import { parseSubsetQuery, selectionKey, subsetQuery, SubsetError } from './subset-query.ts';

/** The query of a built URL, as the server's route receives it. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams) as { variables?: string; lead?: string; stride?: string };

describe('the subset query', () => {
  it('is read by the server as the worker built it: names, lead, stride', () => {
    const url = subsetQuery('/api/v1/forecast/hist?date=2026-11-21', ['usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'], 48);
    expect(url).toBe('/api/v1/forecast/hist?date=2026-11-21&variables=usi_vsi_GLORYS_speed%2Cusi_vsi_GLORYS_direct&lead=48');
    expect(parseSubsetQuery(queryOf(url))).toEqual({ variables: ['usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct'], leads: [48] });
    const preview = subsetQuery('/f.nc', ['sithick_GLORYS'], 24, 2);
    expect(preview).toBe('/f.nc?variables=sithick_GLORYS&lead=24&stride=2');
    expect(parseSubsetQuery(queryOf(preview))).toEqual({ variables: ['sithick_GLORYS'], leads: [24], stride: 2 });
  });

  it('is the whole file without lists, and refuses malformed ones with a reason', () => {
    expect(parseSubsetQuery({})).toBeNull();
    expect(() => parseSubsetQuery({ variables: 'a,,b' })).toThrow(SubsetError);
    expect(() => parseSubsetQuery({ lead: '24h' })).toThrow(/whole hours/);
    expect(() => parseSubsetQuery({ variables: 'a', lead: '24', stride: '3' })).toThrow(/"stride" must be 1 or 2/);
    expect(() => parseSubsetQuery({ stride: '2' })).toThrow(/needs "variables" and "lead"/);
  });

  it('names a selection the same whatever the order asked', () => {
    expect(selectionKey({ variables: ['b', 'a'], leads: [48, 24] })).toBe(selectionKey({ variables: ['a', 'b'], leads: [24, 48] }));
    expect(selectionKey({ variables: ['a'], leads: [24], stride: 2 })).not.toBe(selectionKey({ variables: ['a'], leads: [24] }));
  });

  it('carries a bbox (west,south,east,north; west > east across 180°), alone or with the lists, and refuses a bad one', () => {
    const url = subsetQuery('/f.nc', ['sea_ice_fraction_BREMEN'], 24, 2, [170, 65, -170, 75]);
    expect(url).toBe('/f.nc?variables=sea_ice_fraction_BREMEN&lead=24&stride=2&bbox=170,65,-170,75');
    expect(parseSubsetQuery({ ...queryOf(url), bbox: '170,65,-170,75' })).toEqual({ variables: ['sea_ice_fraction_BREMEN'], leads: [24], stride: 2, bbox: [170, 65, -170, 75] });
    expect(parseSubsetQuery({ bbox: '60, 70, 80, 75' })).toEqual({ variables: null, leads: null, bbox: [60, 70, 80, 75] });
    expect(selectionKey({ variables: null, leads: null, bbox: [60, 70, 80, 75] })).not.toBe(selectionKey({ variables: null, leads: null }));
    for (const bad of ['60,70,80', '60,75,80,70', '60,70,60,75', '190,70,200,75', '60,-91,80,75', 'a,b,c,d', '60,70,,75']) {
      expect(() => parseSubsetQuery({ bbox: bad }), bad).toThrow(SubsetError);
    }
  });

  it('asks a window without its 2-D latitude/longitude with coordinates=axes, only with a bbox', () => {
    const url = subsetQuery('/f.nc', ['sithick_GLORYS'], 48, 1, [150, 70, 160, 78], true);
    expect(url).toBe('/f.nc?variables=sithick_GLORYS&lead=48&bbox=150,70,160,78&coordinates=axes');
    const selection = parseSubsetQuery({ variables: 'sithick_GLORYS', lead: '48', bbox: '150,70,160,78', coordinates: 'axes' })!;
    expect(selection).toEqual({ variables: ['sithick_GLORYS'], leads: [48], bbox: [150, 70, 160, 78], axesOnly: true });
    expect(selectionKey(selection)).not.toBe(selectionKey({ ...selection, axesOnly: undefined }));
    expect(() => parseSubsetQuery({ variables: 'sithick_GLORYS', lead: '48', coordinates: 'axes' })).toThrow(SubsetError);
    expect(() => parseSubsetQuery({ bbox: '150,70,160,78', coordinates: 'all' })).toThrow(SubsetError);
  });
});
