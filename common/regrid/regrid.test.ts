/**
 * The regridder on small synthetic grids whose answers are known: footprint and masks, no extrapolation,
 * each grid kind, vector rotation, units, the mapping cache, errors. The real fixtures against pyproj are in
 * workers/regrid/reference.test.ts.
 */
import proj4 from 'proj4';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyMapping,
  buildMapping,
  describeSourceGrid,
  displacementToVelocity,
  footprintGrid,
  iceQuantity,
  mappingCache,
  normaliseUnits,
  RegridError,
  rotateToEastNorth,
  type AttributeValue,
  type RegridMethod,
  type RegularGrid,
  type SourceFile,
  type SourceGrid,
} from './index.ts';
import { converter } from './projection.ts';
import { projectTarget } from './target-points.ts';

/** The mapping (cached) applied to one slice, as the decode worker and the ingest do in two steps. */
const regrid = (source: SourceGrid, target: RegularGrid, values: ArrayLike<number>, method: RegridMethod) =>
  applyMapping(buildMapping(source, target, method), values);

interface Var {
  dims: string[];
  shape: number[];
  attributes?: Record<string, AttributeValue>;
  values?: ArrayLike<number>;
}

function file(vars: Record<string, Var>, attributes: Record<string, AttributeValue> = {}): SourceFile {
  return {
    attributes,
    variables: Object.entries(vars).map(([name, v]) => ({ name, dimensions: v.dims, shape: v.shape, attributes: v.attributes ?? {} })),
    read: (name) => vars[name].values ?? [],
  };
}

const range = (n: number, start: number, step: number) => Float64Array.from({ length: n }, (_, i) => start + i * step);

/** A 1-D lat/lon source: 5 rows 70..74°N, 6 columns 60..65°E, values 10·row + column. */
function latLonFile(): SourceFile {
  return file({
    lat: { dims: ['lat'], shape: [5], values: range(5, 70, 1), attributes: { units: 'degrees_north' } },
    lon: { dims: ['lon'], shape: [6], values: range(6, 60, 1), attributes: { units: 'degrees_east' } },
    conc: { dims: ['time', 'lat', 'lon'], shape: [1, 5, 6], attributes: { standard_name: 'sea_ice_area_fraction', units: '%' } },
  });
}
const field = Float32Array.from({ length: 30 }, (_, k) => 10 * Math.floor(k / 6) + (k % 6));

/** A polar stereographic source: 5 × 5 cells of 100 km around the pole, x/y in km. */
function stereoFile(extra: Record<string, AttributeValue> = {}, y0 = -200, step = 100): SourceFile {
  return file({
    crs: { dims: [], shape: [], attributes: { grid_mapping_name: 'polar_stereographic', straight_vertical_longitude_from_pole: 0, standard_parallel: 70, latitude_of_projection_origin: 90, ...extra } },
    x: { dims: ['x'], shape: [5], values: range(5, -2 * step, step), attributes: { units: 'km', standard_name: 'projection_x_coordinate' } },
    y: { dims: ['y'], shape: [5], values: range(5, y0, step), attributes: { units: 'km', standard_name: 'projection_y_coordinate' } },
    u: { dims: ['y', 'x'], shape: [5, 5], attributes: { grid_mapping: 'crs', standard_name: 'sea_ice_x_velocity' } },
  });
}

beforeEach(() => mappingCache.clear());

