/**
 * Cell areas and great-circle distances on the sphere the verification scores use (R = 6371.0 km).
 * On a regular latitude/longitude grid a cell's area depends only on its row:
 *   A = R² · Δλ · (sin(φ + Δφ/2) − sin(φ − Δφ/2)),  angles in radians, φ the cell centre's latitude.
 */
import type { RegularGrid } from '../regular-grid.ts';

/** Mean Earth radius of the scores, km. */
export const EARTH_RADIUS_KM = 6371.0;

const RAD = Math.PI / 180;
const clampLat = (deg: number) => Math.max(-90, Math.min(90, deg));

/** Area of one cell of row j, km² (every column of a row has the same area). */
export function cellAreaKm2(grid: RegularGrid, row: number): number {
  const lat = grid.lat0 + row * grid.dlat;
  const half = Math.abs(grid.dlat) / 2;
  const band = Math.sin(clampLat(lat + half) * RAD) - Math.sin(clampLat(lat - half) * RAD);
  return EARTH_RADIUS_KM * EARTH_RADIUS_KM * Math.abs(grid.dlon) * RAD * band;
}

/** The area of a cell of each row, km² (length nlat). */
export function rowAreasKm2(grid: RegularGrid): Float64Array {
  return Float64Array.from({ length: grid.nlat }, (_, j) => cellAreaKm2(grid, j));
}

/** Great-circle distance between two points (degrees), km; haversine, exact for short and long arcs alike. */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
