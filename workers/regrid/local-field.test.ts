/**
 * The worker's localField (a local file on the map) on real fixtures, through ForecastService as the page
 * calls it: the file's own footprint grid, values in the product's units, and a clear Russian refusal for a
 * file whose grid cannot be placed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isProjectedGrid, type LatLonFieldGrid } from '../../common/field-grid.ts';
import type { LocalField } from '../forecast.api.ts';
import { ForecastService } from '../forecast-service.ts';
import { openNetcdf } from '../../netcdf/index.ts';

const fixture = (name: string) => {
  const bytes = readFileSync(new URL(`../../../shared/fixtures/netcdf/${name}`, import.meta.url));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

/** The sector's footprint grid of a local field (a lat/lon grid; the whole Arctic's is local-field-arctic.test.ts's). */
function footprint(field: LocalField): LatLonFieldGrid {
  expect(field.region).toBe('sector');
  if (isProjectedGrid(field.grid)) throw new Error('a sector field on a projected grid');
  return field.grid;
}

describe('localField', () => {
  it('OSI SAF EASE2 concentration: round the pole, 0–1, and 100 % ice near the pole in February', async () => {
    const service = new ForecastService();
    const meta = await service.open({ key: 'local:ease2', bytes: fixture('arctic/ice_conc_nh_ease2-250_cdr-v3p1_202002.nc') }, 'r1');
    const field = await service.localField(meta.key, 'ice_conc', 0);
    const grid = footprint(field);
    expect(field).toMatchObject({ quantity: 'concentration', units: '1', width: grid.nlon, height: grid.nlat });
    expect(grid.lon0).toBe(-180);
    expect(grid.nlon).toBeLessThanOrEqual(2048);
    expect(field.min).toBeGreaterThanOrEqual(0);
    expect(field.max).toBeLessThanOrEqual(1);
    const at = (lat: number, lon: number) => field.data[Math.round((lat - grid.lat0) / grid.dlat) * grid.nlon + Math.round((lon - grid.lon0) / grid.dlon)];
    expect(at(88, 0)).toBeGreaterThan(0.9);
    expect(at(60, 100)).toBeNaN(); // Siberia: land
  });

  it('a 3-D variable gives the chosen time step (ROMS hice, 5 days)', async () => {
    const service = new ForecastService();
    const meta = await service.open({ key: 'local:roms', bytes: fixture('arctic/Arctic20_1to5Feb_2016.nc') }, 'r2');
    const first = await service.localField(meta.key, 'hice', 0);
    const last = await service.localField(meta.key, 'hice', 4);
    expect(first.quantity).toBe('thickness');
    const grid = footprint(first);
    expect(grid.lon0).toBeLessThan(0); // the Barents/Fram domain: −10.75…52.19°E, no wrap
    expect(grid.lon0 + (grid.nlon - 1) * grid.dlon).toBeLessThan(60);
    expect(Array.from(first.data)).not.toEqual(Array.from(last.data));
  });

  it('a file whose grid cannot be placed is refused with the Russian reason (EASE-Grid 1.0 with no crs variable)', async () => {
    const service = new ForecastService();
    const meta = await service.open({ key: 'local:sit', bytes: fixture('arctic-more/sit_monthly_mean23.nc') }, 'r3');
    await expect(service.localField(meta.key, 'cdr_sea_ice_thickness', 0)).rejects.toMatchObject({
      name: 'RegridError',
      message: expect.stringMatching(/Проекция сетки не поддерживается: переменная проекции «crs».*отсутствует в файле/),
    });
  });

  it("reads the nansat file's grid_mapping attribute whole (its padding byte is '0', not NUL)", async () => {
    const dataset = await openNetcdf(new Uint8Array(fixture('arctic/arctic.nc')));
    expect(dataset.variable('Bootstrap').attributes.grid_mapping).toBe('polar_stereographic');
  });
});
