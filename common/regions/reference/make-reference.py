"""Expected cell positions of the arctic region's grid, independently of our code: pyproj (PROJ) on EPSG:3413.

Run: /usr/bin/python3 common/regions/reference/make-reference.py > common/regions/reference/expected.json
"""
import json
from pyproj import Transformer

to_lonlat = Transformer.from_crs('EPSG:3413', 'EPSG:4326', always_xy=True)
to_plane = Transformer.from_crs('EPSG:4326', 'EPSG:3413', always_xy=True)

CELL = 6250.0
LEFT, TOP = -3850000.0, 5850000.0
NX, NY = 1216, 1792

cells = []
for j, i in [(0, 0), (0, NX - 1), (NY - 1, 0), (NY - 1, NX - 1), (NY // 2, NX // 2), (935, 616), (300, 900), (1500, 200), (1000, 1100), (896, 608)]:
    x = LEFT + (i + 0.5) * CELL
    y = TOP - (j + 0.5) * CELL
    lon, lat = to_lonlat.transform(x, y)
    cells.append({'i': i, 'j': j, 'x': x, 'y': y, 'lon': lon, 'lat': lat})

# Points (lon, lat) and the cell whose area holds each (floor of the position from the outer edges), or -1.
points = []
for lon, lat in [(90, 90), (0, 89.99), (179.9, 75), (-179.9, 75), (180, 70.5), (-170, 66.5), (57.8, 70.4), (100, 77), (140, 72), (-45, 40), (135, 31), (-100, 30), (20, 50), (-60, 60), (30, 32)]:
    x, y = to_plane.transform(lon, lat)
    i = int((x - LEFT) // CELL)
    j = int((TOP - y) // CELL)
    index = j * NX + i if 0 <= i < NX and 0 <= j < NY else -1
    points.append({'lon': lon, 'lat': lat, 'x': x, 'y': y, 'index': index})

print(json.dumps({'generator': 'pyproj ' + __import__('pyproj').__version__ + ', PROJ ' + __import__('pyproj').proj_version_str, 'cells': cells, 'points': points}, indent=1))
