import { describe, expect, it } from 'vitest';
import { openNetcdf } from '../../../workers/netcdf/index.ts';
import { findIceVariables, MissingVariableError } from '../../src/ingest/variables.ts';
import { parseTimeUnits, pickStep, timeAxis, TimeStepError } from '../../src/ingest/time-axis.ts';
import { fixtureBytes, type FIXTURES } from './fixture-server.ts';

const open = (name: keyof typeof FIXTURES) => openNetcdf(new Uint8Array(fixtureBytes(name)));

describe('findIceVariables', () => {
  it('finds the real products’ ice variables by standard_name, or by the names models use', async () => {
    expect(findIceVariables(await open('ease2'))).toEqual({ concentration: 'ice_conc' });
    expect(findIceVariables(await open('roms'))).toEqual({ concentration: 'aice', thickness: 'hice' });
    // neXtSIM has no CF attributes at all: its names are the ones models commonly use.
    expect(findIceVariables(await open('nextsim'))).toEqual({ concentration: 'data/cice', thickness: 'data/hice' });
    // nansat pads every text attribute with '0's ("sea_ice_area_fraction000"); the first of its three algorithms.
    expect(findIceVariables(await open('nansat'))).toEqual({ concentration: 'UMass_AES' });
    // Drifter trajectories have no ice field.
    expect(findIceVariables(await open('drifters'))).toEqual({});
  });

  it('takes a product’s names over the standard ones, and says when the file lacks one', async () => {
    expect(findIceVariables(await open('nansat'), { concentration: 'Bootstrap' })).toEqual({ concentration: 'Bootstrap' });
    expect(findIceVariables(await open('nextsim'), { x_velocity: 'u', y_velocity: 'v' })).toEqual({
      concentration: 'data/cice',
      thickness: 'data/hice',
      drift: { kind: 'grid', x: 'data/u', y: 'data/v' },
    });
    expect(findIceVariables(await open('ease2'), { x_displacement: 'ice_conc', y_displacement: 'raw_ice_conc_values', interval_hours: 24 }).drift).toEqual({
      kind: 'displacement',
      x: 'ice_conc',
      y: 'raw_ice_conc_values',
      intervalHours: 24,
    });
    const nansat = await open('nansat');
    expect(() => findIceVariables(nansat, { concentration: 'NASA_Team' })).toThrow(MissingVariableError);
    expect(() => findIceVariables(nansat, { concentration: 'NASA_Team' })).toThrow('в файле нет переменной «NASA_Team»');
  });
});

describe('time axis', () => {
  it('reads CF time units, with the forms real files use', () => {
    expect(parseTimeUnits('seconds since 1970-01-01 00:00:00')).toEqual({ msPerUnit: 1000, epochMs: 0 });
    expect(parseTimeUnits('days since 1900-1-1 0:0:0 +0')).toEqual({ msPerUnit: 86_400_000, epochMs: Date.UTC(1900, 0, 1) });
    expect(parseTimeUnits('hours since 2026-11-21T00:00:00Z')?.epochMs).toBe(Date.UTC(2026, 10, 21));
    expect(parseTimeUnits('hours since 2026-11-21 06:00 -03:00')?.epochMs).toBe(Date.UTC(2026, 10, 21, 9));
    expect(parseTimeUnits('m s-1')).toBeNull();
    expect(parseTimeUnits('fortnights since 2000-01-01')).toBeNull();
  });

  it('gives each file’s steps and picks the one for a date', async () => {
    const roms = await open('roms');
    const axis = timeAxis(roms, 'aice');
    expect(axis.times.map((t) => new Date(t).toISOString())).toEqual([1, 2, 3, 4, 5].map((d) => `2016-02-0${d}T12:00:00.000Z`));
    expect(pickStep(axis, '2016-02-03')).toEqual({ index: 2, date: '2016-02-03' });
    expect(() => pickStep(axis, '2016-03-01')).toThrow('в файле нет шага по времени за 2016-03-01 (есть 2016-02-01 … 2016-02-05)');
    expect(() => pickStep(axis, undefined)).toThrow(TimeStepError);

    const nansat = timeAxis(await open('nansat'), 'Bootstrap');
    expect(pickStep(nansat, undefined)).toEqual({ index: 0, date: '1978-11-01' });
    expect(pickStep(nansat, '2026-11-24')).toEqual({ index: 0, date: '2026-11-24' });

    const nextsim = timeAxis(await open('nextsim'), 'data/cice');
    expect(nextsim.times).toEqual([]);
    expect(() => pickStep(nextsim, undefined)).toThrow('в файле нет оси времени: укажите дату анализа');
    expect(pickStep(nextsim, '2010-01-01')).toEqual({ index: null, date: '2010-01-01' });
  });
});
