#!/usr/bin/python3
"""Writes the decode benchmark's inputs into bench/out/ (git-ignored):

  decode-forecast.nc   NetCDF-3 64-bit offset, as the server writes forecasts
  decode-forecast.nc4  the same data as NetCDF-4, zlib (gzip) level 4, one chunk per lead time

Both hold a forecast-shaped file: 4 float32 variables (time=3, latitude=480, longitude=1301), about 30 MB of data,
NaN on "land" (about a quarter of the cells), smooth fields rounded to 3 decimals like bit-rounded forecasts.
Run: /usr/bin/python3 bench/make-bench-files.py   (Debian's python3-netcdf4)
"""
import os

import netCDF4
import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'out')
NT, NY, NX = 3, 480, 1301
NAMES = ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct']


def fields():
    lat = 66.025 + 0.05 * np.arange(NY)
    lon = 50.0 + 0.05 * np.arange(NX)
    la, lo = np.meshgrid(np.radians(lat), np.radians(lon), indexing='ij')
    land = (np.sin(3 * lo) * np.cos(5 * la) > 0.45) | (lat[:, None] < 67.5 + 2 * np.sin(4 * lo))
    out = {}
    for k, name in enumerate(NAMES):
        data = np.empty((NT, NY, NX), np.float32)
        for t in range(NT):
            wave = np.sin(2 * lo * (k + 1) + 0.3 * t) * np.cos(3 * la + 0.2 * t * k)
            scale = [2.0, 0.5, 0.15, np.pi][k]
            offset = [2.0, 0.5, 0.15, np.pi][k]
            field = np.round(offset + scale * wave, 3).astype(np.float32)
            field[land] = np.nan
            data[t] = field
        out[name] = data
    return lat, lon, out


def write(path, fmt, compress):
    lat, lon, data = fields()
    with netCDF4.Dataset(path, 'w', format=fmt) as ds:
        ds.createDimension('time', NT)
        ds.createDimension('latitude', NY)
        ds.createDimension('longitude', NX)
        t = ds.createVariable('time', 'f8', ('time',))
        t.units = 'hours since 2026-03-01 00:00:00'
        t.forecast_reference_time = '2026-03-01T00:00:00Z'
        t[:] = [24, 48, 72]
        ds.createVariable('latitude', 'f8', ('latitude',))[:] = lat
        ds.createVariable('longitude', 'f8', ('longitude',))[:] = lon
        for name in NAMES:
            options = dict(zlib=True, complevel=4, chunksizes=(1, NY, NX)) if compress else {}
            v = ds.createVariable(name, 'f4', ('time', 'latitude', 'longitude'), fill_value=np.float32(np.nan), **options)
            v[:] = data[name]


def main():
    os.makedirs(OUT, exist_ok=True)
    write(os.path.join(OUT, 'decode-forecast.nc'), 'NETCDF3_64BIT_OFFSET', False)
    write(os.path.join(OUT, 'decode-forecast.nc4'), 'NETCDF4', True)
    for name in ('decode-forecast.nc', 'decode-forecast.nc4'):
        print(name, os.path.getsize(os.path.join(OUT, name)), 'bytes')


if __name__ == '__main__':
    main()
