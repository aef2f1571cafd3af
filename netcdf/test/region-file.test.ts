/**
 * Files of region `arctic` (netcdf/region-file/): what they hold, checked with independent readers — Debian's
 * ncdump for the header, netCDF4-python + pyproj for the cell positions and the unpacked values — and with our
 * own reader (the decode worker's: workers/forecast/file-meta.test.ts describes such a file too).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_VARIABLES } from '../../common/forecast-file/variables.ts';
import { regionById, type ProjectedRegion } from '../../common/regions/index.ts';
import { openNetcdf } from '../open-netcdf.ts';
import { encodeRegionFile, planarGridFromDataset, type RegionFields } from '../region-file/index.ts';
import { ncdump } from './ncdump.ts';

const arctic = regionById('arctic') as ProjectedRegion;
const [NY, NX] = arctic.shape;
const N = NX * NY;

/**
 * Three leads of smooth fields over the grid, drawn in the plane (x, y in metres, no projection needed): land
 * (NaN) beyond 4 500 km from the pole and on column 300, thickness and concentration falling away from the pole,
 * drift 0.1–0.3 m/s (growing with the lead) with east/north components that turn with the cell's position.
 */
function fields(): RegionFields[] {
  const g = arctic.grid;
  return [0, 1, 2].map((lead) => {
    const f = { thickness: new Float32Array(N), concentration: new Float32Array(N), u: new Float32Array(N), v: new Float32Array(N) };
    for (let j = 0; j < NY; j++) {
      for (let i = 0; i < NX; i++) {
        const k = j * NX + i;
        const x = g.x0 + i * g.dx;
        const y = g.y0 + j * g.dy;
        const r = Math.hypot(x, y) / 1000; // km from the pole
        const land = r > 4500 || i === 300;
        const speed = 0.1 + 0.1 * lead;
        f.thickness[k] = land ? NaN : Math.max(0, 4 - r / 1000 + 0.05 * lead);
        f.concentration[k] = land ? NaN : Math.min(1, Math.max(0, 1.2 - r / 3000));
        f.u[k] = land ? NaN : speed * Math.cos(Math.atan2(y, x));
        f.v[k] = land ? NaN : speed * Math.sin(Math.atan2(y, x));
      }
    }
    return f;
  });
}

const meta = { kind: 'forecast' as const, date: '2026-03-01', model: 'model_2', assimilated: false, source: 'test fields', leadHours: [24, 48, 72] };

/** netCDF4-python + pyproj on the file: the CRS from the CF attributes, cell positions, and a few unpacked values. */
const PYTHON = `
import json, sys, netCDF4, numpy as np, pyproj
ds = netCDF4.Dataset(sys.argv[1])
gm = ds[ds['sithick_GLORYS'].grid_mapping]
attrs = {k: gm.getncattr(k) for k in gm.ncattrs()}
crs = pyproj.CRS.from_cf(attrs)
# The CF parameters alone (no WKT, no proj4 string) must place the cells the same way.
crs_cf = pyproj.CRS.from_cf({k: v for k, v in attrs.items() if k not in ('crs_wkt', 'proj4text')})
x, y = ds['x'][:], ds['y'][:]
xx, yy = np.meshgrid(x, y)
lon, lat = pyproj.Transformer.from_crs(crs, 'EPSG:4326', always_xy=True).transform(xx, yy)
lon_cf, lat_cf = pyproj.Transformer.from_crs(crs_cf, 'EPSG:4326', always_xy=True).transform(xx, yy)
geod = pyproj.Geod(ellps='WGS84')
_, _, apart = geod.inv(lon, lat, ds['longitude'][:].astype(float), ds['latitude'][:].astype(float))
picks = [int(k) for k in sys.argv[2].split(',')]
out = dict(
  epsg=crs.to_epsg(), same_as_3413=crs.equals(pyproj.CRS('EPSG:3413')), max_apart_m=float(np.max(apart)),
  cf_max_apart_m=float(np.max(geod.inv(lon, lat, lon_cf, lat_cf)[2])),
  shape=list(ds['sithick_GLORYS'].shape), dims=list(ds['sithick_GLORYS'].dimensions),
  x_name=ds['x'].standard_name, y_name=ds['y'].standard_name,
  grid_mappings=sorted({ds[v].grid_mapping for v in ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct']}),
  values={v: [None if np.ma.is_masked(ds[v][t].ravel()[k]) else float(ds[v][t].ravel()[k]) for t in range(3) for k in picks]
          for v in ['sithick_GLORYS', 'sea_ice_fraction_BREMEN', 'usi_vsi_GLORYS_speed', 'usi_vsi_GLORYS_direct']},
)
print(json.dumps(out))
`;

