/**
 * Every real chart of the fixtures builds: its polygon count, each polygon's geodesic area within 0.5 % of an
 * independent computation (pyshp + pyproj + shapely, chart-areas.py), each polygon where pyproj puts it (the
 * reference's interior point lies inside it: the CIS chart through its Lambert projection), no polygon spanning
 * the map across 180°, and each point of the map in at most one polygon.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { IceChartFeature } from '../../../common/api-types/icecharts.ts';
import { buildChart, inspectChart, type BuiltChart } from '../../src/icecharts/build-chart.ts';
import type { MultiPoly } from '../../src/icecharts/geometry-types.ts';
import { containsPoint } from '../../src/icecharts/resolve-overlaps.ts';
import { CHART_FIXTURES, type ChartFixture } from './fixtures.ts';

const SCRIPT = join(import.meta.dirname, 'chart-areas.py');

/** The reference's {area_km2, point} per record. The `.imz` is unpacked to a temporary folder first. */
function reference(fixture: ChartFixture): { area_km2: number; point: [number, number] }[] {
  let base = fixture.base;
  if (!base) {
    const dir = mkdtempSync(join(tmpdir(), 'chart-ref-'));
    for (const [name, bytes] of Object.entries(unzipSync(fixture.bytes()))) writeFileSync(join(dir, name.split('/').pop()!), bytes);
    base = join(dir, '201504261200_Greenland_WA');
  }
  return JSON.parse(execFileSync('/usr/bin/python3', [SCRIPT, base], { encoding: 'utf8', maxBuffer: 1 << 26 })) as { area_km2: number; point: [number, number] }[];
}

const polysOf = (feature: IceChartFeature): MultiPoly =>
  (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates) as MultiPoly;

/**
 * A hang guard, not a speed check, ms: a chart's build and its reference are tens of seconds of one core, and 180 s
 * ran out for the DMI chart at load average 35 (CI runs the unit tests beside the journeys).
 */
const CHART_TIMEOUT_MS = 600_000;

const builds = new Map<string, Promise<BuiltChart>>();
/** Each chart built once for both cases (a build is seconds of CPU). */
function built(fixture: ChartFixture): Promise<BuiltChart> {
  if (!builds.has(fixture.name)) builds.set(fixture.name, inspectChart(fixture.bytes(), fixture.name).then((inspected) => buildChart(inspected)));
  return builds.get(fixture.name)!;
}

describe.each(CHART_FIXTURES)('the chart $name', (fixture) => {
  it('builds every polygon with the area and place an independent computation gives', async () => {
    const chart = await built(fixture);
    const expected = reference(fixture);
    expect(chart.features).toHaveLength(fixture.polygons);
    expect(expected).toHaveLength(fixture.polygons);
    const misplaced: number[] = [];
    chart.features.forEach((feature, index) => {
      const want = expected[index].area_km2;
      // 0.5 %, or 0.05 km² for slivers whose area is mostly rounding of their coordinates to 1e-4°
      expect(Math.abs(feature.properties.area_km2 - want), `polygon ${index}: ${feature.properties.area_km2} km² against ${want}`).toBeLessThanOrEqual(Math.max(0.005 * want, 0.05));
      const [lon, lat] = expected[index].point;
      if (want > 1 && !containsPoint(polysOf(feature), lon, lat)) misplaced.push(index);
    });
    expect(misplaced).toEqual([]);
  }, CHART_TIMEOUT_MS);

  it('draws no polygon across the map at 180° and puts each point in at most one polygon', async () => {
    const chart = await built(fixture);
    for (const feature of chart.features) {
      for (const poly of polysOf(feature)) {
        for (const ring of poly) {
          for (let i = 1; i < ring.length; i += 1) {
            // an edge along the pole itself (latitude ±90, where the rings round the pole are closed) is a point
            if (Math.abs(ring[i][1]) === 90 && Math.abs(ring[i - 1][1]) === 90) continue;
            expect(Math.abs(ring[i][0] - ring[i - 1][0]), `polygon ${feature.id}`).toBeLessThan(180);
          }
        }
      }
    }
    const [west, south, east, north] = [-180, chart.bbox[1], 180, chart.bbox[3]];
    const polys = chart.features.map(polysOf);
    const boxes = polys.map((poly) => {
      const lons = poly.flatMap((part) => part[0].map((point) => point[0]));
      const lats = poly.flatMap((part) => part[0].map((point) => point[1]));
      return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
    });
    let twice = 0;
    let covered = 0;
    for (let lat = south + 0.137; lat < north; lat += (north - south) / 40) {
      for (let lon = west + 0.291; lon < east; lon += 2) {
        const inside = polys.filter((poly, i) => lon >= boxes[i][0] && lon <= boxes[i][2] && lat >= boxes[i][1] && lat <= boxes[i][3] && containsPoint(poly, lon, lat)).length;
        if (inside > 1) twice += 1;
        if (inside > 0) covered += 1;
      }
    }
    expect(covered).toBeGreaterThan(0);
    expect(twice).toBe(0);
  }, CHART_TIMEOUT_MS);
});
