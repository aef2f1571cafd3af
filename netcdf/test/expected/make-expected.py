#!/usr/bin/python3
"""Expected statistics for every file in ../shared/fixtures/netcdf/, from a real reader.

Run from the repository root:  /usr/bin/python3 netcdf/test/expected/make-expected.py
Writes netcdf/test/expected/fixtures.json. Reader: Debian's python3-netcdf4 (netCDF4-python) with
auto mask and scale on (its default), so the numbers are what a forecaster's Python session would show.
For every numeric variable (integer or float, not char/string/compound/enum/vlen): shape, how many values are
valid (unmasked and finite), how many missing, and min/max/mean of the valid ones (mean accumulated in float64).
A file that netCDF4-python cannot open is recorded as {"error": "<its message>"}.
"""
import json
import os
import sys
import warnings

import netCDF4
import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '../../../..'))
FIXTURES = os.path.join(ROOT, '..', 'shared', 'fixtures', 'netcdf')
OUT = os.path.join(os.path.dirname(__file__), 'fixtures.json')

FORMATS = {
    'NETCDF3_CLASSIC': 'classic',
    'NETCDF3_64BIT_OFFSET': '64bit-offset',
    'NETCDF3_64BIT_DATA': 'cdf5',
    'NETCDF4': 'netcdf4',
    'NETCDF4_CLASSIC': 'netcdf4',
}


def walk(group, prefix=''):
    for name, var in group.variables.items():
        yield prefix + name, var
    for gname, sub in group.groups.items():
        yield from walk(sub, prefix + gname + '/')


def is_numeric(var):
    if not isinstance(var.datatype, np.dtype):
        return False  # compound, vlen, enum
    if getattr(var, '_isenum', False):
        return False
    return var.datatype.kind in 'iuf'


def stats(var):
    unsigned = getattr(var, '_Unsigned', None)
    if unsigned is not None and unsigned not in ('true', 'True') and not hasattr(var, 'scale_factor') \
            and not hasattr(var, 'add_offset'):
        # netCDF4-python 1.6.2 (Debian 12) treats any _Unsigned value, even "false", as unsigned; fixed in
        # 1.6.3 (Unidata/netcdf4-python#1232). Without packing attributes, auto-scale off gives the corrected reading.
        var.set_auto_scale(False)
    data = var[...]
    arr = np.ma.asarray(data)
    values = np.ma.filled(arr.astype(np.float64), np.nan)
    finite = np.isfinite(values)
    valid = int(finite.sum())
    result = {
        'shape': list(var.shape),
        'valid': valid,
        'missing': int(values.size - valid),
        'min': None,
        'max': None,
        'mean': None,
    }
    if valid:
        good = values[finite]
        result['min'] = float(good.min())
        result['max'] = float(good.max())
        result['mean'] = float(good.mean())
    return result


def describe(path):
    try:
        ds = netCDF4.Dataset(path)
    except Exception as error:  # noqa: BLE001 - the message is the expected result
        return {'error': str(error)}
    try:
        out = {'format': FORMATS.get(ds.data_model, ds.data_model), 'variables': {}}
        for name, var in walk(ds):
            if not is_numeric(var):
                continue
            try:
                out['variables'][name] = stats(var)
            except Exception as error:  # noqa: BLE001
                out['variables'][name] = {'error': str(error)}
        return out
    finally:
        ds.close()


def main():
    result = {}
    for folder in sorted(os.listdir(FIXTURES)):
        full = os.path.join(FIXTURES, folder)
        if not os.path.isdir(full):
            continue
        for name in sorted(os.listdir(full)):
            if name.endswith('.md') or name.startswith('_'):
                continue
            with warnings.catch_warnings():
                warnings.simplefilter('ignore')
                result[folder + '/' + name] = describe(os.path.join(full, name))
    with open(OUT, 'w') as handle:
        json.dump({'generator': 'netCDF4-python ' + netCDF4.__version__ + ', libnetcdf ' + netCDF4.__netcdf4libversion__,
                   'files': result}, handle, indent=1, sort_keys=True)
        handle.write('\n')
    print('wrote', OUT, len(result), 'files', file=sys.stderr)


if __name__ == '__main__':
    main()