describe('1-D lat/lon grids', () => {
  const target: RegularGrid = { lat0: 69, dlat: 0.5, nlat: 13, lon0: 59, dlon: 0.5, nlon: 15 };
  const at = (out: Float32Array, lat: number, lon: number) => out[Math.round((lat - 69) / 0.5) * 15 + Math.round((lon - 59) / 0.5)];

  it('nearest returns the source cell, within half a cell of the outermost centres and NaN beyond', () => {
    const grid = describeSourceGrid(latLonFile(), 'conc');
    expect(grid.kind).toBe('latlon1d');
    const out = regrid(grid, target, field, 'nearest');
    expect(at(out, 72, 63)).toBe(23);
    expect(at(out, 70, 60)).toBe(0);
    expect(at(out, 74, 65)).toBe(45);
    expect(at(out, 69, 60)).toBeNaN(); // a whole cell south of the first row
    expect(at(out, 72, 66)).toBeNaN();
  });

  it('bilinear interpolates between centres and does not extrapolate past the outermost ones', () => {
    const out = regrid(describeSourceGrid(latLonFile(), 'conc'), target, field, 'bilinear');
    expect(at(out, 72.5, 63.5)).toBeCloseTo(28.5, 5);
    expect(at(out, 74, 65)).toBeCloseTo(45, 5);
    expect(at(out, 74.5, 63)).toBeNaN();
    expect(at(out, 69.5, 63)).toBeNaN();
  });

  it('a missing source cell stays missing: NaN at its nearest targets and wherever it is a bilinear corner', () => {
    const holed = field.slice();
    holed[2 * 6 + 3] = NaN; // 72°N 63°E, e.g. land
    const grid = describeSourceGrid(latLonFile(), 'conc');
    const nearest = regrid(grid, target, holed, 'nearest');
    const bilinear = regrid(grid, target, holed, 'bilinear');
    expect(at(nearest, 72, 63)).toBeNaN();
    expect(at(nearest, 72, 62)).toBe(22);
    for (const [lat, lon] of [[71.5, 62.5], [72.5, 63.5], [72, 63], [71.5, 63.5]]) expect(at(bilinear, lat, lon)).toBeNaN();
    expect(at(bilinear, 71, 61.5)).toBeCloseTo(11.5, 5);
  });

  it('wraps a global longitude axis (0..359) across the meridian where it closes', () => {
    const global = file({
      lat: { dims: ['lat'], shape: [2], values: [70, 71], attributes: { units: 'degrees_north' } },
      lon: { dims: ['lon'], shape: [360], values: range(360, 0, 1), attributes: { units: 'degrees_east' } },
      v: { dims: ['lat', 'lon'], shape: [2, 360] },
    });
    const values = Float32Array.from({ length: 720 }, (_, k) => k % 360);
    const out = regrid(describeSourceGrid(global, 'v'), { lat0: 70, dlat: 1, nlat: 1, lon0: -0.5, dlon: 0.25, nlon: 3 }, values, 'bilinear');
    expect(Array.from(out)).toEqual([179.5, 89.75, 0].map((v) => expect.closeTo(v, 4)));
  });
});

describe('projected grids', () => {
  it('places a CF polar stereographic grid (km axes) where proj4 puts it', () => {
    const grid = describeSourceGrid(stereoFile(), 'u');
    expect(grid.kind).toBe('projected');
    if (grid.kind !== 'projected') return;
    expect(grid.x[4]).toBe(200_000);
    // The cell at x = 100 km, y = −100 km: a target there reads that cell's value.
    const [lon, lat] = proj4(grid.proj4, 'EPSG:4326', [100_000, -100_000]);
    const values = Float32Array.from({ length: 25 }, (_, k) => k);
    const out = regrid(grid, { lat0: lat, dlat: 0.01, nlat: 1, lon0: lon, dlon: 0.01, nlon: 1 }, values, 'nearest');
    expect(out[0]).toBe(1 * 5 + 3);
  });

  it('reads a proj4 string attribute and adds the false origin proj4js needs for laea', () => {
    const laea = file({
      gm: { dims: [], shape: [], attributes: { proj4_string: '+proj=laea +lon_0=0 +datum=WGS84 +ellps=WGS84 +lat_0=90.0' } },
      xc: { dims: ['xc'], shape: [3], values: [-25, 0, 25], attributes: { units: 'km' } },
      yc: { dims: ['yc'], shape: [3], values: [-25, 0, 25], attributes: { units: 'km' } },
      c: { dims: ['yc', 'xc'], shape: [3, 3], attributes: { grid_mapping: 'gm' } },
    });
    const grid = describeSourceGrid(laea, 'c');
    expect(grid.kind === 'projected' && grid.proj4).toContain('+x_0=0');
    const out = regrid(grid, { lat0: 90 - 1e-9, dlat: 1, nlat: 1, lon0: 0, dlon: 1, nlon: 1 }, Float32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8]), 'bilinear');
    expect(out[0]).toBeCloseTo(4, 4); // the pole is the middle cell
  });

  it('the 2-D lat/lon win when the projection disagrees with them (ROMS writes rounded x/y)', () => {
    const f = stereoFile();
    const grid0 = describeSourceGrid(f, 'u');
    if (grid0.kind !== 'projected') throw new Error('expected projected');
    const lat: number[] = [];
    const lon: number[] = [];
    for (let j = 0; j < 5; j++) {
      for (let i = 0; i < 5; i++) {
        // The truth: 30 km east of what the axes say.
        const [lo, la] = proj4(grid0.proj4, 'EPSG:4326', [grid0.x[i] + 30_000, grid0.y[j]]);
        lat.push(la);
        lon.push(lo);
      }
    }
    f.variables.push({ name: 'lat', dimensions: ['y', 'x'], shape: [5, 5], attributes: { standard_name: 'latitude' } });
    f.variables.push({ name: 'lon', dimensions: ['y', 'x'], shape: [5, 5], attributes: { standard_name: 'longitude' } });
    const read = f.read;
    f.read = (name) => (name === 'lat' ? lat : name === 'lon' ? lon : read(name));
    expect(describeSourceGrid(f, 'u').kind).toBe('latlon2d');
  });

  it('global grid_mapping_* attributes (PolarWatch ERDDAP) place a grid with no mapping variable', () => {
    const f = file(
      {
        xgrid: { dims: ['xgrid'], shape: [2], values: [0, 25_000], attributes: { units: 'meters' } },
        ygrid: { dims: ['ygrid'], shape: [2], values: [25_000, 0], attributes: { units: 'meters' } },
        c: { dims: ['time', 'ygrid', 'xgrid'], shape: [1, 2, 2] },
      },
      { grid_mapping_name: 'polar_stereographic', grid_mapping_proj4text: '+proj=stere +lat_0=90 +lat_ts=70 +lon_0=-45 +k=1 +x_0=0 +y_0=0 +a=6378273 +b=6356889.449 +units=m +no_defs' },
    );
    const grid = describeSourceGrid(f, 'c');
    expect(grid.kind === 'projected' && grid.proj4).toContain('+lon_0=-45');
  });
});

