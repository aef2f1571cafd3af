#!/usr/bin/python3
"""
Reference for regridding real products onto region `arctic` (EPSG:3413, 6.25 km, 1216 x 1792, cell edges
x -3850000..3750000 m, y 5850000..-5350000 m): the NOAA/NSIDC CDR sea-ice concentration on the NSIDC polar
stereographic 25 km grid (../shared/fixtures/netcdf/arctic-more/seaice_conc_daily_nh_20211231_f17_v04r00.nc,
EPSG:3411, its `projection:proj4text`) and the OSI SAF OSI-450 concentration on EASE2 25 km (Lambert azimuthal
equal-area, arctic/ice_conc_nh_ease2-250_cdr-v3p1_202002.nc, its `proj4_string`, axes in km), computed independently of the TypeScript code with Debian's
python3-netcdf4 (auto mask and scale: the flag values 251-255 are masked by valid_range) and python3-pyproj.

For every 24th row and column of the arctic grid (from row 5, column 5): the cell centre goes EPSG:3413 ->
lon/lat -> the file's projection, its fractional index along xgrid/ygrid gives the 2 x 2 neighbourhood of source
cells around it (floor and floor + 1 along each axis). Each point is [row, col, status, min, max]: status 1 when
all four hold a value (min and max of them), 0 when any is missing or the neighbourhood leaves the source grid.
A bilinear regridding must give a value inside [min, max] where status is 1 and none where it is 0 (a missing
corner stays missing); nearest gives one of the four where status is 1.

Run: /usr/bin/python3 common/regrid/reference/make-arctic-reference.py  (writes arctic-expected.json; seconds)
"""
import json
import os

import netCDF4
import numpy as np
import pyproj

HERE = os.path.dirname(os.path.abspath(__file__))
# file, variable, x axis, y axis, metres per axis unit, grid-mapping attribute holding the proj4 string
CASES = [
    ('arctic-more/seaice_conc_daily_nh_20211231_f17_v04r00.nc', 'cdr_seaice_conc', 'xgrid', 'ygrid', 1.0, 'proj4text'),
    ('arctic/ice_conc_nh_ease2-250_cdr-v3p1_202002.nc', 'ice_conc', 'xc', 'yc', 1000.0, 'proj4_string'),
]
ROOT = os.path.normpath(os.path.join(HERE, '../../../../shared/fixtures/netcdf'))
if not os.path.isdir(ROOT):
    ROOT = '/work/shared/fixtures/netcdf'


def reference(path, name, x_name, y_name, scale, proj_attr):
    ds = netCDF4.Dataset(os.path.join(ROOT, path))
    var = ds[name]
    values = np.ma.filled(var[0].astype(np.float64), np.nan)
    x = np.asarray(ds[x_name][:], dtype=np.float64) * scale
    y = np.asarray(ds[y_name][:], dtype=np.float64) * scale
    source_crs = pyproj.CRS(getattr(ds[var.grid_mapping], proj_attr))
    rows, cols = np.meshgrid(np.arange(5, 1792, 24), np.arange(5, 1216, 24), indexing='ij')
    rows, cols = rows.ravel(), cols.ravel()
    tx = -3850000.0 + (cols + 0.5) * 6250.0
    ty = 5850000.0 - (rows + 0.5) * 6250.0
    to_source = pyproj.Transformer.from_crs('EPSG:3413', source_crs, always_xy=True)
    sx, sy = to_source.transform(tx, ty)
    fi = (sx - x[0]) / (x[1] - x[0])
    fj = (sy - y[0]) / (y[1] - y[0])
    i0 = np.floor(fi).astype(np.int64)
    j0 = np.floor(fj).astype(np.int64)
    ny, nx = values.shape
    points = []
    for n in range(rows.size):
        i, j = i0[n], j0[n]
        if 0 <= i < nx - 1 and 0 <= j < ny - 1:
            block = values[j:j + 2, i:i + 2]
            if np.all(np.isfinite(block)):
                points.append([int(rows[n]), int(cols[n]), 1, float(block.min()), float(block.max())])
                continue
        points.append([int(rows[n]), int(cols[n]), 0, None, None])
    full = sum(1 for p in points if p[2] == 1)
    print(path, len(points), 'points,', full, 'with four values around them')
    return dict(file=path, variable=name, full=full, points=points)


def main():
    out = dict(generated_by='common/regrid/reference/make-arctic-reference.py',
               libraries=dict(netCDF4=netCDF4.__version__, pyproj=pyproj.__version__, proj=pyproj.proj_version_str),
               point_fields=['row', 'col', 'status', 'min', 'max'], cases=[reference(*case) for case in CASES])
    with open(os.path.join(HERE, 'arctic-expected.json'), 'w') as f:
        json.dump(out, f, separators=(',', ':'))
        f.write('\n')


if __name__ == '__main__':
    main()
