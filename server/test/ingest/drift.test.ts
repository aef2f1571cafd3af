/**
 * Drift from displacements, as OSI SAF's low-resolution drift product gives it: dX/dY in km along the axes of
 * its polar stereographic grid over 48 h. A file with the same displacement everywhere along +y: on that
 * projection (+lon_0=-45) the +y axis points along the bearing (λ + 45°) at longitude λ, so the archived drift
 * has speed 100 km / 48 h everywhere and a direction that turns with longitude; the same in the whole Arctic.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_VARIABLES } from '../../../common/forecast-file/variables.ts';
import { decodeStateFile } from '../../src/archive/forecast-file.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { SECTOR_GRID } from '../../src/grid/grid.ts';
import { encodeNetcdf3 } from '../../../netcdf/nc3/writer.ts';
import { sha256Of } from '../../src/ingest/fetch-file.ts';
import { ingestAnalysis } from '../../src/ingest/ingest-analysis.ts';
import { makeApp } from '../helpers.ts';
import { SMALL_ARCTIC } from '../regions/small-arctic.ts';
import type { Region } from '../../../common/regions/index.ts';

/** OSI SAF's NH 62.5 km drift grid: x −3750…3625 km, y 5750…−5250 km. */
function osisafLikeDrift(dxKm: number, dyKm: number): Uint8Array {
  const nx = 119;
  const ny = 177;
  const xc = Float64Array.from({ length: nx }, (_, i) => -3750 + 62.5 * i);
  const yc = Float64Array.from({ length: ny }, (_, j) => 5750 - 62.5 * j);
  const field = (value: number) => new Float32Array(nx * ny).fill(value);
  const displacement = (standardName: string, value: number) => ({
    type: 'float' as const,
    dimensions: ['time', 'yc', 'xc'],
    data: field(value),
    attributes: { standard_name: standardName, units: 'km', grid_mapping: 'Polar_Stereographic_Grid', _FillValue: Float32Array.of(-1e10) },
  });
  return encodeNetcdf3({
    format: 'classic',
    dimensions: [
      { name: 'time', size: 1 },
      { name: 'yc', size: ny },
      { name: 'xc', size: nx },
    ],
    attributes: { title: 'synthetic OSI SAF-like drift', history: '2026-11-24 made by the test' },
    variables: [
      { name: 'time', type: 'double', dimensions: ['time'], data: [Date.UTC(2026, 10, 20, 12) / 1000], attributes: { units: 'seconds since 1970-01-01 00:00:00', standard_name: 'time' } },
      { name: 'xc', type: 'double', dimensions: ['xc'], data: xc, attributes: { units: 'km', standard_name: 'projection_x_coordinate' } },
      { name: 'yc', type: 'double', dimensions: ['yc'], data: yc, attributes: { units: 'km', standard_name: 'projection_y_coordinate' } },
      {
        name: 'Polar_Stereographic_Grid',
        type: 'int',
        dimensions: [],
        data: Int32Array.of(0),
        attributes: {
          grid_mapping_name: 'polar_stereographic',
          straight_vertical_longitude_from_pole: -45,
          latitude_of_projection_origin: 90,
          standard_parallel: 70,
          proj4_string: '+proj=stere +a=6378273 +b=6356889.44891 +lat_0=90 +lat_ts=70 +lon_0=-45',
        },
      },
      { name: 'dX', ...displacement('sea_ice_x_displacement', dxKm) },
      { name: 'dY', ...displacement('sea_ice_y_displacement', dyKm) },
    ],
  });
}

/** 100 km along +y over 48 h everywhere, ingested into `regions` (the sector's alone by default). */
async function ingestDrift(regions?: Region[]) {
  const { app, dataDir } = await makeApp();
  const bytes = osisafLikeDrift(0, 100);
  const file = { source: '/test/drift.nc', name: 'drift.nc', bytes, sha256: sha256Of(bytes) };
  const result = await ingestAnalysis({ db: app.db, dataDir }, [{ product: 'osisaf_drift', file, names: { interval_hours: 48 } }], {
    datasetId: 'drift_test',
    sourceLabel: 'test',
    userId: null,
    regions,
  });
  return { dataDir, result };
}

