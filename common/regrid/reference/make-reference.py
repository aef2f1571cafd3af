#!/usr/bin/python3
"""
Reference values for common/regrid: each real fixture with an ice variable, regridded onto the forecast grid
(480 x 1301, 66.025..89.975 N, 50..115 E, 0.05 deg) by nearest and bilinear, computed independently of the
TypeScript code with Debian's python3-pyproj (projections), python3-scipy (RegularGridInterpolator, cKDTree)
and python3-netcdf4 (auto mask and scale).

Writes expected.json next to this script: per fixture and method, the count of valid (finite) target cells and
the expected value at about 110 target cells (60 drawn among valid ones, 20 anywhere, up to 30 in uniform
neighbourhoods; fixed seed), with a tie flag where nearest is ambiguous (two source centres at nearly the
same distance) and a uniform flag where all nearest values within ±0.35° agree within 0.5 % (see uniform_flags).

Rules (the same contract as common/regrid/README.md):
- projected grids: target lon/lat -> x/y with pyproj; nearest = the cell whose index rounds (half up) from the
  fractional index, valid within half a cell of the outermost centres; bilinear = scipy's
  RegularGridInterpolator(method='linear'), NaN outside the outermost centres and wherever a corner is missing.
- 2-D lat/lon grids: nearest = scipy cKDTree on 3-D unit vectors (true chord distance) among cells with
  coordinates, counted only where the target lies inside a quadrilateral of four neighbouring centres (the
  footprint); bilinear = inverse bilinear inside that quadrilateral in a spherical polar stereographic plane
  (pyproj '+proj=stere +lat_0=90 +R=6371000'), NaN if any corner is missing. A grid with CF cell vertices
  (`bounds`) also has the quadrilaterals across its seams: the cells sharing an edge with the last column
  (periodic grids) and the last row (a tripolar north fold) stand as one more column and row.

Run: /usr/bin/python3 common/regrid/reference/make-reference.py  (about a minute)
"""
import json
import os

import netCDF4
import numpy as np
import pyproj
from scipy.interpolate import RegularGridInterpolator
from scipy.spatial import cKDTree

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.normpath(os.path.join(HERE, '../../../../shared/fixtures/netcdf'))
if not os.path.isdir(FIXTURES):
    FIXTURES = '/work/shared/fixtures/netcdf'

GRID = dict(lon0=50.0, dlon=0.05, nlon=1301, lat0=66.025, dlat=0.05, nlat=480)
LON = GRID['lon0'] + np.arange(GRID['nlon']) * GRID['dlon']
LAT = GRID['lat0'] + np.arange(GRID['nlat']) * GRID['dlat']
TLON, TLAT = np.meshgrid(LON, LAT)  # row-major: row j = latitude index
TLON = TLON.ravel()
TLAT = TLAT.ravel()
N = TLON.size


def values_of(ds, path, time_index):
    var = ds[path]
    data = var[time_index] if var.ndim == 3 else var[:]
    return np.ma.filled(np.ma.asarray(data).astype(np.float64), np.nan)


def projected(values, crs, x, y):
    to_xy = pyproj.Transformer.from_crs('EPSG:4326', crs, always_xy=True)
    px, py = to_xy.transform(TLON, TLAT)
    fi = (px - x[0]) / (x[1] - x[0])
    fj = (py - y[0]) / (y[1] - y[0])
    ny, nx = values.shape
    # nearest: round half up, valid within half a cell
    i = np.floor(fi + 0.5).astype(np.int64)
    j = np.floor(fj + 0.5).astype(np.int64)
    inside = (i >= 0) & (i < nx) & (j >= 0) & (j < ny)
    nearest = np.full(N, np.nan)
    nearest[inside] = values[j[inside], i[inside]]
    tie = (np.abs(fi - np.floor(fi) - 0.5) < 1e-6) | (np.abs(fj - np.floor(fj) - 0.5) < 1e-6)
    # bilinear: scipy on ascending axes
    xs, ys, v = x, y, values
    if xs[1] < xs[0]:
        xs, v = xs[::-1], v[:, ::-1]
    if ys[1] < ys[0]:
        ys, v = ys[::-1], v[::-1, :]
    rgi = RegularGridInterpolator((ys, xs), v, method='linear', bounds_error=False, fill_value=np.nan)
    bilinear = rgi(np.column_stack([py, px]))
    return nearest, bilinear, tie


