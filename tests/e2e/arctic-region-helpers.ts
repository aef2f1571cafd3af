/**
 * The whole Arctic journey's places and files (arctic-region.e2e.ts): the Northern Sea Route, the places its view
 * must hold, the parallels a route drawn round the pole would cross, and a whole-Arctic file read by our decoder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldGrid } from '../../common/field-grid.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';
import { describeFile } from '../../workers/forecast/file-meta.ts';
import { modelOwner } from './map-tools-helpers.ts';

/**
 * Away from the route, across the parallels where it crosses 180° (67.5–71°N every 0.1°), [lon, lat]: where a
 * segment from 179.9° to −179.9° drawn the long way would run round the pole.
 */
export const PARALLEL_AWAY: [number, number][] = [-120, -90, -60, -30, 0, 20].flatMap((lon) =>
  Array.from({ length: 36 }, (_, k): [number, number] => [lon, 67.5 + k * 0.1]),
);

/** Kara Gate (70.4°N 57.8°E) → Vilkitsky, Sannikov and Long Straits → Bering Strait (66.5°N 170°W), as `lat,lon`. */
export const NSR_CSV = `lat,lon
70.4,57.8
70.9,66.0
73.5,72.0
76.5,86.0
77.7,104.0
76.5,116.0
74.8,128.0
74.6,139.0
72.5,152.0
70.3,170.0
68.3,-178.0
66.5,-170.0
`;

/** Places the whole Arctic's view must show at once, [lon, lat]: the pole, both ends of the route, the seas round it. */
export const ARCTIC_PLACES: Record<string, [number, number]> = {
  'North Pole': [0, 90],
  'Kara Gate': [57.8, 70.4],
  'Bering Strait': [-169, 65.8],
  'Chukotka, Anadyr': [177.5, 64.7],
  'Wrangel Island': [-179.5, 71.2],
  'Barents Sea': [35, 72],
  'Fram Strait': [0, 79],
  'Beaufort Sea': [-140, 73],
  'Canadian Arctic': [-100, 80],
};

/** A whole-Arctic file as the server keeps it (`<date>.arctic.nc`), decoded by our decoder in Node, on its polar grid. */
export async function arcticFile(dataDir: string, kind: 'forecast' | 'assim_forecast', date: string): Promise<{ grid: FieldGrid; slice: (variable: string, lead: number) => Float32Array }> {
  const path = join(dataDir, 'forecast-data', kind, modelOwner(dataDir, kind), `${date}.arctic.nc`);
  const dataset = await openNetcdf(new Uint8Array(readFileSync(path)));
  const { grid } = describeFile(path, dataset);
  if (grid?.kind !== 'projected') throw new Error(`${path} is not on the whole Arctic's polar grid`);
  return { grid, slice: (variable, lead) => Float32Array.from(dataset.read(variable, lead)) };
}