describe('drift from grid-relative displacements', () => {
  it('is turned into speed over the interval and the bearing of the grid’s axis at each longitude', async () => {
    const { dataDir, result } = await ingestDrift();
    expect(result.date).toBe('2026-11-20');
    expect(result.inputs[0].variables).toEqual(['dX', 'dY']);
    const fileBytes = new Uint8Array(readFileSync(join(dataDir, result.record.path)));
    // The file's own speed and direction (decodeStateFile turns them back into u/v).
    const file = new Nc3Dataset(fileBytes);
    const speed = file.read(FILE_VARIABLES.speed, 0);
    const direction = file.read(FILE_VARIABLES.direction, 0);
    const expectedSpeed = 100_000 / (48 * 3600); // m/s
    let checked = 0;
    for (const [lat, lon] of [
      [70, 55],
      [75, 80],
      [80, 100],
      [85, 60],
      [88, 110],
    ]) {
      const k = Math.round((lat - SECTOR_GRID.lat0) / SECTOR_GRID.dlat) * SECTOR_GRID.nlon + Math.round((lon - SECTOR_GRID.lon0) / SECTOR_GRID.dlon);
      if (!Number.isFinite(speed[k])) continue; // land
      checked++;
      // A rotation keeps the length (speed kept to 1 mm/s by bit rounding).
      // Vectors are turned to east/north at the source cells, then interpolated: near the pole, where a 62.5 km
      // cell spans many degrees of longitude, the four neighbours point in directions some degrees apart and
      // their mean is slightly shorter (0.9 % at 88°N). Elsewhere the speed is kept to bit rounding (0.5 mm/s).
      expect(Math.abs(speed[k] / expectedSpeed - 1)).toBeLessThan(lat >= 87 ? 0.015 : 0.002);
      const bearing = (direction[k] * 180) / Math.PI;
      expect(Math.abs(bearing - (lon + 45))).toBeLessThan(lat >= 87 ? 1 : 0.1);
    }
    expect(checked).toBe(5);
    // No concentration or thickness in a drift product.
    const { state } = decodeStateFile(fileBytes, 0);
    expect(state.concentration.every(Number.isNaN)).toBe(true);
  }, 60_000);
});

describe('drift from grid-relative displacements in the whole Arctic', () => {
  it('is stored as a bearing from true north on the arctic plane too (a coarse arctic grid: a region is a value)', async () => {
    const { dataDir, result } = await ingestDrift([SMALL_ARCTIC]);
    expect(result.records.map((record) => record.path)).toEqual(['forecast-data/analysis/drift_test/2026-11-20.arctic.nc']);
    const file = new Nc3Dataset(new Uint8Array(readFileSync(join(dataDir, result.records[0].path))));
    const speed = file.read(FILE_VARIABLES.speed, 0);
    const direction = file.read(FILE_VARIABLES.direction, 0);
    const lon = file.read('longitude');
    const lat = file.read('latitude');
    const expectedSpeed = 100_000 / (48 * 3600); // m/s
    let checked = 0;
    for (let k = 0; k < speed.length; k++) {
      // Away from the pole, where the 62.5 km source cells span few degrees of longitude (see the sector's case).
      if (!Number.isFinite(speed[k]) || lat[k] > 86) continue;
      checked++;
      expect(Math.abs(speed[k] / expectedSpeed - 1), `speed at ${lon[k]}, ${lat[k]}`).toBeLessThan(0.002);
      // Bearing of the grid's +y axis at longitude λ: λ + 45°, whatever the arctic plane's own axes.
      const turn = ((((direction[k] * 180) / Math.PI - (lon[k] + 45)) % 360) + 540) % 360 - 180;
      // 0.1° as in the sector (interpolating vectors of neighbouring cells); further south more: the regridder takes
      // the axes' bearings on the sphere from geodetic latitudes (common/regrid/vectors.ts), off by up to e²·cos²φ / 2
      // rad on the WGS 84 ellipsoid (0.03° at 75°N, 0.14° at 32°N), plus packing (0.006°).
      const allowed = Math.max(0.1, ((0.00669438 * Math.cos((lat[k] * Math.PI) / 180) ** 2) / 2) * (180 / Math.PI) + 0.02);
      expect(Math.abs(turn), `bearing at ${lon[k]}, ${lat[k]}`).toBeLessThan(allowed);
    }
    // The coarse grid's sea cells inside the product's grid (Greenland, Canada and Siberia are land).
    expect(checked).toBeGreaterThan(2000);
  }, 60_000);
});