describe('2-D lat/lon grids', () => {
  /** A curvilinear grid: the stereographic test grid's cell centres as 2-D lat/lon. */
  function curvilinearFile(y0 = -200, step = 100): SourceFile {
    const grid = describeSourceGrid(stereoFile({}, y0, step), 'u');
    if (grid.kind !== 'projected') throw new Error('expected projected');
    const lat: number[] = [];
    const lon: number[] = [];
    for (let j = 0; j < 5; j++) for (let i = 0; i < 5; i++) {
      const [lo, la] = proj4(grid.proj4, 'EPSG:4326', [grid.x[i], grid.y[j]]);
      lat.push(la);
      lon.push(lo);
    }
    return file({
      nav_lat: { dims: ['j', 'i'], shape: [5, 5], values: lat },
      nav_lon: { dims: ['j', 'i'], shape: [5, 5], values: lon },
      u: { dims: ['j', 'i'], shape: [5, 5], attributes: { coordinates: 'nav_lat nav_lon' } },
      v: { dims: ['j', 'i'], shape: [5, 5], attributes: { coordinates: 'nav_lat nav_lon' } },
    });
  }

  it('agrees with the same grid described by its projection, inside the footprint only', () => {
    const curvilinear = describeSourceGrid(curvilinearFile(), 'u');
    const projected = describeSourceGrid(stereoFile(), 'u');
    expect(curvilinear.kind).toBe('latlon2d');
    const target: RegularGrid = { lat0: 86, dlat: 0.1, nlat: 41, lon0: -180, dlon: 5, nlon: 72 };
    const values = Float32Array.from({ length: 25 }, (_, k) => (k % 5) + 3 * Math.floor(k / 5));
    const a = regrid(curvilinear, target, values, 'bilinear');
    const b = regrid(projected, target, values, 'bilinear');
    let both = 0;
    for (let t = 0; t < a.length; t++) {
      expect(Number.isNaN(a[t])).toBe(Number.isNaN(b[t]));
      // A linear field is reproduced by bilinear weights in any plane up to the planes' difference.
      if (!Number.isNaN(a[t])) {
        expect(Math.abs(a[t] - b[t])).toBeLessThan(0.02);
        both++;
      }
    }
    expect(both).toBeGreaterThan(100);
    expect(both).toBeLessThan(a.length); // the 400 × 400 km grid does not reach 86°N everywhere
  });

  it('rotates grid-relative vectors the same way as the projection does', () => {
    const u = new Float32Array(25).fill(1);
    const v = new Float32Array(25).fill(0.5);
    // 25 km cells 1500 km from the pole: the local bearing of rows and columns is a finite difference, good
    // to ~1e-3 rad where a cell spans a small angle around the pole (a 100 km cell next to it would not be).
    const fromProjection = rotateToEastNorth(describeSourceGrid(stereoFile({}, -1500, 25), 'u'), u, v);
    const fromLatLon = rotateToEastNorth(describeSourceGrid(curvilinearFile(-1500, 25), 'u'), u, v);
    for (const k of [0, 6, 8, 16, 18, 24]) {
      expect(fromLatLon.east[k]).toBeCloseTo(fromProjection.east[k], 2);
      expect(fromLatLon.north[k]).toBeCloseTo(fromProjection.north[k], 2);
    }
  });
});

