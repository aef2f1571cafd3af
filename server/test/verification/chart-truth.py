"""Independent scores of a forecast against a SIGRID-3 chart, for server/test/verification/chart-truth.test.ts.

The chart's regions as chart-areas.py reads them (pyshp, pyproj, shapely), each grid cell centre given to the
smallest region containing it (a polygon lying inside another is cut out of the larger one), its truth from the
raw DBF codes: land / no data -> none; fast ice (FA or CF's predominant form 08) -> ice; water -> no ice; else ice
when the lower bound of CT in tenths is at least 2 (92 = 10/10, 91 = 9, a range such as 13 or 79 its first digit,
00/01/02/98 below 1/10, 99/-9 unknown -> none). IIEE from the forecast's concentration (>= 0.15 is ice) where both
are known, with the sphere's cell areas (R = 6371 km). GRID_JSON is a latitude/longitude grid (lon0, dlon, nlon, lat0,
dlat, nlat) or a projected one (proj4, x0, dx, nx, y0, dy, ny): then the cell centres and corners come back to
lon/lat through pyproj, and a cell's area is its four corners' great-circle quadrilateral on the sphere (pyproj's
Geod on a sphere of R = 6371 km).
Usage: /usr/bin/python3 chart-truth.py CHART_BASE GRID_JSON FORECAST.f32
Prints JSON: {"mask": [1|0|null per cell], "n_cells", "iiee_over_km2", "iiee_under_km2"}.
"""
import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np
from pyproj import Geod, Transformer
from shapely.geometry import Point
from shapely.prepared import prep

spec = importlib.util.spec_from_file_location('chart_areas', Path(__file__).parent.parent / 'icecharts' / 'chart-areas.py')
chart_areas = importlib.util.module_from_spec(spec)
spec.loader.exec_module(chart_areas)


def code(value):
    text = str(value).strip() if value is not None else ''
    if text == '':
        return None
    return '0' + text if len(text) == 1 and text.isdigit() else text


def truth(record):
    poly_type = (code(record.get('POLY_TYPE')) or '').upper()
    if poly_type in ('L', 'N'):
        return None
    fa = code(record.get('FA'))
    cf = code(record.get('CF'))
    if fa == '08' or (cf is not None and cf[:2] == '08'):
        return 1
    if poly_type == 'W':
        return 0
    ct = code(record.get('CT'))
    if ct is None or ct in ('-9', '99'):
        return None
    if ct in ('00', '01', '02', '98'):
        return 0
    lower = 10 if ct == '92' else int(ct[0])
    return 1 if lower >= 2 else 0


RADIUS_KM = 6371.0


def latlon_cells(grid):
    """Cell centres (lon, lat) and areas (km²) of a latitude/longitude grid, row-major."""
    lons = grid['lon0'] + np.arange(grid['nlon']) * grid['dlon']
    lats = grid['lat0'] + np.arange(grid['nlat']) * grid['dlat']
    lon2, lat2 = np.meshgrid(lons, lats)
    half = abs(grid['dlat']) / 2
    band = np.sin(np.radians(np.minimum(90, lat2 + half))) - np.sin(np.radians(np.maximum(-90, lat2 - half)))
    areas = RADIUS_KM * RADIUS_KM * math.radians(abs(grid['dlon'])) * band
    return lon2.ravel(), lat2.ravel(), areas.ravel()


def planar_cells(grid):
    """Cell centres (lon, lat) and areas (km²) of a projected grid, row-major."""
    to_lonlat = Transformer.from_crs(grid['proj4'], 'EPSG:4326', always_xy=True)
    nx, ny = grid['nx'], grid['ny']
    xs = grid['x0'] + np.arange(nx) * grid['dx']
    ys = grid['y0'] + np.arange(ny) * grid['dy']
    x2, y2 = np.meshgrid(xs, ys)
    lon, lat = to_lonlat.transform(x2.ravel(), y2.ravel())
    # A centre on the 180th meridian lies on the boundary of the [-180, 180] window the regions are cut to, inside
    # no region: taken a hair (1e-7 degrees, 1 cm) west of it, inside the polygon the meridian cuts.
    lon = np.where(np.abs(np.asarray(lon)) > 180 - 1e-9, 180 - 1e-7, lon)
    sphere = Geod(a=RADIUS_KM * 1000, b=RADIUS_KM * 1000)
    areas = np.empty(nx * ny)
    hx, hy = grid['dx'] / 2, grid['dy'] / 2
    for k in range(nx * ny):
        x, y = x2.flat[k], y2.flat[k]
        clon, clat = to_lonlat.transform([x - hx, x + hx, x + hx, x - hx], [y - hy, y - hy, y + hy, y + hy])
        area, _ = sphere.polygon_area_perimeter(clon, clat)
        areas[k] = abs(area) / 1e6
    return np.asarray(lon), np.asarray(lat), areas


def main():
    base, grid_json, forecast_path = sys.argv[1:4]
    grid = json.loads(grid_json)
    lon_flat, lat_flat, cell_areas = planar_cells(grid) if 'proj4' in grid else latlon_cells(grid)
    cells = lon_flat.size
    best_area = np.full(cells, np.inf)
    mask = [None] * cells
    for record, region in chart_areas.chart_regions(base):
        value = truth(record)
        area = chart_areas.geodesic_km2(region)
        west, south, east, north = region.bounds
        prepared = prep(region)
        near = np.nonzero((lon_flat >= west) & (lon_flat <= east) & (lat_flat >= south) & (lat_flat <= north) & (best_area > area))[0]
        for k in near:
            if prepared.contains(Point(lon_flat[k], lat_flat[k])):
                best_area[k] = area
                mask[k] = value
    forecast = np.fromfile(forecast_path, dtype='<f4')
    over = under = 0.0
    n = 0
    for k, value in enumerate(mask):
        f = forecast[k]
        if value is None or not np.isfinite(f):
            continue
        n += 1
        if f >= 0.15 and value == 0:
            over += cell_areas[k]
        elif f < 0.15 and value == 1:
            under += cell_areas[k]
    print(json.dumps({'mask': mask, 'n_cells': n, 'iiee_over_km2': over, 'iiee_under_km2': under, 'areas_km2': cell_areas.tolist()}))


main()
