import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { fieldCellAt, fieldCellCoordinates, fieldGridOfPlanar, fieldPointAt, fromGridAxes, gridShape, polarStereographicOfProj4, toGridAxes, type FieldGrid } from './field-grid.ts';
import { NSIDC_NORTH, polarForward, polarInverse } from './polar-stereographic.ts';
import { EPSG_3413, regionById } from './regions/index.ts';
// pyproj's answers on EPSG:3413 (regions/reference/make-reference.py).
import expected from './regions/reference/expected.json' with { type: 'json' };

const arcticRegion = regionById('arctic');
if (arcticRegion.kind !== 'projected') throw new Error('arctic is projected');
const arctic = fieldGridOfPlanar(arcticRegion.grid)!;
const sector: FieldGrid = { lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 };

describe('the polar stereographic plane written out (EPSG:3413)', () => {
  it('reads EPSG:3413 from its proj4 string', () => {
    expect(polarStereographicOfProj4(EPSG_3413)).toEqual(NSIDC_NORTH);
    expect(polarStereographicOfProj4('+proj=stere +lat_0=-90 +lat_ts=-70 +lon_0=0 +datum=WGS84')).toBeNull();
    expect(polarStereographicOfProj4('+proj=laea +lat_0=90 +lon_0=0 +datum=WGS84')).toBeNull();
    expect(arctic).toMatchObject({ kind: 'projected', x0: -3_846_875, dx: 6250, nx: 1216, y0: 5_846_875, dy: -6250, ny: 1792 });
    expect(gridShape(arctic)).toEqual({ width: 1216, height: 1792 });
    expect(gridShape(sector)).toEqual({ width: 1301, height: 480 });
  });

  it('projects and inverts as pyproj does, to a millimetre', () => {
    for (const c of expected.cells) {
      const [x, y] = polarForward(NSIDC_NORTH, c.lon, c.lat);
      expect(Math.hypot(x - c.x, y - c.y), `cell ${c.i},${c.j}`).toBeLessThan(1e-3);
      const [lon, lat] = polarInverse(NSIDC_NORTH, c.x, c.y);
      expect(lat).toBeCloseTo(c.lat, 9);
      expect(lon).toBeCloseTo(c.lon, 9);
    }
    for (const p of expected.points) {
      const [x, y] = polarForward(NSIDC_NORTH, p.lon, p.lat);
      expect(Math.hypot(x - p.x, y - p.y), `point ${p.lon},${p.lat}`).toBeLessThan(1e-3);
    }
  });

  it('agrees with proj4 where the scale is true at the pole itself', () => {
    const text = '+proj=stere +lat_0=90 +lat_ts=90 +lon_0=0 +x_0=1000 +y_0=-2000 +datum=WGS84 +units=m';
    const projection = polarStereographicOfProj4(text)!;
    for (const [lon, lat] of [[10, 80], [-120, 60], [170, 89.5]]) {
      const [x, y] = polarForward(projection, lon, lat);
      const [px, py] = proj4(text, [lon, lat]);
      expect(Math.hypot(x - px, y - py)).toBeLessThan(1e-3);
    }
  });
});

describe('a field grid', () => {
  it('finds the cell pyproj puts each point in, on both sides of 180° and at the pole', () => {
    for (const p of expected.points) {
      expect(fieldCellAt(arctic, p.lon, p.lat), `point ${p.lon},${p.lat}`).toBe(p.index);
    }
    expect(fieldCellAt(arctic, 0, -10)).toBe(-1);
  });

  it('gives cell centres back from their cell coordinates, as pyproj places them', () => {
    for (const c of expected.cells) {
      const [lon, lat] = fieldPointAt(arctic, c.i, c.j);
      expect(lat).toBeCloseTo(c.lat, 9);
      expect(lon).toBeCloseTo(c.lon, 9);
      const [fi, fj] = fieldCellCoordinates(arctic, c.lon, c.lat)!;
      expect(fi).toBeCloseTo(c.i, 6);
      expect(fj).toBeCloseTo(c.j, 6);
    }
  });

  it('keeps a lat/lon grid as it was', () => {
    expect(fieldCellAt(sector, 50, 66.025)).toBe(0);
    expect(fieldCellAt(sector, 50.06, 66.08)).toBe(1301 + 1);
    expect(fieldPointAt(sector, 2, 3)).toEqual([50.1, 66.025 + 0.15000000000000002]);
    expect(toGridAxes(sector, 100, 0.3, -0.2)).toEqual([0.3, -0.2]);
  });

  it('turns drift from true north to the grid axes as a step northward moves in the plane', () => {
    // A small step north (or east) at each longitude, projected: its direction in the plane is where the grid
    // axes must point a drift towards true north (or east).
    for (const lon of [-45, 0, 90, 135, 179.9, -179.9, -100]) {
      const lat = 75;
      const [x0, y0] = polarForward(NSIDC_NORTH, lon, lat);
      const [xn, yn] = polarForward(NSIDC_NORTH, lon, lat + 1e-4);
      const [gx, gy] = toGridAxes(arctic, lon, 0, 1);
      const norm = Math.hypot(xn - x0, yn - y0);
      expect(gx).toBeCloseTo((xn - x0) / norm, 5);
      expect(gy).toBeCloseTo((yn - y0) / norm, 5);
      const [xe, ye] = polarForward(NSIDC_NORTH, lon + 1e-4, lat);
      const [ex, ey] = toGridAxes(arctic, lon, 1, 0);
      const eastNorm = Math.hypot(xe - x0, ye - y0);
      expect(ex).toBeCloseTo((xe - x0) / eastNorm, 5);
      expect(ey).toBeCloseTo((ye - y0) / eastNorm, 5);
      const [u, v] = fromGridAxes(arctic, lon, ...toGridAxes(arctic, lon, 0.3, -0.4));
      expect(u).toBeCloseTo(0.3, 12);
      expect(v).toBeCloseTo(-0.4, 12);
    }
  });
});
