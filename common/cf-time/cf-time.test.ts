/**
 * The CF time reader against cftime (reference/expected.json, made by reference/make-reference.py): every
 * calendar, unit spelling, offset and the two real CMIP6 axes; then what is refused, and the real day a
 * model-calendar date means.
 */
import { describe, expect, it } from 'vitest';
import expected from './reference/expected.json' with { type: 'json' };
import { CfTimeError, date2num, num2date, parseCfTimeUnits, realTime, timeSteps, type CfDateTime } from './index.ts';

const asArray = (d: CfDateTime) => [d.year, d.month, d.day, d.hour, d.minute, Math.round(d.second * 1000)];

describe('num2date agrees with cftime', () => {
  it('covers every calendar and the real CMIP6 axes', () => {
    const calendars = new Set(expected.cases.map((c) => c.calendar));
    expect([...calendars].sort()).toEqual(['360_day', '365_day', '366_day', 'all_leap', 'gregorian', 'julian', 'noleap', 'proleptic_gregorian', 'standard']);
    expect(expected.cases.filter((c) => 'fixture' in c)).toHaveLength(2);
  });

  for (const c of expected.cases) {
    it(`${c.units} (${c.calendar})${'fixture' in c ? ` — ${String(c.fixture)}` : ''}`, () => {
      if ('refused' in c) {
        expect(() => parseCfTimeUnits(c.units, c.calendar)).toThrow(CfTimeError);
        return;
      }
      const units = parseCfTimeUnits(c.units, c.calendar)!;
      const dates = (c as { dates: number[][] }).dates;
      const got = c.values.map((v) => asArray(num2date(v, units)));
      const want = dates.map(([y, m, d, h, mi, s, us]) => [y, m, d, h, mi, Math.round(s * 1000 + us / 1000)]);
      expect(got).toEqual(want);
      // And back: the date gives the value again.
      for (const v of c.values) expect(date2num(num2date(v, units), units)).toBeCloseTo(v, 6);
    });
  }
});

describe('units and calendars refused, with the reason in Russian', () => {
  it("calendar 'none' and an unknown calendar name themselves", () => {
    expect(() => parseCfTimeUnits('days since 2000-01-01', 'none')).toThrow(/^Календарь «none» у оси времени/);
    expect(() => parseCfTimeUnits('days since 2000-01-01', 'lunar')).toThrow('Неизвестный календарь оси времени «lunar»');
    expect(() => parseCfTimeUnits('days since 2000-01-01', '  NoLeap ')).not.toThrow();
  });

  it('months only in 360_day, years only in 360_day and 365_day', () => {
    for (const calendar of ['standard', 'gregorian', 'proleptic_gregorian', 'julian', 'noleap', '365_day', 'all_leap', '366_day']) {
      expect(() => parseCfTimeUnits('months since 2000-01-01', calendar), calendar).toThrow(/^«months since» допустимо только в календаре 360_day/);
    }
    for (const calendar of ['standard', 'proleptic_gregorian', 'julian', 'all_leap']) {
      expect(() => parseCfTimeUnits('years since 2000-01-01', calendar), calendar).toThrow(/^«years since» допустимо только в календарях 360_day и 365_day/);
    }
    expect(parseCfTimeUnits('months since 2000-01-01', '360_day')!.unitMs).toBe(30 * 86_400_000);
    expect(parseCfTimeUnits('years since 2000-01-01', '365_day')!.unitMs).toBe(365 * 86_400_000);
  });

  it('an unknown unit, or an epoch the calendar lacks', () => {
    expect(() => parseCfTimeUnits('fortnights since 2000-01-01')).toThrow('Единица времени «fortnights»');
    expect(() => parseCfTimeUnits('days since 2019-02-29')).toThrow(CfTimeError);
    expect(() => parseCfTimeUnits('days since 1582-10-10', 'standard')).toThrow(CfTimeError);
    expect(() => parseCfTimeUnits('days since 2020-02-30', '360_day')).not.toThrow();
    expect(() => parseCfTimeUnits('days since 2019-02-29', 'all_leap')).not.toThrow();
  });

  it('units that are not time at all are not CF time (null)', () => {
    for (const units of ['m', '%', 'kg m-2', 'days', '1', undefined, 42]) expect(parseCfTimeUnits(units)).toBeNull();
  });
});

describe('the real day a date means', () => {
  it('a model-calendar label is the day; one the real calendar lacks is the last day of its month', () => {
    const at = (units: string, calendar: string, value: number) => realTime(num2date(value, parseCfTimeUnits(units, calendar)!), parseCfTimeUnits(units, calendar)!.calendar);
    expect(at('days since 2020-02-01', '360_day', 29)).toEqual({ ms: Date.UTC(2020, 1, 29), day: '2020-02-29', label: '2020-02-30', moved: true });
    expect(at('days since 2020-02-01', '360_day', 28)).toMatchObject({ day: '2020-02-29', label: '2020-02-29', moved: false });
    expect(at('days since 2019-02-01', '360_day', 28.5)).toEqual({ ms: Date.UTC(2019, 1, 28, 12), day: '2019-02-28', label: '2019-02-29', moved: true });
    expect(at('days since 2019-01-01', 'all_leap', 59)).toMatchObject({ day: '2019-02-28', label: '2019-02-29', moved: true });
    // CanESM5's first step: 365_day, 62065.5 days after 1850-01-01 is 2020-01-16 12:00 (read as Gregorian it is 2019-12-06).
    expect(at('days since 1850-01-01', '365_day', 62065.5)).toEqual({ ms: Date.UTC(2020, 0, 16, 12), day: '2020-01-16', label: '2020-01-16', moved: false });
  });

  it('real-length calendars count real time: a Julian date is the Gregorian day of that instant', () => {
    const units = parseCfTimeUnits('days since 1500-03-01', 'julian')!;
    expect(realTime(num2date(0, units), 'julian')).toMatchObject({ day: '1500-03-11', label: '1500-03-01', moved: true }); // cftime: DatetimeJulian(1500, 3, 1).change_calendar('proleptic_gregorian')
    const standard = parseCfTimeUnits('hours since 1900-01-01 00:00:00', 'standard')!;
    expect(realTime(num2date(1051896, standard), 'standard')).toEqual({ ms: Date.UTC(2020, 0, 1), day: '2020-01-01', label: '2020-01-01', moved: false });
  });

  it('timeSteps: each value with its date; a missing value has none', () => {
    const steps = timeSteps(new Float64Array([62065.5, NaN]), 'days since 1850-01-01', '365_day')!;
    expect(steps.units.calendar).toBe('noleap');
    expect(steps.steps[0]).toMatchObject({ day: '2020-01-16', date: { year: 2020, month: 1, day: 16, hour: 12 } });
    expect(steps.steps[1]).toMatchObject({ date: null, day: '' });
    expect(Number.isNaN(steps.steps[1].ms)).toBe(true);
  });
});
