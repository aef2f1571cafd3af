"""Does an imported forecast, written on a region's grid, match its source steps within each cell's 2 x 2 neighbourhood?

Run by import-region.test.ts with Debian's /usr/bin/python3 (netCDF4-python, pyproj, scipy), independently of our code:

    forecast-neighbourhood.py WRITTEN SOURCE VARIABLE PROJ4 LANDMASK LEADS

WRITTEN is our file (its 2-D latitude/longitude, or 1-D for the sector, give the cell centres); SOURCE the other
system's forecast on a curvilinear grid (its 2-D latitude/longitude say where its cells are), VARIABLE its
concentration (netCDF4's own masking and scaling); PROJ4 a plane to place both in (the file's own); LANDMASK our land
mask, one byte per written cell (1 = land); LEADS a JSON list of [lead, step_a, step_b, weight]: the written
concentration at time index `lead` is step_a + (step_b - step_a) * weight of the source's time steps.

Each written centre's fractional position on the source grid comes from scipy's linear interpolation of the source
indices over the source centres in the plane; the four source cells around it (the bilinear stencil) give each step
a [min, max], and the lead's value must lie in [min_a, max_a] blended with [min_b, max_b] by the weight (the
regridding of either step stays within its stencil; the blend of two such values within the blend of the bounds).
Prints a JSON list, per lead: checked, outside (beyond that range and the written file's packing), finite_gap (a value
where a neighbour is missing or off the source grid: must be 0), sea_missing (NaN on our sea with all four valid:
must be 0).
"""
import json
import sys
import warnings

import netCDF4
import numpy as np
import pyproj
from scipy.interpolate import griddata

written, source, variable, proj4, landmask, leads = sys.argv[1:7]

out = netCDF4.Dataset(written)
written_var = out['sea_ice_fraction_BREMEN']
lat, lon = out['latitude'][:], out['longitude'][:]
if lat.ndim == 1:
    lon, lat = np.meshgrid(lon, lat)
lat = np.asarray(lat, dtype=np.float64).ravel()
lon = np.asarray(lon, dtype=np.float64).ravel()
land = np.fromfile(landmask, dtype=np.uint8)
assert land.size == lat.size, (land.size, lat.size)

src = netCDF4.Dataset(source)
# The source cells where the file says they are (its 2-D latitude/longitude), in the plane: a curvilinear grid.
to_plane = pyproj.Transformer.from_crs('EPSG:4326', pyproj.CRS.from_proj4(proj4), always_xy=True)
sx, sy = to_plane.transform(np.asarray(src['longitude'][:], dtype=np.float64), np.asarray(src['latitude'][:], dtype=np.float64))
ny, nx = sx.shape
jj, ii = np.mgrid[0:ny, 0:nx]
# Only written cells within the source's box in the plane can take a value from it; a value elsewhere is a gap.
px, py = to_plane.transform(lon, lat)
near = (px >= sx.min()) & (px <= sx.max()) & (py >= sy.min()) & (py <= sy.max())
land, px, py = land[near], px[near], py[near]
# Each written centre's fractional (i, j) on the source grid, by scipy's linear interpolation over the source centres.
points = np.column_stack([sx.ravel(), sy.ravel()])
fi = griddata(points, ii.ravel().astype(np.float64), (px, py), method='linear')
fj = griddata(points, jj.ravel().astype(np.float64), (px, py), method='linear')
placed = np.isfinite(fi) & np.isfinite(fj)
fi, fj = np.where(placed, fi, -10), np.where(placed, fj, -10)

# Where the interpolated position and the regridder's own inversion of a curvilinear cell may disagree a little (the
# cells are not parallelograms), a centre near a cell line may fall in either stencil: both count. In cells.
EPS = 0.02


def bounds(steps, weight, i0, j0):
    """Each cell's stencil from (i0, j0): whether all of it is valid in both steps, and the blended [min, max]."""
    inside = placed & (i0 >= 0) & (j0 >= 0) & (i0 + 1 < nx) & (j0 + 1 < ny)
    ic, jc = np.clip(i0, 0, nx - 2), np.clip(j0, 0, ny - 2)
    valid = inside.copy()
    lo = np.zeros(px.size)
    hi = np.zeros(px.size)
    for values, share in zip(steps, (1 - weight, weight)):
        four = np.stack([values[jc, ic], values[jc, ic + 1], values[jc + 1, ic], values[jc + 1, ic + 1]])
        valid &= np.all(np.isfinite(four), axis=0)
        lo += share * np.min(four, axis=0)
        hi += share * np.max(four, axis=0)
    return valid, np.where(valid, lo, np.nan), np.where(valid, hi, np.nan)


def check(lead, step_a, step_b, weight):
    whole = written_var[lead].astype(np.float64).filled(np.nan).ravel()
    conc = whole[near]
    # Half the packing step of a region file (int16 CF-packed), or the sector's float32 bit rounding.
    if hasattr(written_var, 'scale_factor'):
        tolerance = float(written_var.scale_factor) / 2 + 1e-6
    else:
        bits = int(getattr(written_var, '_QuantizeBitRoundNumberOfSignificantBits', 23))
        tolerance = np.abs(conc) * 2.0 ** -bits + 1e-6
    steps = [np.asarray(src[variable][k].astype(np.float64).filled(np.nan)) for k in (step_a, step_b)]
    candidates = [bounds(steps, weight, np.floor(fi + di).astype(np.int64), np.floor(fj + dj).astype(np.int64)) for di in (0, -EPS, EPS) for dj in (0, -EPS, EPS)]
    any_valid = np.any([c[0] for c in candidates], axis=0)
    all_valid = np.all([c[0] for c in candidates], axis=0)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)  # no valid stencil: NaN, as wanted
        lo = np.nanmin([c[1] for c in candidates], axis=0)
        hi = np.nanmax([c[2] for c in candidates], axis=0)
    finite = np.isfinite(conc)
    checked = finite & any_valid
    outside = checked & ((conc < lo - tolerance) | (conc > hi + tolerance))
    return {
        'checked': int(checked.sum()),
        'outside': int(outside.sum()),
        'finite_gap': int((finite & ~any_valid).sum()) + int((np.isfinite(whole) & ~near).sum()),
        'sea_missing': int((~finite & all_valid & (land == 0)).sum()),
    }


print(json.dumps([check(*lead) for lead in json.loads(leads)]))
