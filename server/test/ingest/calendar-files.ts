/**
 * Files for the CF calendar tests: the real CMIP6 CanESM5 file (365_day, by path in the shared fixtures) and
 * small synthetic concentration files on a regular lat/lon grid over the Kara Sea with a time axis in any
 * units and calendar.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fixturesDir } from '../../../workers/netcdf/test/fixture-paths.ts';
import { encodeNetcdf3 } from '../../../workers/netcdf/nc3/writer.ts';

export const CANESM5 = 'sic_SImon_CCCma-CanESM5_ssp245_r13i1p2f1_2020.nc';
export const canesm5Bytes = (): Buffer => readFileSync(resolve(fixturesDir, 'arctic-more', CANESM5));

/** Concentration 0.8 (one value per step: 0.5 + step / 10 … so steps can be told apart) on 70–85°N, 50–110°E, 1°. */
export function calendarFile(time: { units: string; calendar?: string; values: number[] }): Uint8Array {
  const lat = Float64Array.from({ length: 16 }, (_, j) => 70 + j);
  const lon = Float64Array.from({ length: 61 }, (_, i) => 50 + i);
  const cells = lat.length * lon.length;
  const siconc = new Float32Array(cells * time.values.length);
  for (let t = 0; t < time.values.length; t++) siconc.fill(0.5 + t / 10, t * cells, (t + 1) * cells);
  return encodeNetcdf3({
    format: 'classic',
    dimensions: [
      { name: 'time', size: time.values.length },
      { name: 'lat', size: lat.length },
      { name: 'lon', size: lon.length },
    ],
    attributes: { title: 'synthetic model-calendar concentration' },
    variables: [
      {
        name: 'time',
        type: 'double',
        dimensions: ['time'],
        data: time.values,
        attributes: { units: time.units, standard_name: 'time', ...(time.calendar ? { calendar: time.calendar } : {}) },
      },
      { name: 'lat', type: 'double', dimensions: ['lat'], data: lat, attributes: { units: 'degrees_north', standard_name: 'latitude' } },
      { name: 'lon', type: 'double', dimensions: ['lon'], data: lon, attributes: { units: 'degrees_east', standard_name: 'longitude' } },
      { name: 'siconc', type: 'float', dimensions: ['time', 'lat', 'lon'], data: siconc, attributes: { units: '1', standard_name: 'sea_ice_area_fraction' } },
    ],
  });
}
