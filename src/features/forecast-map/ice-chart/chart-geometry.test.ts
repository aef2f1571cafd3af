import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { read } from 'shapefile';
import type { IceChartFeature } from '../../../api/icecharts.ts';
import { chartPolygon } from '../../../testing/chart-polygons.ts';
import { unwrapRing } from '../../../../common/lonlat-rings.ts';
import { polygonAt, prepareChart, preparePolygon, type Position } from './chart-geometry.ts';

const props = chartPolygon({ CT: '92' });
const AARI = join(import.meta.dirname, '../../../../../shared/fixtures/icecharts/aari_arc_20140211_pl_a/aari_arc_20140211_pl_a');

describe('chart polygons on the map', () => {
  it('keeps a polygon across 180° in one piece instead of a band round the world', () => {
    const ring: Position[] = [[179, 70], [-179, 70], [-179, 71], [179, 71], [179, 70]];
    const polygon = preparePolygon(0, props, [ring])!;
    expect(polygon.bbox[2] - polygon.bbox[0]).toBeCloseTo(2, 9);
    expect(polygonAt([polygon], 179.5, 70.5)?.index).toBe(0);
    expect(polygonAt([polygon], -179.5, 70.5)?.index).toBe(0);
    expect(polygonAt([polygon], 0, 70.5)).toBeNull();
  });

  it('closes a ring that goes once round the pole through the pole, outline without those edges', () => {
    const ring: Position[] = [];
    for (let lon = -180; lon <= 180; lon += 30) ring.push([lon, 80]);
    const { winding } = unwrapRing(ring);
    expect(Math.abs(winding)).toBe(360);
    const polygon = preparePolygon(3, props, [ring])!;
    expect(polygon.bbox[3]).toBe(90);
    expect(polygon.outlines[0].every(([, lat]) => lat === 80)).toBe(true);
    expect(polygonAt([polygon], 45, 85)?.index).toBe(3);
    expect(polygonAt([polygon], 45, 75)).toBeNull();
  });

  it('leaves a hole out and finds the polygon inside it instead', () => {
    const outer: Position[] = [[0, 70], [10, 70], [10, 80], [0, 80], [0, 70]];
    const hole: Position[] = [[4, 74], [6, 74], [6, 76], [4, 76], [4, 74]];
    const polygons = [preparePolygon(0, props, [outer, hole])!, preparePolygon(1, props, [hole])!];
    expect(polygonAt(polygons, 5, 75)?.index).toBe(1);
    expect(polygonAt(polygons, 2, 72)?.index).toBe(0);
  });

  it('draws none of the AARI chart’s polygons at 180° as a band across the map', async () => {
    const collection = await read(`${AARI}.shp`, `${AARI}.dbf`);
    expect(readFileSync(`${AARI}.prj`, 'utf8')).toContain('WGS');
    const features = collection.features.map(
      (f, id) => ({ type: 'Feature', id, geometry: f.geometry, properties: props }) as unknown as IceChartFeature,
    );
    const crossing = features.filter((f) => JSON.stringify(f.geometry.coordinates).includes('-179.99'));
    expect(crossing.length).toBeGreaterThanOrEqual(4);
    for (const polygon of prepareChart(crossing)) {
      const ring = polygon.outlines[0];
      const widest = Math.max(...ring.slice(1).map(([lon], i) => Math.abs(lon - ring[i][0])));
      // No edge jumps across the map: every step is a short one.
      expect(widest).toBeLessThan(10);
    }
  });
});

describe('chart outlines', () => {
  it('leave out the edges a ring closed round the pole runs along', () => {
    // A ring as the server closes it: along 80°N, then up 180° to the pole, along it, and down again.
    const ring: Position[] = [[-180, 80], [-90, 80], [0, 80], [90, 80], [180, 80], [180, 90], [-180, 90], [-180, 80]];
    const polygon = preparePolygon(0, props, [ring])!;
    expect(polygon.outlines).toEqual([[[-180, 80], [-90, 80], [0, 80], [90, 80], [180, 80]]]);
    expect(polygonAt([polygon], 10, 85)?.index).toBe(0);
  });
});

describe('a chart as the server cuts it at ±180° (RFC 7946)', () => {
  /** Along a parallel from `from` to `to` degrees of longitude, a point every `step`. */
  const along = (lat: number, from: number, to: number, step: number): Position[] => {
    const points: Position[] = [];
    for (let lon = from; step > 0 ? lon <= to : lon >= to; lon += step) points.push([lon, lat]);
    return points;
  };

  it('draws no line along the cut: the two pieces of a polygon across 180° meet without an outline', () => {
    const east: Position[] = [[178, 70], [180, 70], [180, 72], [178, 72], [178, 70]];
    const west: Position[] = [[-180, 70], [-178, 70], [-178, 72], [-180, 72], [-180, 70]];
    const polygons = prepareChart([{ type: 'Feature', id: 5, properties: props, geometry: { type: 'MultiPolygon', coordinates: [[east], [west]] } } as IceChartFeature]);
    const edges = polygons.flatMap((p) => p.outlines.flatMap((path) => path.slice(1).map((point, i) => [path[i], point])));
    expect(edges.length).toBeGreaterThan(0);
    const alongCut = edges.filter(([a, b]) => Math.abs(a[0]) === 180 && Math.abs(b[0]) === 180);
    expect(alongCut).toEqual([]);
    expect(polygonAt(polygons, 179.5, 71)?.index).toBe(5);
    expect(polygonAt(polygons, -179.5, 71)?.index).toBe(5);
  });

  it('fills a piece closed over the pole where it lies, not all round the pole', () => {
    // AARI polygon 117's western piece as served: along ~78°N from −180° to 0.15°, up to the pole, back along it to −180°.
    const ring: Position[] = [...along(78, -180, 0, 10), [0.15, 78], [0.15, 90], [-180, 90], [-180, 78]];
    const polygon = preparePolygon(117, props, [ring])!;
    expect(polygon.bbox[0]).toBe(-180);
    expect(polygon.bbox[2]).toBeCloseTo(0.15, 9);
    expect(polygonAt([polygon], -90, 85)?.index).toBe(117);
    expect(polygonAt([polygon], 90, 85)).toBeNull();
    // Its outline is the chart's line along 78°N only: nothing up the cut or along the pole.
    expect(polygon.outlines.flat().every(([lon, lat]) => lat === 78 || lon === 0.15)).toBe(true);
  });
});

