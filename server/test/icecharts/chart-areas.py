"""Independent areas of a SIGRID-3 chart's polygons (km², WGS 84), for server/test/icecharts/build-chart.test.ts.

pyshp reads the set; each record's rings are unprojected with pyproj from the .prj (projected edges cut to 2 km
first), made continuous in longitude (a ring winding once round the pole closed over the pole), cut into the
[-180, 180] window and combined even-odd with shapely (GEOS); edges are cut to 0.05 degrees (straight in lon/lat,
as charts are drawn) and the area is pyproj's geodesic area. Prints a JSON list, one {area_km2, point} per record
with a shape; `point` is GEOS's representative point of the region (lon, lat), a point inside it.
Usage: /usr/bin/python3 chart-areas.py PATH_WITHOUT_EXTENSION
"""
import json
import sys

import shapefile
from pyproj import CRS, Geod, Transformer
from shapely.geometry import Polygon, box
from shapely.ops import unary_union
from shapely.validation import make_valid

geod = Geod(ellps='WGS84')


def densify(points, step):
    out = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        n = max(1, int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 // step) + 1)
        out.extend((x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(n))
    out.append(points[-1])
    return out


def lonlat_ring(points, to_lonlat):
    if to_lonlat is not None:
        xs, ys = to_lonlat.transform(*zip(*densify(points, 2000.0)))
        points = list(zip(xs, ys))
    unwrapped = [points[0]]
    for lon, lat in points[1:]:
        previous = unwrapped[-1][0]
        while lon - previous > 180:
            lon -= 360
        while lon - previous < -180:
            lon += 360
        unwrapped.append((lon, lat))
    winding = unwrapped[-1][0] - unwrapped[0][0]
    if abs(winding) > 180:
        pole = 90 if sum(p[1] for p in unwrapped) >= 0 else -90
        unwrapped += [(unwrapped[-1][0], pole), (unwrapped[0][0], pole)]
    # make_valid keeps every lobe of a self-crossing ring (what an even-odd fill draws); buffer(0) would drop some
    polygon = make_valid(Polygon(unwrapped))
    pieces = []
    for turn in range(-2, 3):
        part = polygon.intersection(box(turn * 360 - 180, -90, turn * 360 + 180, 90))
        if not part.is_empty:
            pieces.append(shift(part, -turn * 360))
    return unary_union(pieces)


def shift(geometry, dx):
    from shapely.affinity import translate
    return translate(geometry, xoff=dx)


def geodesic_km2(geometry):
    total = 0.0
    for polygon in getattr(geometry, 'geoms', [geometry]):
        if polygon.is_empty or polygon.geom_type != 'Polygon':
            continue
        dense = polygon.segmentize(0.05) if hasattr(polygon, 'segmentize') else Polygon(densify(list(polygon.exterior.coords), 0.05), [densify(list(r.coords), 0.05) for r in polygon.interiors])
        area, _ = geod.geometry_area_perimeter(dense)
        total += abs(area)
    return total / 1e6


def chart_regions(base):
    """(record, region) of each record with a shape: its DBF record and its rings combined even-odd in lon/lat."""
    reader = shapefile.Reader(base, encoding='latin1')
    crs = CRS.from_wkt(open(base + '.prj', encoding='latin1').read())
    to_lonlat = None if crs.is_geographic else Transformer.from_crs(crs, 'EPSG:4326', always_xy=True)
    out = []
    for shape_record in reader.iterShapeRecords():
        shape = shape_record.shape
        if not shape.points:
            continue
        parts = list(shape.parts) + [len(shape.points)]
        region = None
        for start, end in zip(parts, parts[1:]):
            ring = lonlat_ring([tuple(p) for p in shape.points[start:end]], to_lonlat)
            region = ring if region is None else region.symmetric_difference(ring)
        out.append((shape_record.record.as_dict(), region))
    return out


if __name__ == '__main__':
    areas = []
    for _, region in chart_regions(sys.argv[1]):
        point = region.representative_point()
        areas.append({'area_km2': geodesic_km2(region), 'point': [point.x, point.y]})
    print(json.dumps(areas))
