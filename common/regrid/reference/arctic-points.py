#!/usr/bin/python3
"""
Where points of a polar stereographic product land on region `arctic` (EPSG:3413, 6.25 km, 1216 x 1792, cell
centres x -3846875 + 6250 i, y 5846875 - 6250 j, metres) when regridded by nearest neighbour, computed
independently of the TypeScript code with Debian's python3-netcdf4 (auto mask and scale: NSIDC's flag values
251-255 are masked by valid_range) and python3-pyproj.

For each [lon, lat]: the arctic cell holding the point (pyproj's EPSG:3413), that cell's centre in the file's own
projection (the grid-mapping variable's `proj4text`) and the source cell nearest to it along the file's x/y
axes; its value as netCDF4-python gives it (null when masked). Also how well each is placed (margins, 0.5 = the
centre, 0 = on an edge) and whether the 3 x 3 source cells around it all hold that same value (`uniform`: a
screen pixel a few km off still shows that value).

Run by the tests at run time (workers/regrid/local-field-arctic.test.ts, tests/e2e/local-file.e2e.ts):
  /usr/bin/python3 common/regrid/reference/arctic-points.py FILE VARIABLE X_AXIS Y_AXIS '[[lon, lat], ...]'
prints a JSON list, one object per point: row, col, value, target_margin, source_margin, uniform.
"""
import json
import sys

import netCDF4
import numpy as np
import pyproj

X0, DX, Y0, DY = -3850000 + 3125, 6250, 5850000 - 3125, -6250  # region arctic's first cell centre and steps, m


def main(path, variable, x_name, y_name, points):
    ds = netCDF4.Dataset(path)
    var = ds[variable]
    source = pyproj.CRS.from_proj4(ds[var.grid_mapping].proj4text)
    sx, sy = ds[x_name][:].astype('f8'), ds[y_name][:].astype('f8')
    field = var[0] if var.ndim == 3 else var[:]
    to_arctic = pyproj.Transformer.from_crs('EPSG:4326', 'EPSG:3413', always_xy=True)
    to_source = pyproj.Transformer.from_crs('EPSG:3413', source, always_xy=True)
    out = []
    for lon, lat in points:
        x, y = to_arctic.transform(lon, lat)
        fi, fj = (x - X0) / DX, (y - Y0) / DY
        i, j = int(round(fi)), int(round(fj))
        px, py = to_source.transform(X0 + i * DX, Y0 + j * DY)
        gi, gj = (px - sx[0]) / (sx[1] - sx[0]), (py - sy[0]) / (sy[1] - sy[0])
        si, sj = int(round(gi)), int(round(gj))
        value = field[sj, si]
        value = None if np.ma.is_masked(value) else float(value)
        block = field[max(sj - 1, 0):sj + 2, max(si - 1, 0):si + 2]
        uniform = value is not None and block.shape == (3, 3) and not np.ma.is_masked(block) and bool(np.all(block == value))
        out.append({
            'row': j, 'col': i, 'value': value, 'uniform': uniform,
            'target_margin': 0.5 - max(abs(fi - i), abs(fj - j)),
            'source_margin': 0.5 - max(abs(gi - si), abs(gj - sj)),
        })
    print(json.dumps(out))


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], json.loads(sys.argv[5]))
