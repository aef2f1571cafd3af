/**
 * Land mask from Natural Earth 1:50m land (the `world-atlas` package), rasterised onto a grid by scanline
 * even-odd filling: for each row, every polygon ring's edges are cut at the row's latitude, the crossings
 * sorted, and the cells whose centres lie between pairs of crossings toggled. Holes (large lakes) toggle back.
 * The full Arctic grid takes a few tens of milliseconds; the result is memoised per grid for the process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { MultiPolygon, Polygon } from 'geojson';
import proj4 from 'proj4';
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import type { Grid } from './grid.ts';

type Ring = number[][];

let cachedRings: Ring[] | null = null;

/** Every ring of the land polygons, longitudes unwrapped so that rings crossing 180° stay continuous. */
function landRings(): Ring[] {
  if (cachedRings) return cachedRings;
  const path = createRequire(import.meta.url).resolve('world-atlas/land-50m.json');
  const topology = JSON.parse(readFileSync(path, 'utf8')) as Topology;
  const land = feature(topology, topology.objects.land) as unknown as GeoJSON.FeatureCollection<MultiPolygon | Polygon>;
  const rings: Ring[] = [];
  for (const f of land.features) {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const polygon of polygons) {
      for (const ring of polygon) {
        let shift = 0;
        const unwrapped: Ring = [];
        for (let i = 0; i < ring.length; i++) {
          if (i > 0) {
            const jump = ring[i][0] - ring[i - 1][0];
            if (jump > 180) shift -= 360;
            else if (jump < -180) shift += 360;
          }
          unwrapped.push([ring[i][0] + shift, ring[i][1]]);
        }
        rings.push(unwrapped);
      }
    }
  }
  cachedRings = rings;
  return rings;
}

const masks = new Map<string, Uint8Array>();

/** 1 where the cell centre is on land, 0 at sea; row-major on `grid`. Memoised: do not modify the result. */
export function landMask(grid: Grid): Uint8Array {
  const key = JSON.stringify(grid);
  const cached = masks.get(key);
  if (cached) return cached;
  const mask = rasterise(grid, landRings());
  masks.set(key, mask);
  return mask;
}

/**
 * The same mask on a planar grid (the whole Arctic on EPSG:3413): every ring reaching north of 20°N projected into
 * the plane (latitudes south of the equator held at it: far outside any polar grid), then filled by the same
 * scanline rule along the grid's rows. The land's 1:50m edges are short, so straight edges in the plane follow it.
 */
export function planarLandMask(grid: PlanarGrid): Uint8Array {
  const key = JSON.stringify(grid);
  const cached = masks.get(key);
  if (cached) return cached;
  const converter = proj4(grid.proj4) as unknown as { forward(p: [number, number]): [number, number] };
  const projected: Ring[] = [];
  for (const ring of landRings()) {
    if (!ring.some((p) => p[1] > 20)) continue;
    projected.push(ring.map((p) => converter.forward([p[0], Math.max(0, p[1])])));
  }
  // Rows as latitudes, columns as longitudes: the scanline runs on x/y as it runs on lon/lat.
  const rows: Grid = { lat0: grid.y0, dlat: grid.dy, nlat: grid.ny, lon0: grid.x0, dlon: grid.dx, nlon: grid.nx };
  const mask = rasterise(rows, projected, false);
  masks.set(key, mask);
  return mask;
}

/** Scanline fill of `rings` on the grid's rows; `wrap` tests spans one turn (360°) either way too (lon/lat rings). */
function rasterise(grid: Grid, rings: Ring[], wrap = true): Uint8Array {
  const { nlat, nlon, lat0, dlat, lon0, dlon } = grid;
  const mask = new Uint8Array(nlat * nlon);
  const south = Math.min(lat0, lat0 + (nlat - 1) * dlat);
  const north = Math.max(lat0, lat0 + (nlat - 1) * dlat);
  // Keep only rings that reach the grid's latitudes; their edges as flat arrays [x1, y1, x2, y2, ...].
  const edgeSets: Float64Array[] = [];
  for (const ring of rings) {
    let top = -Infinity;
    let bottom = Infinity;
    for (const p of ring) {
      top = Math.max(top, p[1]);
      bottom = Math.min(bottom, p[1]);
    }
    if (top < south || bottom > north) continue;
    const edges = new Float64Array((ring.length - 1) * 4);
    for (let i = 1; i < ring.length; i++) edges.set([ring[i - 1][0], ring[i - 1][1], ring[i][0], ring[i][1]], (i - 1) * 4);
    edgeSets.push(edges);
  }
  const crossings: number[] = [];
  for (let j = 0; j < nlat; j++) {
    const y = lat0 + j * dlat;
    const row = j * nlon;
    for (const edges of edgeSets) {
      crossings.length = 0;
      for (let e = 0; e < edges.length; e += 4) {
        const y1 = edges[e + 1];
        const y2 = edges[e + 3];
        if (y1 > y !== y2 > y) crossings.push(edges[e] + ((y - y1) * (edges[e + 2] - edges[e])) / (y2 - y1));
      }
      if (crossings.length < 2) continue;
      crossings.sort((a, b) => a - b);
      for (let k = 0; k + 1 < crossings.length; k += 2) {
        // The ring may be unwrapped past ±180°: test the span at its own longitude and one turn either way.
        for (const turn of wrap ? [-360, 0, 360] : [0]) {
          const first = Math.max(0, Math.ceil((crossings[k] + turn - lon0) / dlon));
          const last = Math.min(nlon - 1, Math.ceil((crossings[k + 1] + turn - lon0) / dlon) - 1);
          for (let i = first; i <= last; i++) mask[row + i] ^= 1;
        }
      }
    }
  }
  return mask;
}