describe('vectors', () => {
  it('polar stereographic x/y at lon_0 = 0: south of the pole on 0°E x is east; on 90°E x points south, y east', () => {
    const grid = describeSourceGrid(stereoFile(), 'u');
    const u = new Float32Array(25).fill(1);
    const zero = new Float32Array(25);
    const alongX = rotateToEastNorth(grid, u, zero);
    const alongY = rotateToEastNorth(grid, zero, u);
    const below = 0 * 5 + 2; // x = 0, y = −200 km: 0°E
    const right = 2 * 5 + 4; // x = 200 km, y = 0: 90°E
    expect(alongX.east[below]).toBeCloseTo(1, 4);
    expect(alongY.north[below]).toBeCloseTo(1, 4);
    expect(alongX.north[right]).toBeCloseTo(-1, 4);
    expect(alongY.east[right]).toBeCloseTo(1, 4);
  });

  it('1-D lat/lon grids are east/north already', () => {
    const grid = describeSourceGrid(latLonFile(), 'conc');
    const r = rotateToEastNorth(grid, new Float32Array(30).fill(2), new Float32Array(30).fill(-1));
    expect(r.east[7]).toBeCloseTo(2, 6);
    expect(r.north[7]).toBeCloseTo(-1, 6);
  });

  it('displacements over an interval become m/s; a missing or non-positive interval gives NaN', () => {
    const v = displacementToVelocity([8.64, -17.28, NaN, 1], 'km', [86_400, 172_800, 86_400, 0]);
    expect(v[0]).toBeCloseTo(0.1, 6);
    expect(v[1]).toBeCloseTo(-0.1, 6);
    expect(v[2]).toBeNaN();
    expect(v[3]).toBeNaN();
  });
});

describe('units', () => {
  it('% → fraction, cm → m, km/day → m/s; unknown units are refused with a Russian reason', () => {
    expect(Array.from(normaliseUnits([50, 100], '%', 'concentration').values)).toEqual([0.5, 1]);
    expect(normaliseUnits([0.5], '1', 'concentration').units).toBe('1');
    expect(normaliseUnits([150], 'cm', 'thickness').values[0]).toBeCloseTo(1.5, 6);
    expect(normaliseUnits([1.5], 'meter', 'thickness').values[0]).toBeCloseTo(1.5, 6);
    expect(normaliseUnits([86.4], 'km day-1', 'velocity-x').values[0]).toBeCloseTo(1, 6);
    expect(normaliseUnits([NaN], '%', 'concentration').values[0]).toBeNaN();
    expect(() => normaliseUnits([1], 'furlongs', 'thickness', 'hi')).toThrow(/Неизвестные единицы измерения «furlongs» у переменной «hi»/);
  });

  it('recognises ice variables by CF standard_name', () => {
    const info = (standard_name: string) => ({ name: 'x', dimensions: [], shape: [], attributes: { standard_name } });
    expect(iceQuantity(info('sea_ice_area_fraction'))).toBe('concentration');
    expect(iceQuantity(info('sea_ice_thickness'))).toBe('thickness');
    expect(iceQuantity(info('eastward_sea_ice_velocity'))).toBe('velocity-east');
    expect(iceQuantity(info('sea_water_salinity'))).toBeNull();
  });
});

describe('mapping cache', () => {
  const target: RegularGrid = { lat0: 70, dlat: 0.5, nlat: 9, lon0: 60, dlon: 0.5, nlon: 11 };

  it('reuses the mapping for a later file on the same grid, and builds anew for another grid or method', () => {
    const first = buildMapping(describeSourceGrid(latLonFile(), 'conc'), target, 'bilinear');
    const again = buildMapping(describeSourceGrid(latLonFile(), 'conc'), target, 'bilinear');
    expect(again).toBe(first);
    expect(mappingCache.hits).toBe(1);
    expect(buildMapping(describeSourceGrid(latLonFile(), 'conc'), target, 'nearest')).not.toBe(first);
    const shifted = latLonFile();
    const read = shifted.read;
    shifted.read = (name) => (name === 'lat' ? range(5, 70.5, 1) : read(name));
    expect(buildMapping(describeSourceGrid(shifted, 'conc'), target, 'bilinear')).not.toBe(first);
    expect(mappingCache.misses).toBe(3);
  });

  it('keeps at most `limit` mappings, dropping the least recently used', () => {
    const grid = describeSourceGrid(latLonFile(), 'conc');
    for (let k = 0; k < mappingCache.limit + 3; k++) buildMapping(grid, { ...target, nlon: 2 + k }, 'nearest');
    expect(mappingCache.entries.size).toBe(mappingCache.limit);
  });

  it('refuses values of the wrong length', () => {
    const mapping = buildMapping(describeSourceGrid(latLonFile(), 'conc'), target, 'nearest');
    expect(() => applyMapping(mapping, new Float32Array(7))).toThrow(RegridError);
  });
});

