import { describe, expect, it } from 'vitest';
import type { ContourLines, ProjectedFieldGrid, RegularGrid } from '../forecast.api.ts';
import { fieldGridOfPlanar } from '../../common/field-grid.ts';
import { NSIDC_NORTH, polarForward } from '../../common/polar-stereographic.ts';
import { regionById } from '../../common/regions/index.ts';
import { contourLines } from './contour.ts';

/** Paths as arrays of [lon, lat]. */
function paths(lines: ContourLines): [number, number][][] {
  const total = lines.coordinates.length / 2;
  return Array.from(lines.starts, (start, p) => {
    const end = p + 1 < lines.starts.length ? lines.starts[p + 1] : total;
    const path: [number, number][] = [];
    for (let k = start; k < end; k++) path.push([lines.coordinates[2 * k], lines.coordinates[2 * k + 1]]);
    return path;
  });
}

/** Column/row (fractional) of a longitude/latitude on the grid: cell centres are whole numbers. */
function toCell(grid: RegularGrid, [lon, lat]: [number, number]): [number, number] {
  return [(lon - grid.lon0) / grid.dlon, (lat - grid.lat0) / grid.dlat];
}

describe('contour lines', () => {
  it('puts the 15 % line of a cone on its circle, within a quarter cell, as one closed ring', () => {
    // Rows run southwards (dlat < 0) as in the server's files; 0.05° cells like theirs.
    const grid: RegularGrid = { lon0: 60, dlon: 0.05, nlon: 120, lat0: 85, dlat: -0.05, nlat: 90 };
    const [ci, cj, radius] = [57.3, 41.6, 30.4]; // centre and radius in cells
    const data = new Float32Array(grid.nlon * grid.nlat);
    for (let j = 0; j < grid.nlat; j++) {
      for (let i = 0; i < grid.nlon; i++) data[j * grid.nlon + i] = 0.15 + 0.02 * (radius - Math.hypot(i - ci, j - cj));
    }
    const lines = paths(contourLines(data, grid, 0.15));
    expect(lines).toHaveLength(1);
    const ring = lines[0];
    expect(ring[ring.length - 1]).toEqual(ring[0]);
    const angles = new Set<number>();
    for (const point of ring) {
      const [i, j] = toCell(grid, point);
      expect(Math.abs(Math.hypot(i - ci, j - cj) - radius)).toBeLessThan(0.25);
      angles.add(Math.floor(((Math.atan2(j - cj, i - ci) + Math.PI) / (2 * Math.PI)) * 36));
    }
    // The ring goes all the way round: every 10° sector has vertices.
    expect(angles.size).toBe(36);
  });

  it('ends the edge at the coast and the grid border instead of running along them', () => {
    const grid: RegularGrid = { lon0: 50, dlon: 1, nlon: 40, lat0: 70, dlat: 1, nlat: 50 };
    const data = new Float32Array(grid.nlon * grid.nlat);
    for (let j = 0; j < grid.nlat; j++) {
      for (let i = 0; i < grid.nlon; i++) {
        // Ice (1.0) west of column 20, open water (0) east of it, land (NaN) from row 30 on.
        data[j * grid.nlon + i] = j >= 30 ? Number.NaN : i < 20 ? 1 : 0;
      }
    }
    // A lake of missing values inside the ice makes no line either.
    data[10 * grid.nlon + 5] = Number.NaN;
    const lines = paths(contourLines(data, grid, 0.15));
    expect(lines).toHaveLength(1);
    const rows = lines[0].map((point) => {
      const [i, j] = toCell(grid, point);
      // Linear between the cell centres of columns 19 (1.0) and 20 (0): 0.15 at 19.85.
      expect(i).toBeCloseTo(19.85, 9);
      return j;
    });
    expect(Math.min(...rows)).toBe(0);
    expect(Math.max(...rows)).toBe(29);
    expect(new Set(rows).size).toBe(30);
  });

  it('has no line where the field never crosses the level', () => {
    const grid: RegularGrid = { lon0: 0, dlon: 1, nlon: 4, lat0: 0, dlat: 1, nlat: 3 };
    const lines = contourLines(new Float32Array(12).fill(0.9), grid, 0.15);
    expect(lines.starts.length).toBe(0);
    expect(lines.coordinates.length).toBe(0);
  });
});

describe('contour lines on a polar stereographic grid', () => {
  const region = regionById('arctic');
  if (region.kind !== 'projected') throw new Error('arctic is projected');
  // A window of the arctic grid around the pole (at its cell 55.5, 55.5): 120 × 160 cells of 6.25 km.
  const full = fieldGridOfPlanar(region.grid)!;
  const grid: ProjectedFieldGrid = { ...full, x0: full.x0 + 560 * full.dx, nx: 120, y0: full.y0 + 880 * full.dy, ny: 160 };

  it('puts each vertex where the level lies between two cells of the plane, projected back as pyproj would', () => {
    // Values grow with the column: the 0.15 line runs along column 37.4 of the window, a straight line x = const.
    const data = new Float32Array(grid.nx * grid.ny);
    for (let j = 0; j < grid.ny; j++) for (let i = 0; i < grid.nx; i++) data[j * grid.nx + i] = 0.15 + 0.01 * (i - 37.4);
    const lines = paths(contourLines(data, grid, 0.15));
    expect(lines).toHaveLength(1);
    expect(lines[0].length).toBe(grid.ny);
    const lineX = grid.x0 + 37.4 * grid.dx;
    for (const [lon, lat] of lines[0]) {
      const [x] = polarForward(NSIDC_NORTH, lon, lat);
      expect(Math.abs(x - lineX)).toBeLessThan(0.01);
    }
  });

  it('keeps a line crossing 180° continuous (no jump from +180° to −180°)', () => {
    // A ring round the pole, 400 km across: it crosses 180° and every other meridian.
    const data = new Float32Array(grid.nx * grid.ny);
    const [px, py] = [-grid.x0 / grid.dx, -grid.y0 / grid.dy]; // the pole in cells
    for (let j = 0; j < grid.ny; j++) for (let i = 0; i < grid.nx; i++) data[j * grid.nx + i] = 32 - Math.hypot(i - px, j - py);
    const lines = paths(contourLines(data, grid, 0));
    expect(lines).toHaveLength(1);
    const ring = lines[0];
    let span = 0;
    for (let k = 1; k < ring.length; k++) {
      expect(Math.abs(ring[k][0] - ring[k - 1][0])).toBeLessThan(10);
      span += ring[k][0] - ring[k - 1][0];
    }
    // Once round the pole: 360° of longitude in all.
    expect(Math.abs(span)).toBeCloseTo(360, 6);
    for (const [, lat] of ring) expect(lat).toBeGreaterThan(88);
  });
});
