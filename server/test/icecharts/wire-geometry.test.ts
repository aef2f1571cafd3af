/**
 * The full AARI chart on the wire (wire-geometry.ts): fewer vertices at a coarser step, every polygon kept, each
 * polygon's area within 0.5 % of the independent computation (pyshp + pyproj + shapely, chart-areas.py), and no
 * gap or overlap opened between neighbours: a vertex two rings share is kept by both or dropped by both.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IceChartFeature } from '../../../common/api-types/icecharts.ts';
import { buildChart, inspectChart } from '../../src/icecharts/build-chart.ts';
import { multiPolyAreaKm2 } from '../../src/icecharts/geodesic-area.ts';
import type { MultiPoly } from '../../src/icecharts/geometry-types.ts';
import { wireFeatures } from '../../src/icecharts/wire-geometry.ts';
import { AARI } from './fixtures.ts';

const polysOf = (feature: IceChartFeature): MultiPoly =>
  (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates) as MultiPoly;
const rounded = (p: number[], step: number) => `${Math.round(p[0] * step) / step},${Math.round(p[1] * step) / step}`;

describe('the full chart on the wire', () => {
  it('keeps every polygon, its area within 0.5 %, and the vertices neighbours share', async () => {
    const { features } = buildChart(await inspectChart(AARI.bytes(), AARI.name));
    const wire = wireFeatures(features);
    const vertices = (list: IceChartFeature[]) => list.reduce((n, f) => n + polysOf(f).flat().reduce((m, ring) => m + ring.length, 0), 0);
    expect(wire.map((f) => f.id)).toEqual(features.map((f) => f.id));
    expect(wire.map((f) => f.properties)).toEqual(features.map((f) => f.properties));
    expect(vertices(wire)).toBeLessThan(vertices(features) * 0.95);

    const reference = JSON.parse(execFileSync('/usr/bin/python3', [join(import.meta.dirname, 'chart-areas.py'), AARI.base], { encoding: 'utf8', maxBuffer: 1 << 26 })) as { area_km2: number }[];
    // As build-chart.test.ts holds the stored chart: 0.5 %, or 0.05 km² for slivers. The stored coordinates
    // (1e-4°) already put one sliver (3° of longitude, 31 km²) 1 % off: it is held to its stored outline instead.
    const within = (area: number, want: number) => Math.abs(area - want) <= Math.max(0.005 * want, 0.05);
    const areas = wire.map((f, k) => ({ id: f.id, wire: multiPolyAreaKm2(polysOf(f)), stored: multiPolyAreaKm2(polysOf(features[k])), want: reference[k].area_km2 }));
    expect(areas.filter((a) => within(a.stored, a.want) && !within(a.wire, a.want))).toEqual([]);
    expect(areas.filter((a) => !within(a.stored, a.want)).map((a) => a.id)).toEqual([139]);
    // And against the stored outline (which covers the sliver): the same 0.5 %.
    expect(areas.filter((a) => Math.abs(a.wire - a.stored) > 0.005 * a.stored)).toEqual([]);

    // Each vertex held by several rings (at the wire's step): kept in all of them or in none.
    const holders = new Map<string, { rings: number; kept: number }>();
    let ringIndex = 0;
    features.forEach((feature, k) => {
      const wireRings = polysOf(wire[k]).flat();
      polysOf(feature)
        .flat()
        .forEach((ring, r) => {
          ringIndex++;
          const kept = new Set(wireRings[r].map((p) => rounded(p, 1e3)));
          for (const key of new Set(ring.map((p) => rounded(p, 1e3)))) {
            const entry = holders.get(key) ?? { rings: 0, kept: 0 };
            entry.rings++;
            if (kept.has(key)) entry.kept++;
            holders.set(key, entry);
          }
        });
    });
    const shared = [...holders.values()].filter((h) => h.rings > 1);
    expect(ringIndex).toBeGreaterThan(342);
    expect(shared.length).toBeGreaterThan(10_000);
    expect(shared.filter((h) => h.kept !== 0 && h.kept !== h.rings)).toEqual([]);
  }, 120_000);
});
