/**
 * The map layers' cell lookup (src/map/layers/grid-field/_grid-cell.frag.glsl, `field_cell`) compiled and run by
 * Chromium's WebGL2 (SwiftShader, float32 as on a GPU): for points given as deck.gl's common-space positions (globe
 * and Web Mercator), the cell the fragment shader picks on the whole Arctic's polar stereographic grid is the one
 * pyproj puts the point in (common/regions/reference/expected.json) and, for 3 000 random points, the one
 * common/field-grid.ts computes (itself checked against pyproj); on the sector's grid, with `polar.w` 0, the one
 * common/regular-grid.ts's cellIndexAt gives (the sector's rule, unchanged). No server: a blank page and raw WebGL2.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldCellAt, fieldGridOfPlanar, type FieldGrid } from '../../common/field-grid.ts';
import { polarForward } from '../../common/polar-stereographic.ts';
import { regionById } from '../../common/regions/index.ts';
import expected from '../../common/regions/reference/expected.json' with { type: 'json' };
import { cellIndexAt, type RegularGrid } from '../../common/regular-grid.ts';
import { gridUniforms } from '../../src/map/layers/grid-field/grid-field.ts';
import { repoRoot } from './harness.ts';
import { releaseBrowser, sharedBrowser } from './journey.ts';

const gridCellSource = readFileSync(join(repoRoot, 'src/map/layers/grid-field/_grid-cell.frag.glsl'), 'utf8');

const region = regionById('arctic');
if (region.kind !== 'projected') throw new Error('arctic is projected');
const arctic = fieldGridOfPlanar(region.grid)!;
const sector: RegularGrid = { lon0: 50, dlon: 0.05, nlon: 1301, lat0: 66.025, dlat: 0.05, nlat: 480 };

// deck.gl's common space: the globe's radius and Web Mercator's 512 units round the world (its project module).
const GLOBE_RADIUS = 256;
const WORLD_SCALE = 512 / (2 * Math.PI);
const RAD = Math.PI / 180;

type Projection = 'globe' | 'mercator';

/** Where deck.gl puts (lon, lat) in common space, and the shader's `globe` flag. */
function commonPosition(lon: number, lat: number, projection: Projection): [number, number, number, number] {
  if (projection === 'globe') {
    const c = Math.cos(lat * RAD);
    return [GLOBE_RADIUS * Math.sin(lon * RAD) * c, -GLOBE_RADIUS * Math.cos(lon * RAD) * c, GLOBE_RADIUS * Math.sin(lat * RAD), 1];
  }
  return [(lon * RAD + Math.PI) * WORLD_SCALE, (Math.PI + Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2))) * WORLD_SCALE, 0, 0];
}

/** The shader's cell for each point: row-major index, −1 where `field_cell` says outside. */
async function gpuCells(page: Page, grid: FieldGrid, points: [number, number][], projection: Projection): Promise<number[]> {
  const uniforms = gridUniforms(grid, projection === 'globe');
  const positions = points.flatMap(([lon, lat]) => commonPosition(lon, lat, projection));
  const width = uniforms.gridSize[0];
  const cells = await page.evaluate(
    ({ source, positions, uniforms }) => {
      const count = positions.length / 4;
      const canvas = document.createElement('canvas');
      const gl = canvas.getContext('webgl2');
      if (!gl || !gl.getExtension('EXT_color_buffer_float')) throw new Error('no WebGL2 with float render targets');
      const compile = (type: number, text: string): WebGLShader => {
        const shader = gl.createShader(type)!;
        gl.shaderSource(shader, text);
        gl.compileShader(shader);
        if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader) ?? 'compile failed');
        return shader;
      };
      const program = gl.createProgram();
      gl.attachShader(program, compile(gl.VERTEX_SHADER, '#version 300 es\nin vec2 a;\nvoid main() { gl_Position = vec4(a, 0.0, 1.0); }'));
      gl.attachShader(
        program,
        compile(
          gl.FRAGMENT_SHADER,
          `#version 300 es
precision highp float;
precision highp int;
${source}
uniform highp sampler2D points;
uniform vec4 grid;
uniform vec2 gridSize;
uniform vec4 polar;
out vec4 fragColor;
void main() {
  vec4 p = texelFetch(points, ivec2(gl_FragCoord.xy), 0);
  ivec2 cell;
  bool inside = field_cell(p.xyz, p.w, grid, gridSize, polar, cell);
  fragColor = inside ? vec4(vec2(cell), 1.0, 1.0) : vec4(-1.0, -1.0, 0.0, 1.0);
}`,
        ),
      );
      gl.linkProgram(program);
      if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program) ?? 'link failed');
      gl.useProgram(program);
      const input = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, input);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, count, 1, 0, gl.RGBA, gl.FLOAT, new Float32Array(positions));
      const output = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, output);
      gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, count, 1);
      const framebuffer = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, output, 0);
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, input);
      gl.uniform1i(gl.getUniformLocation(program, 'points'), 0);
      gl.uniform4fv(gl.getUniformLocation(program, 'grid'), uniforms.grid);
      gl.uniform2fv(gl.getUniformLocation(program, 'gridSize'), uniforms.gridSize);
      gl.uniform4fv(gl.getUniformLocation(program, 'polar'), uniforms.polar);
      const triangle = gl.createBuffer();
      gl.bindBuffer(gl.ARRAY_BUFFER, triangle);
      gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
      const a = gl.getAttribLocation(program, 'a');
      gl.enableVertexAttribArray(a);
      gl.vertexAttribPointer(a, 2, gl.FLOAT, false, 0, 0);
      gl.viewport(0, 0, count, 1);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
      const pixels = new Float32Array(count * 4);
      gl.readPixels(0, 0, count, 1, gl.RGBA, gl.FLOAT, pixels);
      return Array.from({ length: count }, (_, k) => [pixels[4 * k], pixels[4 * k + 1]]);
    },
    { source: gridCellSource, positions, uniforms },
  );
  return cells.map(([i, j]) => (i < 0 ? -1 : j * width + i));
}

