import { describe, expect, it } from 'vitest';
import type { Geometry, Position } from 'geojson';
import { onPole } from '../../common/lonlat-rings.ts';
import { loadOfflineLand } from './offline-basemap.ts';

/** Every outer ring of the land, with its longitude span and latitude range (degrees). */
function rings(geometry: Geometry): Position[][] {
  if (geometry.type === 'Polygon') return geometry.coordinates;
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat();
  return [];
}

describe('the offline land', () => {
  for (const detail of ['110m', '50m'] as const) {
    it(`${detail}: no ring jumps across 180°, so no island is filled as a band round the world`, async () => {
      const land = await loadOfflineLand(detail);
      const all = land.features.flatMap((feature) => rings(feature.geometry));
      for (const ring of all) {
        // Edges along the pole (a ring closed through it) are no jump: they run where the map is a point.
        const steps = ring.slice(1).flatMap(([lon, lat], i) => (onPole([lon, lat]) && onPole(ring[i]) ? [] : [Math.abs(lon - ring[i][0])]));
        expect(Math.max(...steps)).toBeLessThanOrEqual(180);
      }
      // Wrangel Island (about 71°N, 178.6°E–177.4°W) is one small polygon straddling 180°.
      const wrangel = all.find((ring) => ring.every(([, lat]) => lat > 70.5 && lat < 71.7) && ring.some(([lon]) => Math.abs(lon) > 179));
      expect(wrangel).toBeDefined();
      const lons = wrangel!.map(([lon]) => lon);
      expect(Math.max(...lons) - Math.min(...lons)).toBeLessThan(6);
      // Antarctica goes round the South Pole: closed through it.
      expect(all.some((ring) => ring.some(([, lat]) => lat === -90))).toBe(true);
    });
  }
});