describe('files of region arctic', () => {
  let leads: RegionFields[];
  let bytes: Uint8Array;
  let path: string;
  const dir = mkdtempSync(join(tmpdir(), 'ice-region-file-'));
  beforeAll(() => {
    leads = fields();
    bytes = encodeRegionFile(arctic, leads, meta);
    path = join(dir, 'arctic.nc');
    writeFileSync(path, bytes);
  }, 120_000); // 2.2 M cells' latitude/longitude through proj4: ~1 s on a quiet core, many on a loaded one
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('open in ncdump with (time, y, x), the CF polar stereographic mapping and the direction convention', () => {
    const header = ncdump(['-h', path]);
    expect(header).toMatch(/time = 3 ;\s+y = 1792 ;\s+x = 1216 ;/);
    for (const name of Object.values(FILE_VARIABLES)) {
      expect(header).toContain(`short ${name}(time, y, x) ;`);
      expect(header).toContain(`${name}:grid_mapping = "crs" ;`);
    }
    const lines = [
      'crs:grid_mapping_name = "polar_stereographic" ;',
      'crs:straight_vertical_longitude_from_pole = -45. ;',
      'crs:standard_parallel = 70. ;',
      'x:standard_name = "projection_x_coordinate" ;',
      'float latitude(y, x) ;',
      'usi_vsi_GLORYS_direct:comment = "bearing towards which the ice moves, in radians clockwise from true north (not from the grid y axis)" ;',
      'usi_vsi_GLORYS_direct:units = "radian" ;',
      ':region = "arctic" ;',
    ];
    for (const line of lines) expect(header).toContain(line);
  });

  it('give netCDF4-python and pyproj the cell positions and the values written', { timeout: 120_000 }, () => {
    // Cells: the first, near the pole, in the Chukchi Sea across 180°, in the Kara Sea, on the land column, the last.
    const picks = [0, 896 * NX + 608, 1100 * NX + 300, 1000 * NX + 200, 800 * NX + 900, N - 1];
    const out = JSON.parse(execFileSync('/usr/bin/python3', ['-c', PYTHON, path, picks.join(',')], { encoding: 'utf8', maxBuffer: 64 << 20 }));
    expect(out.epsg).toBe(3413);
    expect(out.same_as_3413).toBe(true);
    // float32 latitude/longitude: within a few metres of where pyproj puts the cell centre of a 6.25 km cell.
    expect(out.max_apart_m).toBeLessThan(5);
    expect(out.cf_max_apart_m).toBeLessThan(0.001);
    expect(out.shape).toEqual([3, 1792, 1216]);
    expect(out.dims).toEqual(['time', 'y', 'x']);
    expect([out.x_name, out.y_name]).toEqual(['projection_x_coordinate', 'projection_y_coordinate']);
    expect(out.grid_mappings).toEqual(['crs']);
    const steps: Record<string, number> = { sithick_GLORYS: 0.001, sea_ice_fraction_BREMEN: 1e-4, usi_vsi_GLORYS_speed: 1e-4, usi_vsi_GLORYS_direct: 1e-4 };
    for (const [name, values] of Object.entries(out.values as Record<string, (number | null)[]>)) {
      values.forEach((got, n) => {
        const t = Math.floor(n / picks.length);
        const k = picks[n % picks.length];
        const l = leads[t];
        const want =
          name === 'sithick_GLORYS' ? l.thickness[k]
          : name === 'sea_ice_fraction_BREMEN' ? l.concentration[k]
          : name === 'usi_vsi_GLORYS_speed' ? Math.hypot(l.u[k], l.v[k])
          : (Math.atan2(l.u[k], l.v[k]) + 2 * Math.PI) % (2 * Math.PI);
        if (Number.isNaN(want)) expect(got, `${name} lead ${t} cell ${k}`).toBeNull();
        else expect(Math.abs((got as number) - want), `${name} lead ${t} cell ${k}: ${got} vs ${want}`).toBeLessThanOrEqual(steps[name] / 2 + 1e-6);
      });
    }
  });

  it('are read by our reader, the planar grid included', async () => {
    const dataset = await openNetcdf(bytes);
    expect(dataset.variables.find((v) => v.name === FILE_VARIABLES.concentration)?.shape).toEqual([3, 1792, 1216]);
    expect(planarGridFromDataset(dataset)).toEqual(arctic.grid);
    const concentration = dataset.read(FILE_VARIABLES.concentration, 2);
    expect(concentration).toBeInstanceOf(Float32Array);
    let worst = 0;
    let missing = 0;
    for (let k = 0; k < N; k++) {
      const want = leads[2].concentration[k];
      if (Number.isNaN(want)) {
        if (!Number.isNaN(concentration[k])) throw new Error(`cell ${k}: ${concentration[k]} for land`);
        missing++;
      } else worst = Math.max(worst, Math.abs(concentration[k] - want));
    }
    expect(worst).toBeLessThanOrEqual(5e-5 + 1e-7);
    expect(missing).toBeGreaterThan(0);
    const direction = dataset.read(FILE_VARIABLES.direction, 0);
    let [low, high] = [Infinity, -Infinity];
    for (const d of direction) if (!Number.isNaN(d)) [low, high] = [Math.min(low, d), Math.max(high, d)];
    expect(low).toBeGreaterThanOrEqual(0);
    expect(high).toBeLessThan(2 * Math.PI + 1e-4);
    dataset.close();
  });

  it('take 69.7 MB on disk: int16 fields and float32 latitude/longitude', () => {
    const size = statSync(path).size;
    // 4 variables × 3 leads × 2 179 072 cells × 2 B + 2 × 2 179 072 × 4 B + the x/y axes and the header.
    expect(size).toBe(bytes.byteLength);
    expect(size).toBeGreaterThan(4 * 3 * N * 2 + 2 * N * 4);
    expect(size).toBeLessThan(4 * 3 * N * 2 + 2 * N * 4 + 64 * 1024);
  });
});
