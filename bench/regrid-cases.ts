/**
 * The regrid benchmark's timed cases, shared by Node (regrid.bench.ts) and the Chromium worker
 * (regrid-bench-worker.ts) so both run the same code. Setup (opening the file, reading the field, building the
 * synthetic curvilinear grid) stays outside the timed part.
 *
 * Cases, each onto the forecast grid (480 × 1301):
 * - EASE2 432 × 432 (the real OSI SAF file), bilinear: first file (mapping built) and a later file (mapping
 *   from the cache); peer: the same build projecting every target point exactly through proj4 (no lattice).
 * - a ~1 M-cell curvilinear grid (1000 × 1000 2-D lat/lon, 5 km, made from a twisted polar stereographic
 *   grid), bilinear and nearest: first file and a later file.
 */
import proj4 from 'proj4';
import { applyMapping, buildMapping, describeSourceGrid, mappingCache, readField, type SourceFile } from '../common/regrid/index.ts';
import { converter } from '../common/regrid/projection.ts';
import { openNetcdf } from '../netcdf/open-netcdf.ts';
import { timeRoundRobin, type CaseResult } from './regrid-timing.ts';

export const SECTOR_GRID = { lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 };

let sink = 0;
const touch = (values: Float32Array) => {
  sink += values[values.length >> 1] || 0;
};

/** 1000 × 1000 cells of 5 km around the pole, rows bent by a slow wave: a curvilinear grid with 2-D lat/lon. */
export function curvilinearSource(side = 1000): { file: SourceFile; values: Float32Array } {
  const inverse = proj4('+proj=stere +lat_0=90 +lat_ts=70 +lon_0=-45 +x_0=0 +y_0=0 +datum=WGS84', 'EPSG:4326').forward;
  const lat = new Float64Array(side * side);
  const lon = new Float64Array(side * side);
  const values = new Float32Array(side * side);
  for (let j = 0; j < side; j++) {
    for (let i = 0; i < side; i++) {
      const x = (i - side / 2) * 5000;
      const y = (j - side / 2) * 5000 + 40_000 * Math.sin(i / 90); // the wave: rows are not straight
      const [lo, la] = inverse([x, y]);
      const k = j * side + i;
      lat[k] = la;
      lon[k] = lo;
      values[k] = (i + j) % 7 === 0 ? NaN : Math.sin(i / 50) * Math.cos(j / 70);
    }
  }
  const vars: Record<string, ArrayLike<number>> = { lat, lon };
  return {
    values,
    file: {
      attributes: {},
      variables: [
        { name: 'lat', dimensions: ['y', 'x'], shape: [side, side], attributes: { standard_name: 'latitude' } },
        { name: 'lon', dimensions: ['y', 'x'], shape: [side, side], attributes: { standard_name: 'longitude' } },
        { name: 'aice', dimensions: ['y', 'x'], shape: [side, side], attributes: { coordinates: 'lon lat' } },
      ],
      read: (name) => vars[name],
    },
  };
}

export async function runRegridCases(input: { ease2: Uint8Array; runs: number; warmup: number }): Promise<CaseResult[]> {
  const dataset = await openNetcdf(input.ease2);
  const ease2 = describeSourceGrid(dataset, 'ice_conc');
  const ease2Values = readField(dataset, 'ice_conc');
  if (ease2.kind !== 'projected') throw new Error('EASE2 should be a projected grid');
  const curvy = curvilinearSource();
  const curvyGrid = describeSourceGrid(curvy.file, 'aice');
  const target = SECTOR_GRID;
  const forward = converter(ease2.proj4).forward;

  return timeRoundRobin(
    [
      {
        name: 'EASE2 432² bilinear, first file (describe + build + apply)',
        run: () => {
          mappingCache.clear();
          touch(applyMapping(buildMapping(describeSourceGrid(dataset, 'ice_conc'), target, 'bilinear'), ease2Values));
        },
      },
      {
        name: 'EASE2 432² bilinear, later file (describe + cached mapping)',
        setup: () => void buildMapping(ease2, target, 'bilinear'),
        run: () => touch(applyMapping(buildMapping(describeSourceGrid(dataset, 'ice_conc'), target, 'bilinear'), ease2Values)),
      },
      {
        name: 'peer: exact proj4 for every target point',
        run: () => {
          let s = 0;
          for (let j = 0; j < target.nlat; j++) {
            for (let i = 0; i < target.nlon; i++) s += forward([target.lon0 + i * target.dlon, target.lat0 + j * target.dlat])[0];
          }
          sink += s;
        },
      },
      {
        name: 'curvilinear 1000² bilinear, first file',
        run: () => {
          mappingCache.clear();
          touch(applyMapping(buildMapping(curvyGrid, target, 'bilinear'), curvy.values));
        },
      },
      {
        name: 'curvilinear 1000² nearest, first file',
        run: () => {
          mappingCache.clear();
          touch(applyMapping(buildMapping(curvyGrid, target, 'nearest'), curvy.values));
        },
      },
      {
        name: 'curvilinear 1000² bilinear, later file (describe + cached)',
        setup: () => void buildMapping(curvyGrid, target, 'bilinear'),
        run: () => {
          touch(applyMapping(buildMapping(describeSourceGrid(curvy.file, 'aice'), target, 'bilinear'), curvy.values));
        },
      },
    ],
    input,
  );
}

export const regridSink = () => sink;