describe('errors a file can cause', () => {
  const codeOf = (f: () => unknown) => {
    try {
      f();
    } catch (error) {
      return error instanceof RegridError ? error.code : String(error);
    }
    return 'no error';
  };

  it('no coordinates, a dangling grid_mapping, a 1-D variable', () => {
    const bare = file({ c: { dims: ['a', 'b'], shape: [2, 2] } });
    expect(codeOf(() => describeSourceGrid(bare, 'c'))).toBe('no-coordinates');
    const dangling = file({
      rows: { dims: ['rows'], shape: [2], values: [0, 1] },
      columns: { dims: ['columns'], shape: [2], values: [0, 1] },
      t: { dims: ['rows', 'columns'], shape: [2, 2], attributes: { grid_mapping: 'crs' } },
    });
    expect(codeOf(() => describeSourceGrid(dangling, 't'))).toBe('unknown-projection');
    expect(() => describeSourceGrid(dangling, 't')).toThrow(/«crs».*отсутствует в файле/);
    const series = file({ time: { dims: ['time'], shape: [4], values: [0, 1, 2, 3] } });
    expect(codeOf(() => describeSourceGrid(series, 'time'))).toBe('not-a-field');
  });

  it('an unknown grid mapping name', () => {
    expect(codeOf(() => describeSourceGrid(stereoFile({ grid_mapping_name: 'rotated_latitude_longitude' }), 'u'))).toBe('unknown-projection');
  });
});

describe('footprint grid (a local file on the map)', () => {
  it('covers the pole with −180..180 for a polar grid, and the short arc across the antimeridian for a regional one', () => {
    const polar = footprintGrid(describeSourceGrid(stereoFile(), 'u'));
    expect(polar.lon0).toBe(-180);
    expect(polar.lon0 + (polar.nlon - 1) * polar.dlon).toBeCloseTo(180, 6);
    const pacific = file({
      lat: { dims: ['lat'], shape: [3], values: [70, 71, 72], attributes: { units: 'degrees_north' } },
      lon: { dims: ['lon'], shape: [5], values: [170, 175, 180, -175, -170], attributes: { units: 'degrees_east' } },
      c: { dims: ['lat', 'lon'], shape: [3, 5] },
    });
    // A 1-D longitude crossing the antimeridian is unwrapped (170 … 190): the short arc, not the whole circle.
    const across = footprintGrid(describeSourceGrid(pacific, 'c'));
    expect(across.lon0).toBe(170);
    expect(across.lon0 + (across.nlon - 1) * across.dlon).toBeCloseTo(190, 6);
    const values = Float32Array.from({ length: 15 }, (_, k) => k % 5);
    const out = regrid(describeSourceGrid(pacific, 'c'), { lat0: 71, dlat: 1, nlat: 1, lon0: -177.5, dlon: 1, nlon: 1 }, values, 'bilinear');
    expect(out[0]).toBeCloseTo(2.5, 5); // −177.5° = 182.5°: half-way between the 3rd and 4th columns
    const grid = footprintGrid(describeSourceGrid(latLonFile(), 'conc'), { maxSide: 4 });
    expect(grid).toMatchObject({ lon0: 60, nlon: 4, lat0: 70, nlat: 4 });
    expect(grid.lon0 + 3 * grid.dlon).toBeCloseTo(65, 6);
  });
});

describe('target lattice', () => {
  it('interpolated projected coordinates stay within 10 m of exact proj4 on the forecast grid', () => {
    const target: RegularGrid = { lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 };
    const forward = converter('+proj=laea +lat_0=90 +lon_0=0 +x_0=0 +y_0=0 +datum=WGS84').forward;
    const lattice = projectTarget(target, (lon, lat) => forward([lon, lat]) as [number, number]);
    let worst = 0;
    for (let t = 0; t < lattice.x.length; t += 97) {
      const [x, y] = forward([target.lon0 + (t % 1301) * target.dlon, target.lat0 + Math.floor(t / 1301) * target.dlat]);
      worst = Math.max(worst, Math.abs(x - lattice.x[t]), Math.abs(y - lattice.y[t]));
    }
    expect(worst).toBeLessThan(10); // 10 m is 4e-4 of a 25 km source cell
    expect(worst).toBeGreaterThan(0); // the lattice is in use (not every point projected exactly)
  });
});