/** A seeded generator (mulberry32), so a failure names the same points on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Metres from (lon, lat) to the nearest cell edge of the arctic grid (float32 may put a point this close either side). */
function metresFromEdge(lon: number, lat: number): number {
  const [x, y] = polarForward(arctic.projection, lon, lat);
  const along = (v: number, edge0: number, step: number) => {
    const f = (v - edge0) / Math.abs(step);
    return Math.abs(f - Math.round(f)) * Math.abs(step);
  };
  return Math.min(along(x, arctic.x0 - arctic.dx / 2, arctic.dx), along(y, arctic.y0 - arctic.dy / 2, arctic.dy));
}

/** The points where two answers differ, named for a person reading the failure. */
function mismatches(points: readonly (readonly [number, number])[], a: readonly number[], b: readonly number[]): string[] {
  return points.flatMap(([lon, lat], n) => (a[n] === b[n] ? [] : [`${lon.toFixed(4)}, ${lat.toFixed(4)}: ${a[n]} ≠ ${b[n]}`]));
}

/**
 * The points where the shader's cell differs from `expectedCell`'s, on the globe and, for those below 85°N (as far as
 * Web Mercator goes), in Mercator: both lists should be empty.
 */
async function disagreements(grid: FieldGrid, points: [number, number][], expectedCell: (lon: number, lat: number) => number) {
  const below85 = points.filter(([, lat]) => lat < 85);
  const cells = (list: [number, number][]) => list.map(([lon, lat]) => expectedCell(lon, lat));
  return {
    globe: mismatches(points, await gpuCells(page, grid, points, 'globe'), cells(points)),
    mercator: mismatches(below85, await gpuCells(page, grid, below85, 'mercator'), cells(below85)),
  };
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await sharedBrowser();
  page = await browser.newPage();
  await page.setContent('<!doctype html><title>field_cell</title>');
});

afterAll(async () => {
  await page?.close();
  await releaseBrowser(browser);
});

describe('the shader’s cell on the whole Arctic’s polar stereographic grid', () => {
  it('is the cell pyproj puts each reference point in, on the globe (the pole, both sides of 180°) and in Mercator', async () => {
    const points = expected.points.map((p) => [p.lon, p.lat] as [number, number]);
    expect(await gpuCells(page, arctic, points, 'globe')).toEqual(expected.points.map((p) => p.index));
    const mercator = expected.points.filter((p) => p.lat < 85);
    const mercatorPoints = mercator.map((p) => [p.lon, p.lat] as [number, number]);
    expect(await gpuCells(page, arctic, mercatorPoints, 'mercator')).toEqual(mercator.map((p) => p.index));
  });

  it('is the cell common/field-grid.ts computes for 3 000 random points from 30°N to the pole', async () => {
    const next = random(31);
    const points: [number, number][] = [];
    while (points.length < 3000) {
      const lon = -180 + 360 * next();
      const lat = 30 + 60 * Math.sqrt(next()); // denser towards the pole, where the cells are fewest degrees apart
      // 20 m: the float32 position and arithmetic may put a point that close to an edge on either side of it.
      if (metresFromEdge(lon, lat) > 20) points.push([lon, lat]);
    }
    expect(points.filter(([lon, lat]) => fieldCellAt(arctic, lon, lat) >= 0).length).toBeGreaterThan(2000);
    expect(await disagreements(arctic, points, (lon, lat) => fieldCellAt(arctic, lon, lat))).toEqual({ globe: [], mercator: [] });
  });
});

describe('the shader’s cell on the sector’s latitude/longitude grid', () => {
  it('is still cellIndexAt’s cell (polar off)', async () => {
    const next = random(7);
    const points: [number, number][] = [];
    while (points.length < 1000) {
      const lon = 45 + 75 * next();
      // Up to 89.9°N: above it the lat/lon lookup (asin of the direction, unchanged) loses more than the rows' 0.05°.
      const lat = 64 + 25.9 * next();
      // 0.0005°: off the 0.05° cell edges by more than float32 can move a point.
      const off = (v: number, edge: number) => Math.abs(((v - edge) / 0.05) % 1) * 0.05;
      const nearEdge = (v: number, edge: number) => Math.min(off(v, edge), 0.05 - off(v, edge)) < 0.0005;
      if (!nearEdge(lon, 49.975) && !nearEdge(lat, 66)) points.push([lon, lat]);
    }
    expect(points.filter(([lon, lat]) => cellIndexAt(sector, lon, lat) >= 0).length).toBeGreaterThan(600);
    expect(await disagreements(sector, points, (lon, lat) => cellIndexAt(sector, lon, lat))).toEqual({ globe: [], mercator: [] });
  });
});
