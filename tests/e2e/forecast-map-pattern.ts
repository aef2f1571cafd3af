/**
 * A forecast file with a known pattern, written by the server's own NetCDF-3 writer on the server's grid
 * (0.05°, 50–115°E, 66.025–89.975°N): thickness and concentration change in blocks of 5° of longitude by 2° of
 * latitude and with the lead time, some blocks are NaN, and the drift is a uniform 0.1 m/s eastward.
 * Values are multiples of 0.25, which the writer's bit rounding keeps exactly.
 */
import { encodeStateFile } from '../../server/src/archive/forecast-file.ts';
import { SECTOR_GRID } from '../../server/src/grid/grid.ts';
import type { IceState } from '../../server/src/grid/ice-state.ts';

export const PATTERN_GRID = SECTOR_GRID;

/** Block indices of the cell containing (lat, lon): 5° of longitude from 50°E, 2° of latitude from 66°N. */
function block(lat: number, lon: number): { bi: number; bj: number; i: number; j: number } {
  const g = PATTERN_GRID;
  const i = Math.floor((lon - (g.lon0 - g.dlon / 2)) / g.dlon);
  const j = Math.floor((lat - (g.lat0 - g.dlat / 2)) / g.dlat);
  const lonC = g.lon0 + i * g.dlon;
  const latC = g.lat0 + j * g.dlat;
  return { bi: Math.floor((lonC - 50 + 1e-6) / 5), bj: Math.floor((latC - 66 + 1e-6) / 2), i, j };
}

/** Sea-ice thickness (m) of the pattern at a place and lead index; NaN in every seventh block. */
export function patternThickness(lat: number, lon: number, lead: number): number {
  const { bi, bj } = block(lat, lon);
  if ((bi + bj) % 7 === 6) return Number.NaN;
  return ((bi * 3 + bj * 5) % 9) * 0.5 + lead * 0.25;
}

/** Sea-ice concentration (0–1) of the pattern: quarter steps by block. */
export function patternConcentration(lat: number, lon: number, lead: number): number {
  const { bi, bj } = block(lat, lon);
  return ((bi + 2 * bj + lead) % 5) * 0.25;
}

export function writePatternFile(date: string, assimilated = false): Uint8Array {
  const g = PATTERN_GRID;
  const states: IceState[] = [0, 1, 2].map((lead) => {
    const n = g.nlat * g.nlon;
    const state: IceState = {
      grid: g,
      thickness: new Float32Array(n),
      concentration: new Float32Array(n),
      u: new Float32Array(n).fill(0.1),
      v: new Float32Array(n),
    };
    for (let j = 0; j < g.nlat; j++) {
      for (let i = 0; i < g.nlon; i++) {
        const lat = g.lat0 + j * g.dlat;
        const lon = g.lon0 + i * g.dlon;
        state.thickness[j * g.nlon + i] = patternThickness(lat, lon, lead);
        state.concentration[j * g.nlon + i] = patternConcentration(lat, lon, lead);
      }
    }
    return state;
  });
  return encodeStateFile(states, {
    kind: assimilated ? 'assim_forecast' : 'forecast',
    date,
    model: 'pattern',
    assimilated,
    source: 'known test pattern',
    leadHours: [24, 48, 72],
  });
}

/** Finite minimum and maximum of a pattern variable at a lead, over every cell (the colour range). */
export function patternRange(pattern: (lat: number, lon: number, lead: number) => number, lead: number): [number, number] {
  const g = PATTERN_GRID;
  let min = Infinity;
  let max = -Infinity;
  for (let j = 0; j < g.nlat; j += 1) {
    for (let i = 0; i < g.nlon; i += 1) {
      const v = pattern(g.lat0 + j * g.dlat, g.lon0 + i * g.dlon, lead);
      if (Number.isFinite(v)) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
  }
  return [min, max];
}
