import { describe, expect, it } from 'vitest';
import { FORECAST_GRID } from '../forecast-file/grid.ts';
import { cellIndexAt } from '../regular-grid.ts';
// pyproj's answers on EPSG:3413 (reference/make-reference.py).
import expected from './reference/expected.json' with { type: 'json' };
import { REGIONS, UnknownRegionError, cellCentre, parseRegion, regionById, regionCellAt, regionLonLat, regionSummary, toRegionPlane } from './index.ts';


/** Great-circle distance in metres (sphere of 6371 km): how far apart two answers put a point. */
function metresApart(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const r = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371000 * Math.asin(Math.sqrt(h));
}

describe('regions', () => {
  it('lists the sector first, then the whole Arctic, with the names the sidebar shows', () => {
    expect(REGIONS.map((r) => [r.id, r.name, r.crs])).toEqual([
      ['sector', 'Карское море и море Лаптевых', 'EPSG:4326'],
      ['arctic', 'Арктика целиком', 'EPSG:3413'],
    ]);
  });

  it('keeps the spec grid as the sector, with its cell edges as bounds', () => {
    const sector = regionById('sector');
    expect(sector.kind === 'latlon' && sector.grid).toEqual(FORECAST_GRID);
    expect(regionSummary(sector)).toEqual({
      id: 'sector',
      name: 'Карское море и море Лаптевых',
      crs: 'EPSG:4326',
      shape: [480, 1301],
      bounds: [49.975, 66, 115.025, 90],
      extent: [49.975, 66, 115.025, 90],
    });
  });

  it('puts the arctic grid on 6.25 km cells between the edges of the NSIDC grid', () => {
    const arctic = regionById('arctic');
    expect(regionSummary(arctic)).toEqual({
      id: 'arctic',
      name: 'Арктика целиком',
      crs: 'EPSG:3413',
      shape: [1792, 1216],
      bounds: [-180, 30.97, 180, 90],
      extent: [-3_850_000, -5_350_000, 3_750_000, 5_850_000],
    });
    if (arctic.kind !== 'projected') throw new Error('arctic is projected');
    expect(arctic.grid).toMatchObject({ x0: -3_846_875, dx: 6250, nx: 1216, y0: 5_846_875, dy: -6250, ny: 1792 });
  });

  it('places arctic cell centres where pyproj does (within a centimetre)', () => {
    const arctic = regionById('arctic');
    for (const c of expected.cells) {
      const [lon, lat] = cellCentre(arctic, c.i, c.j);
      expect(metresApart(lon, lat, c.lon, c.lat), `cell ${c.i},${c.j}`).toBeLessThan(0.01);
      const [x, y] = toRegionPlane(arctic, c.lon, c.lat);
      expect(Math.hypot(x - c.x, y - c.y)).toBeLessThan(0.01);
    }
  });

  it('finds the arctic cell holding a point as pyproj does, across 180° and at the pole, -1 outside', () => {
    const arctic = regionById('arctic');
    for (const p of expected.points) expect(regionCellAt(arctic, p.lon, p.lat), `${p.lon}, ${p.lat}`).toBe(p.index);
    expect(expected.points.filter((p) => p.index === -1).length).toBeGreaterThan(0);
    expect(regionCellAt(arctic, 0, 91)).toBe(-1);
    expect(regionCellAt(arctic, NaN, 80)).toBe(-1);
  });

  it('answers the sector cell at a point by the spec grid rule', () => {
    const sector = regionById('sector');
    for (const [lon, lat] of [[57.8, 70.4], [115.02, 89.99], [49.98, 66.001], [120, 75], [80, 65.9]]) {
      expect(regionCellAt(sector, lon, lat)).toBe(cellIndexAt(FORECAST_GRID, lon, lat));
    }
    expect(regionCellAt(sector, 120, 75)).toBe(-1);
    expect(cellCentre(sector, 0, 479)).toEqual([50, 66.025 + 479 * 0.05]);
  });

  it('gives every cell centre its own cell back', () => {
    for (const region of REGIONS) {
      const [ny, nx] = region.shape;
      for (const [i, j] of [[0, 0], [nx - 1, ny - 1], [nx >> 1, ny >> 1], [17, ny - 3]]) {
        const [lon, lat] = cellCentre(region, i, j);
        expect(regionCellAt(region, lon, lat), `${region.id} ${i},${j}`).toBe(j * nx + i);
      }
    }
  });

  it('lays out the 2-D longitude/latitude of the sector row-major', () => {
    const { lon, lat } = regionLonLat(regionById('sector'));
    expect(lon.length).toBe(480 * 1301);
    expect([lon[1301 + 2], lat[1301 + 2]]).toEqual([50 + 2 * 0.05, 66.025 + 0.05]);
  });

  it('parses region ids: none is the sector, an unknown one is refused with a message for the caller', () => {
    expect(parseRegion(undefined).id).toBe('sector');
    expect(parseRegion('arctic').id).toBe('arctic');
    expect(() => parseRegion('antarctic')).toThrow(UnknownRegionError);
    expect(() => parseRegion('antarctic')).toThrow('Unknown region "antarctic": expected one of sector, arctic');
    expect(() => parseRegion('')).toThrow(UnknownRegionError);
    expect(() => parseRegion(3)).toThrow('Unknown region "3"');
  });
});
