#!/usr/bin/python3
"""
Reference values for common/cf-time: CF time numbers -> dates by cftime.num2date (Debian's python3-cftime
1.6), for every calendar the product reads and a spread of unit spellings, epochs, offsets and values (negative,
fractional, across leap days, the 1582 Gregorian switch, Julian leap centuries), plus the time axes of the two
real CMIP6 fixtures (CanESM5 365_day, NorESM2 noleap) read with netCDF4.

Where cftime spells a unit differently from the one tested ("years since" in 365_day is its "common_years
since"; "years since" in 360_day is not in cftime, so 360 days each), `cftime_units` / `scale` say how the value
was computed. Fractions are multiples of 1/8 so millisecond rounding cannot differ from cftime's microseconds.

Writes expected.json next to this script. Run: /usr/bin/python3 common/cf-time/reference/make-reference.py
"""
import json
import os

import cftime
import netCDF4

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.normpath(os.path.join(HERE, '../../../../shared/fixtures/netcdf'))
if not os.path.isdir(FIXTURES):
    FIXTURES = '/work/shared/fixtures/netcdf'

CALENDARS = ['standard', 'gregorian', 'proleptic_gregorian', 'noleap', '365_day', 'all_leap', '366_day', '360_day', 'julian']

UNITS = [
    ('days since 1850-01-01', [-1.5, 0, 0.5, 58, 59, 59.75, 365, 1460.25, 62065.5, 62095, 62430.5, 73048.125]),
    ('days since 2000-01-01 00:00:00', [-36525, -366, -1, 0, 31, 58.5, 59, 60, 365, 366, 7305.25, 7364, 7365]),
    ('d since 2020-02-27', [0, 1, 2, 3, 4.5]),
    ('hours since 1900-01-01 00:00:00', [0, 1, 24.25, 876600, 1057968.5, 1052184]),
    ('hr since 2016-01-01T00:00:00Z', [0, 744, 768.5, 24 * 366]),
    ('h since 2020-12-31 18:00', [0, 5, 6, 30.125]),
    ('minutes since 2000-02-28 12:00 +03:00', [0, 720, 1440, 2880.5, -60]),
    ('min since 1979-01-01', [0, 60 * 24 * 365, 60 * 24 * 59]),
    ('seconds since 1970-01-01T00:00:00Z', [0, 1.5, 951782400, 951868800, 1669852800, -86400]),
    ('s since 2010-03-01 00:00:00 UTC', [0, -1, -86400.25]),
    ('seconds since 2020-01-01 06:30 -06:00', [0, 3600, 86400 * 59]),
    ('days since 2020-1-1 6:00:00 +0530', [0, 0.25, 59]),
    ('days since 0001-01-01 00:00:00', [0, 365, 735125.5, 737790]),
    ('days since 1582-10-01', [0, 3, 4, 5, 10, 100]),
    ('days since 1500-02-20', [0, 8, 9, 10, 365 * 100 + 24]),
    ('hours since 1601-01-01 00:00:00', [0, 153766 * 24]),
]
MONTHS = ('months since 2000-01-01', [0, 1, 1.5, 13, -1, 241])
YEARS = ('years since 1850-01-01', [0, 1, 1.5, 170, -2])


def entry(units, calendar, values, cftime_units=None, scale=1):
    try:
        dates = cftime.num2date([v * scale for v in values], cftime_units or units, calendar)
    except ValueError as error:  # an epoch the calendar lacks (31 December in 360_day): refused, as we must
        return {'units': units, 'calendar': calendar, 'values': values, 'refused': str(error)}
    return {
        'units': units,
        'calendar': calendar,
        **({'cftime_units': cftime_units} if cftime_units else {}),
        **({'scale': scale} if scale != 1 else {}),
        'values': values,
        'dates': [[d.year, d.month, d.day, d.hour, d.minute, d.second, d.microsecond] for d in dates],
    }


def fixture_axis(path, variable='time'):
    with netCDF4.Dataset(os.path.join(FIXTURES, path)) as ds:
        t = ds.variables[variable]
        values = [float(v) for v in t[:]]
        return entry(t.units, t.calendar, values) | {'fixture': path}


cases = []
for calendar in CALENDARS:
    for units, values in UNITS:
        cases.append(entry(units, calendar, values))
cases.append(entry(MONTHS[0], '360_day', MONTHS[1]))
cases.append(entry(YEARS[0], '360_day', YEARS[1], cftime_units=YEARS[0].replace('years', 'days'), scale=360))
for calendar in ('noleap', '365_day'):
    cases.append(entry(YEARS[0], calendar, YEARS[1], cftime_units=YEARS[0].replace('years', 'common_years')))
cases.append(fixture_axis('arctic-more/sic_SImon_CCCma-CanESM5_ssp245_r13i1p2f1_2020.nc'))
cases.append(fixture_axis('arctic-more/simass_SImon_NorESM2-MM_ssp126_r1i1p1f1_gn_201501.nc'))

with open(os.path.join(HERE, 'expected.json'), 'w') as out:
    json.dump({'cftime': cftime.__version__, 'cases': cases}, out, indent=1)
    out.write('\n')
print(f'{len(cases)} cases, {sum(len(c["values"]) for c in cases)} values')
