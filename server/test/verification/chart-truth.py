"""Independent scores of a forecast against a SIGRID-3 chart, for server/test/verification/chart-truth.test.ts.

The chart's regions as chart-areas.py reads them (pyshp, pyproj, shapely), each grid cell centre given to the
smallest region containing it (a polygon lying inside another is cut out of the larger one), its truth from the
raw DBF codes: land / no data -> none; fast ice (FA or CF's predominant form 08) -> ice; water -> no ice; else ice
when the lower bound of CT in tenths is at least 2 (92 = 10/10, 91 = 9, a range such as 13 or 79 its first digit,
00/01/02/98 below 1/10, 99/-9 unknown -> none). IIEE from the forecast's concentration (>= 0.15 is ice) where both
are known, with the sphere's cell areas (R = 6371 km).
Usage: /usr/bin/python3 chart-truth.py CHART_BASE GRID_JSON FORECAST.f32
Prints JSON: {"mask": [1|0|null per cell], "n_cells", "iiee_over_km2", "iiee_under_km2"}.
"""
import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np
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


def main():
    base, grid_json, forecast_path = sys.argv[1:4]
    grid = json.loads(grid_json)
    nlon, nlat = grid['nlon'], grid['nlat']
    lons = grid['lon0'] + np.arange(nlon) * grid['dlon']
    lats = grid['lat0'] + np.arange(nlat) * grid['dlat']
    lon2, lat2 = np.meshgrid(lons, lats)
    lon_flat, lat_flat = lon2.ravel(), lat2.ravel()
    best_area = np.full(nlon * nlat, np.inf)
    mask = [None] * (nlon * nlat)
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
    radius = 6371.0
    over = under = 0.0
    n = 0
    for k, value in enumerate(mask):
        f = forecast[k]
        if value is None or not np.isfinite(f):
            continue
        n += 1
        lat = lat_flat[k]
        half = abs(grid['dlat']) / 2
        band = math.sin(math.radians(min(90, lat + half))) - math.sin(math.radians(max(-90, lat - half)))
        cell = radius * radius * math.radians(abs(grid['dlon'])) * band
        if f >= 0.15 and value == 0:
            over += cell
        elif f < 0.15 and value == 1:
            under += cell
    print(json.dumps({'mask': mask, 'n_cells': n, 'iiee_over_km2': over, 'iiee_under_km2': under}))


main()
