#!/usr/bin/python3
"""
Reference for the north fold of ocean-model grids: the CMIP6 CanESM5 sea-ice concentration on NEMO's ORCA1
tripolar grid (../shared/fixtures/netcdf/arctic-more/sic_SImon_CCCma-CanESM5_ssp245_r13i1p2f1_2020.nc, January
2020), sampled at cells of both regions' grids, computed independently of the TypeScript code with Debian's
python3-netcdf4 (auto mask and scale) and python3-scipy (cKDTree), and python3-pyproj for the arctic grid.

For each sampled target cell: its 9 nearest source cell centres by chord distance on the sphere (3-D unit
vectors), whatever their (i, j), so the neighbourhood reaches across the fold as the ocean does. Kept only where
all 9 hold a value (sea; `neighbourhood all sea`), with the smallest and largest of them and the nearest one's
value (`tie` where the second nearest is within 1 % of the distance). A regridder that joins the fold must give
every kept cell a value inside [min, max] (bilinear weights are convex), and the nearest value where no tie.

Run: /usr/bin/python3 common/regrid/reference/make-fold-reference.py   (writes fold-expected.json; a few seconds)
"""
import json
import os

import netCDF4
import numpy as np
import pyproj
from scipy.spatial import cKDTree

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = 'arctic-more/sic_SImon_CCCma-CanESM5_ssp245_r13i1p2f1_2020.nc'
ROOT = os.path.normpath(os.path.join(HERE, '../../../../shared/fixtures/netcdf'))
if not os.path.isdir(ROOT):
    ROOT = '/work/shared/fixtures/netcdf'


def unit_vectors(lat, lon):
    la = np.radians(lat)
    lo = np.radians(lon)
    return np.column_stack([np.cos(la) * np.cos(lo), np.cos(la) * np.sin(lo), np.sin(la)])


def g7(value):
    """7 significant digits: the float32 values of the file, without float64's tail."""
    return float(f'{float(value):.7g}')


def sector_cells():
    """Every 12th row and 36th column of the spec's 480 x 1301 grid (66.025..89.975 N, 50..115 E)."""
    rows, cols = np.meshgrid(np.arange(0, 480, 12), np.arange(0, 1301, 36), indexing='ij')
    rows, cols = rows.ravel(), cols.ravel()
    return rows, cols, 66.025 + rows * 0.05, 50.0 + cols * 0.05


def arctic_cells():
    """Every 24th row and column of the arctic grid (EPSG:3413, 6.25 km, edges x -3850000, y 5850000), north of 60 N."""
    rows, cols = np.meshgrid(np.arange(0, 1792, 24), np.arange(0, 1216, 24), indexing='ij')
    rows, cols = rows.ravel(), cols.ravel()
    x = -3850000.0 + (cols + 0.5) * 6250.0
    y = 5850000.0 - (rows + 0.5) * 6250.0
    lon, lat = pyproj.Transformer.from_crs('EPSG:3413', 'EPSG:4326', always_xy=True).transform(x, y)
    keep = lat >= 60
    return rows[keep], cols[keep], lat[keep], lon[keep]


def main():
    ds = netCDF4.Dataset(os.path.join(ROOT, FIXTURE))
    lat = np.ma.filled(ds['latitude'][:].astype(np.float64), np.nan).ravel()
    lon = np.ma.filled(ds['longitude'][:].astype(np.float64), np.nan).ravel()
    values = np.ma.filled(ds['siconc'][0].astype(np.float64), np.nan).ravel()
    tree = cKDTree(unit_vectors(lat, lon))
    out = dict(generated_by='common/regrid/reference/make-fold-reference.py', file=FIXTURE, variable='siconc', time_index=0,
               libraries=dict(netCDF4=netCDF4.__version__, numpy=np.__version__, scipy=__import__('scipy').__version__,
                              pyproj=pyproj.__version__), targets={})
    for name, (rows, cols, tlat, tlon) in dict(sector=sector_cells(), arctic=arctic_cells()).items():
        d, k = tree.query(unit_vectors(tlat, tlon), k=9)
        near = values[k]
        sea = np.all(np.isfinite(near), axis=1)
        points = [dict(row=int(rows[n]), col=int(cols[n]), lat=round(float(tlat[n]), 6), lon=round(float(tlon[n]), 6),
                       min=g7(near[n].min()), max=g7(near[n].max()), nearest=g7(near[n, 0]),
                       tie=bool(d[n, 1] < d[n, 0] * 1.01))
                  for n in np.flatnonzero(sea)]
        out['targets'][name] = dict(sampled=int(rows.size), points=points)
        north = sum(1 for p in points if p['lat'] >= 82)
        print(name, rows.size, 'sampled,', len(points), 'with an all-sea neighbourhood,', north, 'of them at 82 N or more')
    with open(os.path.join(HERE, 'fold-expected.json'), 'w') as f:
        json.dump(out, f, separators=(',', ':'))
        f.write('\n')


if __name__ == '__main__':
    main()