def unit_vectors(lat, lon):
    la = np.radians(lat)
    lo = np.radians(lon)
    return np.column_stack([np.cos(la) * np.cos(lo), np.cos(la) * np.sin(lo), np.sin(la)])


def seam_neighbours(group, lat_name, lon_name):
    """Cells across the east seam (of the last column) and the north fold (of the last row), from the CF cell
    vertices (`bounds`): the cell sharing two vertices with it, other than its neighbours inside the grid.
    None when the file has no vertices. Returns (east[j], north[i]) flat indices, -1 where none."""
    names = [getattr(group[n], 'bounds', None) for n in (lat_name, lon_name)]
    if not all(names) or not all(n in group.variables for n in names):
        return None
    vlat = np.ma.filled(group[names[0]][:].astype(np.float64), np.nan)
    vlon = np.ma.filled(group[names[1]][:].astype(np.float64), np.nan)
    ny, nx, nv = vlat.shape
    pts = np.round(unit_vectors(vlat.ravel(), vlon.ravel()), 9).reshape(ny * nx, nv, 3)

    def shares_edge(a, b):
        same = np.all(np.abs(pts[a][:, None, :] - pts[b][None, :, :]) < 1e-8, axis=-1)
        return np.count_nonzero(same.any(axis=1)) >= 2

    def across(cell, candidates, skip):
        for other in candidates:
            if other != cell and other not in skip and shares_edge(cell, other):
                return other
        return -1
    first_col = [j * nx for j in range(ny)]
    last_row = [(ny - 1) * nx + i for i in range(nx)]
    east = np.array([across(j * nx + nx - 1, first_col, {j * nx + nx - 2}) for j in range(ny)])
    top = (ny - 1) * nx
    north = np.array([across(top + i, last_row, {top + (i - 1) % nx, top + (i + 1) % nx}) for i in range(nx)])
    return east, north


def extend(array, seams):
    """The 2-D array with one more column (the cells across the east seam) and row (across the north fold)."""
    ny, nx = array.shape
    east, north = seams
    flat = array.ravel()
    out = np.full((ny + 1, nx + 1), np.nan)
    out[:ny, :nx] = array
    out[:ny, nx] = np.where(east >= 0, flat[np.maximum(east, 0)], np.nan)
    out[ny, :nx] = np.where(north >= 0, flat[np.maximum(north, 0)], np.nan)
    return out


