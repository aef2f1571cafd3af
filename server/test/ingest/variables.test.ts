import { describe, expect, it } from 'vitest';
import { openNetcdf } from '../../../workers/netcdf/index.ts';
import { findIceVariables, MissingVariableError } from '../../src/ingest/variables.ts';
import { pickStep, timeAxis, TimeStepError } from '../../src/ingest/time-axis.ts';
import reference from '../../../common/cf-time/reference/expected.json' with { type: 'json' };
import { CANESM5, calendarFile, canesm5Bytes } from './calendar-files.ts';
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
  it('reads the calendar: the CMIP6 365_day file steps on the 16th of each month of 2020 (not from 2019-12-06)', async () => {
    const canesm5 = await openNetcdf(new Uint8Array(canesm5Bytes()));
    const axis = timeAxis(canesm5, 'siconc');
    expect(axis.calendar).toBe('noleap');
    // cftime (common/cf-time/reference): the middle of each 365_day month.
    const want = reference.cases.find((c) => 'fixture' in c && String(c.fixture).endsWith(CANESM5)) as { dates: number[][] };
    expect(axis.times).toEqual(want.dates.map(([y, m, d, h]) => Date.UTC(y, m - 1, d, h)));
    expect(new Date(axis.times[0]).toISOString()).toBe('2020-01-16T12:00:00.000Z');
    expect(pickStep(axis, '2020-01-16')).toEqual({ index: 0, date: '2020-01-16' });
    expect(() => pickStep(axis, '2019-12-06')).toThrow('в файле нет шага по времени за 2019-12-06 (есть 2020-01-16 … 2020-12-16)');
  });

  it('a 360_day day the real calendar lacks is the last day of its month, named with the file’s label', async () => {
    const file = await openNetcdf(calendarFile({ units: 'days since 2020-02-01', calendar: '360_day', values: [27, 29, 30] }));
    const axis = timeAxis(file, 'siconc');
    expect(axis.steps.map((s) => [s.label, s.day])).toEqual([
      ['2020-02-28', '2020-02-28'],
      ['2020-02-30', '2020-02-29'],
      ['2020-03-01', '2020-03-01'],
    ]);
    expect(pickStep(axis, '2020-02-29')).toEqual({ index: 1, date: '2020-02-29', fileDate: { label: '2020-02-30', calendar: '360_day' } });
    // Both the file's 02-29 and 02-30 mean 2020-02-29: the one labelled so is taken.
    const both = timeAxis(await openNetcdf(calendarFile({ units: 'days since 2020-02-01', calendar: '360_day', values: [28, 29] })), 'siconc');
    expect(pickStep(both, '2020-02-29')).toEqual({ index: 0, date: '2020-02-29' });
  });

  it('refuses calendar none, an unknown calendar, and months since outside 360_day, naming them', async () => {
    const axisOf = async (time: { units: string; calendar?: string }) => timeAxis(await openNetcdf(calendarFile({ ...time, values: [0, 1] })), 'siconc');
    await expect(axisOf({ units: 'days since 2020-01-01', calendar: 'none' })).rejects.toThrow(/^ось времени «time»: Календарь «none»/);
    await expect(axisOf({ units: 'days since 2020-01-01', calendar: 'lunar' })).rejects.toThrow('Неизвестный календарь оси времени «lunar»');
    await expect(axisOf({ units: 'months since 2020-01-01', calendar: 'gregorian' })).rejects.toThrow(TimeStepError);
    expect((await axisOf({ units: 'months since 2020-01-01', calendar: '360_day' })).steps.map((s) => s.day)).toEqual(['2020-01-01', '2020-02-01']);
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
