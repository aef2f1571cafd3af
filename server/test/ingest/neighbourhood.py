"""Does an analysis written on a region's grid match its source within the 2 x 2 neighbourhood of each cell?

Run by arctic-ingest.test.ts with Debian's /usr/bin/python3 (netCDF4-python, pyproj):

    neighbourhood.py WRITTEN SOURCE VARIABLE PROJ4 XAXIS YAXIS METRES_PER_UNIT LANDMASK

WRITTEN is our file (any region: its 2-D latitude/longitude give the cell centres, or 1-D ones for the sector);
SOURCE the real product, VARIABLE its concentration (read with netCDF4's own masking and scaling; percent turned
into a fraction), PROJ4 the source's plane, XAXIS/YAXIS its 1-D axes in METRES_PER_UNIT metres. LANDMASK is our
land mask, one byte per written cell (1 = land), row-major.

Each written cell centre is projected into the source plane with pyproj; the four source cells around it (the
bilinear stencil) are its neighbourhood. Prints JSON counts:
  checked      written values with all four neighbours valid
  outside      of those, values outside [min, max] of the four (beyond the file's packing or bit rounding)
  finite_gap   written values where a neighbour is missing or the point is off the source grid (must be 0:
               nothing is extrapolated and missing cells never bleed)
  sea_missing  written NaN where all four are valid and our land mask says sea (must be 0)
  land_missing written NaN on our land with all four valid (the land mask's, allowed)
"""
import json
import sys
import warnings

import netCDF4
import numpy as np
import pyproj

written, source, variable, proj4, xaxis, yaxis, unit, landmask = sys.argv[1:9]
unit = float(unit)

out = netCDF4.Dataset(written)
conc = out['sea_ice_fraction_BREMEN'][0].astype(np.float64).filled(np.nan)
lat = out['latitude'][:]
lon = out['longitude'][:]
if lat.ndim == 1:
    lon, lat = np.meshgrid(lon, lat)
lat = np.asarray(lat, dtype=np.float64).ravel()
lon = np.asarray(lon, dtype=np.float64).ravel()
conc = conc.ravel()
# How far our stored value may be from the one computed: half the packing step of a region file (int16 CF-packed),
# or the bit rounding of the sector's float32 (kept significant bits: a relative error up to 2^-bits).
written_var = out['sea_ice_fraction_BREMEN']
if hasattr(written_var, 'scale_factor'):
    tolerance = float(written_var.scale_factor) / 2 + 1e-6
else:
    bits = int(getattr(written_var, '_QuantizeBitRoundNumberOfSignificantBits', 23))
    tolerance = np.abs(conc) * 2.0 ** -bits + 1e-6
land = np.fromfile(landmask, dtype=np.uint8)
assert land.size == conc.size, (land.size, conc.size)

src = netCDF4.Dataset(source)
field = src[variable]
values = field[0] if field.ndim == 3 else field[:]
values = np.asarray(values.astype(np.float64).filled(np.nan))
if getattr(field, 'units', '') == '%':
    values = values / 100.0
x = np.asarray(src[xaxis][:], dtype=np.float64) * unit
y = np.asarray(src[yaxis][:], dtype=np.float64) * unit

to_source = pyproj.Transformer.from_crs('EPSG:4326', pyproj.CRS.from_proj4(proj4), always_xy=True)
px, py = to_source.transform(lon, lat)
fi = (px - x[0]) / (x[1] - x[0])
fj = (py - y[0]) / (y[1] - y[0])

# A centre within EPS cells of a source cell line (25 m at 25 km) may fall in either stencil by rounding (pyproj and
# proj4js differ by millimetres; the regridder may place points by the file's own float32 lat/lon): both count.
EPS = 1e-3


def stencil(i0, j0):
    inside = (i0 >= 0) & (j0 >= 0) & (i0 + 1 < x.size) & (j0 + 1 < y.size)
    ic = np.clip(i0, 0, x.size - 2)
    jc = np.clip(j0, 0, y.size - 2)
    four = np.stack([values[jc, ic], values[jc, ic + 1], values[jc + 1, ic], values[jc + 1, ic + 1]])
    valid = inside & np.all(np.isfinite(four), axis=0)
    return valid, np.where(valid, np.min(four, axis=0), np.nan), np.where(valid, np.max(four, axis=0), np.nan), four


candidates = [stencil(np.floor(fi + di).astype(np.int64), np.floor(fj + dj).astype(np.int64)) for di in (0, -EPS, EPS) for dj in (0, -EPS, EPS)]
any_valid = np.any([c[0] for c in candidates], axis=0)
all_valid = np.all([c[0] for c in candidates], axis=0)
with warnings.catch_warnings():
    warnings.simplefilter('ignore', RuntimeWarning)  # cells with no valid stencil: NaN, as wanted
    lo = np.nanmin([c[1] for c in candidates], axis=0)
    hi = np.nanmax([c[2] for c in candidates], axis=0)
four = candidates[0][3]
finite = np.isfinite(conc)

checked = finite & any_valid
outside = checked & ((conc < lo - tolerance) | (conc > hi + tolerance))
if len(sys.argv) > 9:
    for name, cells in (('outside', outside), ('gap', finite & ~any_valid), ('sea_missing', ~finite & all_valid & (land == 0))):
        for k in np.flatnonzero(cells)[:5]:
            print(name, k, lon[k], lat[k], conc[k], four[:, k], fi[k], fj[k], file=sys.stderr)
print(json.dumps({
    'checked': int(checked.sum()),
    'outside': int(outside.sum()),
    'finite_gap': int((finite & ~any_valid).sum()),
    'sea_missing': int((~finite & all_valid & (land == 0)).sum()),
    'land_missing': int((~finite & all_valid & (land == 1)).sum()),
    'worst': float(np.max(np.maximum(lo - conc, conc - hi)[checked])) if checked.any() else None,
}))
