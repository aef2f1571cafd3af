/**
 * A local file opened while the map shows 'Арктика целиком': regridded onto region `arctic`'s own grid (EPSG:3413,
 * 6.25 km, 1216 × 1792), through ForecastService as the page calls it. Expected values from netCDF4-python +
 * pyproj, independent of this code (common/regrid/reference/arctic-points.py): the point's arctic cell, that
 * cell's centre in the file's own projection (its `proj4text`, Hughes 1980 ellipsoid) and the nearest source
 * cell's value as netCDF4-python unpacks and masks it. The readout (common/field-grid.ts's lookup) must give the
 * same number at the point.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fieldCellAt, isProjectedGrid, type FieldGrid } from '../../common/field-grid.ts';
import { regionById, type ProjectedRegion } from '../../common/regions/index.ts';
import { ForecastService } from '../forecast-service.ts';

const FIXTURES = new URL('../../../shared/fixtures/netcdf/', import.meta.url);
const fixture = (name: string) => {
  const bytes = readFileSync(new URL(name, FIXTURES));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};
const arctic = regionById('arctic') as ProjectedRegion;

/** What the hover readout reads at (lon, lat): the value of the cell holding the point, null when NaN or outside. */
function readout(field: { grid: FieldGrid; data: Float32Array }, lon: number, lat: number): number | null {
  const cell = fieldCellAt(field.grid, lon, lat);
  return cell >= 0 && Number.isFinite(field.data[cell]) ? field.data[cell] : null;
}

/** netCDF4-python + pyproj's answer for each [lon, lat] (the script's docstring says how). */
const REFERENCE = fileURLToPath(new URL('../../common/regrid/reference/arctic-points.py', import.meta.url));

interface Expected {
  row: number;
  col: number;
  value: number | null;
  target_margin: number;
  source_margin: number;
  uniform: boolean;
}

describe("a local file with 'Арктика целиком' chosen", () => {
  it('NSIDC CDR 25 km (EPSG:3411): on the arctic grid, each value and readout equal to netCDF4-python + pyproj', { timeout: 120_000 }, async () => {
    const file = 'arctic-more/seaice_conc_daily_nh_20211231_f17_v04r00.nc';
    const service = new ForecastService();
    const meta = await service.open({ key: 'local:nsidc', bytes: fixture(file) }, 'a1');
    const field = await service.localField(meta.key, 'cdr_seaice_conc', 0, 'arctic');
    expect(field).toMatchObject({ region: 'arctic', width: 1216, height: 1792, quantity: 'concentration', units: '1' });
    expect(isProjectedGrid(field.grid)).toBe(true);
    expect(field.grid).toMatchObject({ ...arctic.grid, kind: 'projected' });
    // The pole, the East Siberian and Chukchi Seas across 180°, the Beaufort Sea, the Barents Sea's open water,
    // the Greenland Sea, Svalbard's ice edge, Siberia (land) and the Canadian Arctic Archipelago.
    const points: [number, number][] = [[0, 88], [160, 74], [-170, 72], [-150, 74], [40, 76], [5, 72], [30, 80], [150, 75], [100, 66], [-100, 75]];
    const path = fileURLToPath(new URL(file, FIXTURES));
    const expected = JSON.parse(execFileSync('/usr/bin/python3', [REFERENCE, path, 'cdr_seaice_conc', 'xgrid', 'ygrid', JSON.stringify(points)], { encoding: 'utf8' })) as Expected[];
    let withValue = 0;
    expected.forEach((want, k) => {
      const [lon, lat] = points[k];
      const where = `${lat}°N ${lon}°E`;
      // The reference's nearest source cell is unambiguous: the arctic centre lies ≥ 0.1 of a 25 km cell inside it.
      expect(want.source_margin, where).toBeGreaterThan(0.1);
      const got = field.data[want.row * 1216 + want.col];
      if (want.value === null) expect(got, where).toBeNaN();
      else expect(got, where).toBeCloseTo(want.value, 6);
      // The readout under the point: the same cell where pyproj puts the point well inside it (≥ 60 m from an edge).
      if (want.target_margin > 0.01) {
        expect(fieldCellAt(field.grid, lon, lat), where).toBe(want.row * 1216 + want.col);
        const read = readout(field, lon, lat);
        if (want.value === null) expect(read, where).toBeNull();
        else expect(read, where).toBeCloseTo(want.value, 6);
      }
      if (want.value !== null) withValue++;
    });
    expect(withValue).toBeGreaterThanOrEqual(6);
  });

  it('CMIP6 CanESM5 on the ORCA grid: the pole has a value on the arctic grid, and the same file in the sector keeps its own footprint', { timeout: 120_000 }, async () => {
    const service = new ForecastService();
    const meta = await service.open({ key: 'local:canesm5', bytes: fixture('arctic-more/sic_SImon_CCCma-CanESM5_ssp245_r13i1p2f1_2020.nc') }, 'a2');
    const field = await service.localField(meta.key, 'siconc', 0, 'arctic');
    expect(field).toMatchObject({ region: 'arctic', width: 1216, height: 1792 });
    // January 2020 in CanESM5: the central Arctic is ice-covered, up to the pole (the north fold closed).
    for (const [lon, lat] of [[0, 90], [120, 89.5], [-60, 89.5], [90, 85]] as const) {
      expect(readout(field, lon, lat), `${lat}°N ${lon}°E`).toBeGreaterThan(0.9);
    }
    const sector = await service.localField(meta.key, 'siconc', 0);
    expect(sector.region).toBe('sector');
    expect(isProjectedGrid(sector.grid)).toBe(false);
  });

  it('a regional file (ROMS, Barents Sea and Fram Strait) lands on its part of the arctic grid, nothing elsewhere', async () => {
    const service = new ForecastService();
    const meta = await service.open({ key: 'local:roms', bytes: fixture('arctic/Arctic20_1to5Feb_2016.nc') }, 'a3');
    const field = await service.localField(meta.key, 'hice', 0, 'arctic');
    expect(field).toMatchObject({ region: 'arctic', width: 1216, height: 1792, quantity: 'thickness' });
    expect(Number.isFinite(field.min)).toBe(true);
    let valid = 0;
    for (const value of field.data) if (Number.isFinite(value)) valid++;
    // About 46 000 cells of 6.25 km (the domain's sea), far from the 2.2 M of the grid.
    expect(valid).toBeGreaterThan(20_000);
    expect(valid).toBeLessThan(100_000);
    expect(readout(field, 160, 74)).toBeNull(); // East Siberian Sea: outside the file
  });
});
