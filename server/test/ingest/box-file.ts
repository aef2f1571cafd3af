/** A small synthetic analysis file over any latitude/longitude box, to place data inside one region or neither. */
import { encodeNetcdf3 } from '../../../netcdf/nc3/writer.ts';

/** Concentration 0.7 on a 0.5° lat/lon box (no time axis: the import's date names the day). */
export function latLonFile(box: { south: number; north: number; west: number; east: number }): Uint8Array {
  const lat = Float64Array.from({ length: (box.north - box.south) * 2 + 1 }, (_, j) => box.south + j / 2);
  const lon = Float64Array.from({ length: (box.east - box.west) * 2 + 1 }, (_, i) => box.west + i / 2);
  return encodeNetcdf3({
    format: 'classic',
    dimensions: [
      { name: 'lat', size: lat.length },
      { name: 'lon', size: lon.length },
    ],
    attributes: { title: 'synthetic concentration box' },
    variables: [
      { name: 'lat', type: 'double', dimensions: ['lat'], data: lat, attributes: { units: 'degrees_north', standard_name: 'latitude' } },
      { name: 'lon', type: 'double', dimensions: ['lon'], data: lon, attributes: { units: 'degrees_east', standard_name: 'longitude' } },
      {
        name: 'siconc',
        type: 'float',
        dimensions: ['lat', 'lon'],
        data: new Float32Array(lat.length * lon.length).fill(0.7),
        attributes: { units: '1', standard_name: 'sea_ice_area_fraction' },
      },
    ],
  });
}