def curvilinear(values, lat, lon, seams=None):
    nearest_lat, nearest_lon, nearest_values = lat, lon, values
    if seams is not None:
        # Quadrilaterals also across the seams: the grid extended by the cells on their far side.
        lat, lon, values = extend(lat, seams), extend(lon, seams), extend(values, seams)
    ny, nx = values.shape
    plane = pyproj.Proj('+proj=stere +lat_0=90 +lon_0=0 +k=1 +x_0=0 +y_0=0 +R=6371000 +units=m +no_defs')
    keep = np.isfinite(lat) & np.isfinite(lon) & (lat >= GRID['lat0'] - 10)
    sx = np.full(lat.shape, np.nan)
    sy = np.full(lat.shape, np.nan)
    sx[keep], sy[keep] = plane(lon[keep], lat[keep])
    tx, ty = plane(TLON, TLAT)

    # quadrilaterals: corner a=(j,i) b=(j,i+1) c=(j+1,i+1) d=(j+1,i), convex and complete
    ax, bx, cx, dx = sx[:-1, :-1], sx[:-1, 1:], sx[1:, 1:], sx[1:, :-1]
    ay, by, cy, dy = sy[:-1, :-1], sy[:-1, 1:], sy[1:, 1:], sy[1:, :-1]
    def cross(x0, y0, x1, y1, x2, y2):
        return (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
    with np.errstate(invalid='ignore'):
        c = np.stack([cross(ax, ay, bx, by, cx, cy), cross(bx, by, cx, cy, dx, dy),
                      cross(cx, cy, dx, dy, ax, ay), cross(dx, dy, ax, ay, bx, by)])
        quad_ok = (np.all(c > 0, axis=0) | np.all(c < 0, axis=0))

    # candidate quads: those touching the 4 source centres nearest in the plane
    valid_cells = np.flatnonzero(np.isfinite(sx.ravel()))
    tree = cKDTree(np.column_stack([sx.ravel()[valid_cells], sy.ravel()[valid_cells]]))
    _, near = tree.query(np.column_stack([tx, ty]), k=4)
    near = valid_cells[near]  # (N, 4) flat cell indices
    s_out = np.full(N, np.nan)
    t_out = np.full(N, np.nan)
    q_out = np.full(N, -1, dtype=np.int64)
    for kk in range(4):
        cj, ci = np.divmod(near[:, kk], nx)
        for oj, oi in ((0, 0), (0, -1), (-1, 0), (-1, -1)):
            qj = cj + oj
            qi = ci + oi
            ok = (q_out < 0) & (qj >= 0) & (qj < ny - 1) & (qi >= 0) & (qi < nx - 1)
            idx = np.flatnonzero(ok)
            qj_, qi_ = qj[idx], qi[idx]
            ok2 = quad_ok[qj_, qi_]
            idx, qj_, qi_ = idx[ok2], qj_[ok2], qi_[ok2]
            s, t = inverse_bilinear(
                ax[qj_, qi_], ay[qj_, qi_], bx[qj_, qi_], by[qj_, qi_], cx[qj_, qi_], cy[qj_, qi_],
                dx[qj_, qi_], dy[qj_, qi_], tx[idx], ty[idx])
            hit = np.isfinite(s)
            s_out[idx[hit]] = s[hit]
            t_out[idx[hit]] = t[hit]
            q_out[idx[hit]] = qj_[hit] * nx + qi_[hit]
    inside = q_out >= 0
    flat = values.ravel()
    bilinear = np.full(N, np.nan)
    q = q_out[inside]
    s = s_out[inside]
    t = t_out[inside]
    bilinear[inside] = ((1 - s) * (1 - t) * flat[q] + s * (1 - t) * flat[q + 1]
                        + (1 - s) * t * flat[q + nx] + s * t * flat[q + nx + 1])

    # nearest by chord distance on the sphere, among cells with coordinates
    has = np.flatnonzero(np.isfinite(nearest_lat.ravel()) & np.isfinite(nearest_lon.ravel()))
    tree3 = cKDTree(unit_vectors(nearest_lat.ravel()[has], nearest_lon.ravel()[has]))
    d, k = tree3.query(unit_vectors(TLAT, TLON), k=2)
    nearest = np.full(N, np.nan)
    nearest[inside] = nearest_values.ravel()[has[k[inside, 0]]]
    tie = d[:, 1] < d[:, 0] * 1.01  # within 1 %: plane and chord distances may rank these differently
    return nearest, bilinear, tie


def inverse_bilinear(ax, ay, bx, by, cx, cy, dx, dy, px, py):
    """(s, t) of p in quad a-b-c-d (s along a->b, t along a->d), NaN when outside."""
    ex, ey = bx - ax, by - ay
    fx, fy = dx - ax, dy - ay
    gx, gy = ax - bx + cx - dx, ay - by + cy - dy
    hx, hy = px - ax, py - ay
    k2 = gx * fy - gy * fx
    k1 = ex * fy - ey * fx + hx * gy - hy * gx
    k0 = hx * ey - hy * ex
    s_res = np.full(px.shape, np.nan)
    t_res = np.full(px.shape, np.nan)
    with np.errstate(invalid='ignore', divide='ignore'):
        linear = np.abs(k2) <= 1e-12 * np.abs(ex * fy - ey * fx)
        disc = k1 * k1 - 4 * k0 * k2
        w = np.sqrt(np.where(disc >= 0, disc, np.nan))
        roots = [np.where(linear, -k0 / k1, (-k1 - w) / (2 * k2)), np.where(linear, -k0 / k1, (-k1 + w) / (2 * k2))]
        for t in roots:
            den_x = ex + gx * t
            den_y = ey + gy * t
            s = np.where(np.abs(den_x) >= np.abs(den_y), (hx - fx * t) / den_x, (hy - fy * t) / den_y)
            eps = 1e-9
            ok = np.isnan(s_res) & (t >= -eps) & (t <= 1 + eps) & (s >= -eps) & (s <= 1 + eps)
            s_res[ok] = np.clip(s[ok], 0, 1)
            t_res[ok] = np.clip(t[ok], 0, 1)
    return s_res, t_res


UNIFORM_CELLS = 7  # ±0.35° of the forecast grid around a point


def uniform_flags(nearest):
    """True where every nearest value within ±0.35° (7 cells each way) is finite and within 0.5 % of the
    field's scale of the point's own: a place where any grid that samples the file near the point (the
    browser's local view draws the file on its own coarser footprint grid) must show the same value."""
    field = nearest.reshape(GRID['nlat'], GRID['nlon'])
    finite = field[np.isfinite(field)]
    scale = 100.0 if finite.size and np.nanmax(np.abs(finite)) > 1.5 else 1.0
    padded = np.pad(field, UNIFORM_CELLS, constant_values=np.nan)
    lo = np.full(field.shape, np.inf)
    hi = np.full(field.shape, -np.inf)
    bad = np.zeros(field.shape, dtype=bool)
    n = 2 * UNIFORM_CELLS + 1
    for dj in range(n):
        for di in range(n):
            window = padded[dj:dj + field.shape[0], di:di + field.shape[1]]
            bad |= ~np.isfinite(window)
            lo = np.fmin(lo, window)
            hi = np.fmax(hi, window)
    return (~bad & (hi - lo <= 0.005 * scale)).ravel()


def sample(nearest, bilinear, tie, seed):
    rng = np.random.default_rng(seed)
    valid = np.flatnonzero(np.isfinite(bilinear) & np.isfinite(nearest))
    picks = list(rng.choice(valid, size=min(60, valid.size), replace=False)) if valid.size else []
    picks += list(rng.choice(N, size=20, replace=False))
    uniform = uniform_flags(nearest)
    # Also up to 30 points in uniform neighbourhoods (for the browser journey's colour checks).
    flat = np.flatnonzero(uniform)
    if flat.size:
        picks += list(rng.choice(flat, size=min(30, flat.size), replace=False))
    out = []
    for p in sorted(set(int(v) for v in picks)):
        row, col = divmod(p, GRID['nlon'])
        out.append(dict(row=row, col=col, lat=round(float(TLAT[p]), 6), lon=round(float(TLON[p]), 6),
                        nearest=None if not np.isfinite(nearest[p]) else float(nearest[p]),
                        bilinear=None if not np.isfinite(bilinear[p]) else float(bilinear[p]),
                        tie=bool(tie[p]), uniform=bool(uniform[p])))
    return out


CASES = [
    # file, variable (netCDF4 path), time index, how to place it
    ('arctic/ice_conc_nh_ease2-250_cdr-v3p1_202002.nc', 'ice_conc', 0, 'projected'),
    ('arctic/arctic.nc', 'Bootstrap', 0, 'projected'),
    ('arctic/Arctic20_1to5Feb_2016.nc', 'aice', 0, 'latlon2d'),
    ('arctic/Arctic20_1to5Feb_2016.nc', 'hice', 4, 'latlon2d'),
    ('arctic/init_25km_NH.nc', 'data/cice', 0, 'latlon2d'),
    ('arctic/init_25km_NH.nc', 'data/hice', 0, 'latlon2d'),
    ('arctic-more/seaice_conc_daily_nh_20211231_f17_v04r00.nc', 'cdr_seaice_conc', 0, 'projected'),
    ('arctic-more/sea_ice_data.nc', 'cdr_seaice_conc_monthly', 0, 'projected'),
    ('arctic-more/sic_SImon_CCCma-CanESM5_ssp245_r13i1p2f1_2020.nc', 'siconc', 0, 'latlon2d'),
]


def crs_and_axes(ds, var):
    """The projection as pyproj reads it (proj4 string attribute, else CF parameters via CRS.from_cf)."""
    name = getattr(var, 'grid_mapping', None)
    if name is not None:
        gm = ds[name.split(':')[0].strip()]
        attrs = {k: gm.getncattr(k) for k in gm.ncattrs()}
    else:  # PolarWatch ERDDAP: global grid_mapping_* attributes
        attrs = {k[len('grid_mapping_'):] if k != 'grid_mapping_name' else k: ds.getncattr(k)
                 for k in ds.ncattrs() if k.startswith('grid_mapping_')}
    text = next((attrs[k] for k in ('proj4', 'proj4_string', 'proj4text') if k in attrs), None)
    crs = pyproj.CRS(text) if text else pyproj.CRS.from_cf(attrs)
    ydim, xdim = var.dimensions[-2:]
    coords = (getattr(var, 'coordinates', '') or '').split()
    def axis(dim):
        for cand in [dim] + coords:
            if cand in ds.variables and ds[cand].dimensions == (dim,):
                v = ds[cand]
                scale = 1000.0 if getattr(v, 'units', 'm') == 'km' else 1.0
                return np.asarray(v[:], dtype=np.float64) * scale
        raise ValueError(f'no axis for {dim}')
    return crs, axis(xdim), axis(ydim)


def main():
    result = dict(
        generated_by='common/regrid/reference/make-reference.py',
        libraries=dict(pyproj=pyproj.__version__, netCDF4=netCDF4.__version__, numpy=np.__version__,
                       scipy=__import__('scipy').__version__, proj=pyproj.proj_version_str),
        target=GRID, cases=[])
    for seed, (path, name, time_index, kind) in enumerate(CASES):
        ds = netCDF4.Dataset(os.path.join(FIXTURES, path))
        var = ds[name]
        values = values_of(ds, name, time_index)
        if kind == 'projected':
            crs, x, y = crs_and_axes(ds, var)
            nearest, bilinear, tie = projected(values, crs, x, y)
        else:
            group = ds[name.rsplit('/', 1)[0]] if '/' in name else ds
            lat_name = next(n for n in ('latitude', 'lat') if n in group.variables)
            lon_name = next(n for n in ('longitude', 'lon') if n in group.variables)
            lat = np.ma.filled(np.ma.asarray(group[lat_name][:]).astype(np.float64), np.nan)
            lon = np.ma.filled(np.ma.asarray(group[lon_name][:]).astype(np.float64), np.nan)
            nearest, bilinear, tie = curvilinear(values, lat, lon, seam_neighbours(group, lat_name, lon_name))
        case = dict(file=path, variable=name, time_index=time_index, kind=kind,
                    valid=dict(nearest=int(np.isfinite(nearest).sum()), bilinear=int(np.isfinite(bilinear).sum())),
                    points=sample(nearest, bilinear, tie, 1000 + seed))
        result['cases'].append(case)
        print(path, name, kind, case['valid'], len(case['points']), 'points')
    with open(os.path.join(HERE, 'expected.json'), 'w') as f:
        json.dump(result, f, indent=1)
        f.write('\n')


if __name__ == '__main__':
    main()
