/**
 * What the scalar field and POLARIS layers share (both draw one value per cell of a regular lat/lon grid or of a
 * grid regular in a north polar stereographic plane, common/field-grid.ts):
 * the model over the grid's mesh, rebuilt only when the grid or the projection changes; the r32float slice
 * textures; the cell lookup of their fragment shaders (`gridCell`, src/map/layers/grid-field/_grid-cell.frag.glsl);
 * the ground-overlay draw parameters; and the uniforms that place the grid.
 */
import type { Viewport } from '@deck.gl/core';
import type { Device, Texture } from '@luma.gl/core';
import { Geometry, Model } from '@luma.gl/engine';
import type { ShaderModule } from '@luma.gl/shadertools';
import gridCellSource from './_grid-cell.frag.glsl?raw';
import { fitsFieldGrid, isProjectedGrid, type FieldGrid } from '../../../../common/field-grid.ts';
import { polarUniformsOf } from '../../../../common/polar-stereographic.ts';
import { createGridMesh, gridExtent } from './grid-mesh.ts';

/** Alpha of valid cells before the layer's opacity: 200 of 255. */
export const VALID_CELL_ALPHA = 200 / 255;

/** Row-major values, `height` rows of `width` columns, NaN where missing (e.g. the worker's ScalarSlice). */
export interface FieldValues {
  data: Float32Array;
  width: number;
  height: number;
}

/** The fragment shaders' `common_to_lnglat`, `is_missing`, `grid_cell`, `polar_cell`, `field_cell` (functions only). */
export const gridCell = { name: 'gridCell', fs: gridCellSource } as const satisfies ShaderModule;

/**
 * The `parameters` default prop of a ground overlay: no depth test. On the globe the mesh's flat triangles dip up
 * to ~250 m below the sphere MapLibre draws (1° chords), so a depth test hides them behind the basemap; back faces
 * are culled instead, which keeps the far side of the globe out (the mesh winds counter-clockwise seen from above).
 */
export const groundOverlayParameters = {
  type: 'object',
  value: { depthCompare: 'always', depthWriteEnabled: false, cullMode: 'back' },
  compare: 2,
} as const;

/** deck.gl's globe viewport tessellates at a `resolution`; the Mercator viewport has none. */
export function isGlobe(viewport: Viewport): boolean {
  return 'resolution' in viewport && Boolean((viewport as { resolution?: number }).resolution);
}

type Vec4 = [number, number, number, number];

/** The grid's own uniforms, members of every grid layer's block (the scalar field's, POLARIS', the particles'). */
export type GridUniformProps = {
  /** [lon0, lat0, dlon, dlat] (degrees, centre of cell 0, 0) on a lat/lon grid; [x0, y0, dx, dy] (metres) on a polar one. */
  grid: Vec4;
  /** A polar stereographic grid's projection [cos lon0, sin lon0, e, scale m]; all 0 on a lat/lon grid. */
  polar: Vec4;
  /** nlon, nlat (nx, ny): the slice texture's width and height. */
  gridSize: [number, number];
};

/**
 * The uniforms that place the grid: `grid` [lon0, lat0, dlon, dlat] (degrees, cell centres) and `polar` all 0 on a
 * lat/lon grid; on a polar stereographic grid `grid` [x0, y0, dx, dy] (metres, the false easting and northing taken
 * off) and `polar` [cos lon0, sin lon0, eccentricity, scale (m)] (the shader's `polar_cell`); `gridSize`, `globe`.
 */
export function gridUniforms(grid: FieldGrid, globe: boolean): GridUniformProps & { globe: number } {
  if (isProjectedGrid(grid)) {
    const { falseEasting, falseNorthing } = grid.projection;
    return {
      grid: [grid.x0 - falseEasting, grid.y0 - falseNorthing, grid.dx, grid.dy] as Vec4,
      polar: polarUniformsOf(grid.projection),
      gridSize: [grid.nx, grid.ny] as [number, number],
      globe: globe ? 1 : 0,
    };
  }
  return {
    grid: [grid.lon0, grid.lat0, grid.dlon, grid.dlat] as Vec4,
    polar: [0, 0, 0, 0] as Vec4,
    gridSize: [grid.nlon, grid.nlat] as [number, number],
    globe: globe ? 1 : 0,
  };
}

/** Whether a slice has the grid's size (a slice of another file is not drawn on this grid). */
export function fitsGrid(field: FieldValues, grid: FieldGrid): boolean {
  return fitsFieldGrid(grid, field.width, field.height);
}

/** One upload per slice; texelFetch in the shaders needs no filtering (nearest, exact cells, any float32 support). */
export function createSliceTexture(device: Device, id: string, field: FieldValues): Texture {
  const texture = device.createTexture({
    id,
    format: 'r32float',
    width: field.width,
    height: field.height,
    sampler: { minFilter: 'nearest', magFilter: 'nearest', addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' },
  });
  texture.writeData(field.data);
  return texture;
}

/**
 * The layer's model: a triangle mesh over the grid's extent, in degrees (positions only). The layer hands it to
 * deck.gl through `getModels()`, so deck.gl sets the project module's uniforms on it and destroys it.
 */
export class GridModel {
  readonly model: Model;
  private grid: FieldGrid | null = null;
  private globe: boolean | null = null;

  constructor(device: Device, id: string, shaders: { vs: string; fs: string; modules?: ShaderModule[] }) {
    this.model = new Model(device, {
      ...shaders,
      id,
      bufferLayout: [{ name: 'positions', format: 'float32x3' }],
      topology: 'triangle-list',
      vertexCount: 0,
    });
  }

  /** Rebuilds the mesh when the grid or the projection changed (Mercator stops at 85.05°N). */
  update(grid: FieldGrid | null, globe: boolean): void {
    if (grid === this.grid && globe === this.globe) return;
    this.grid = grid;
    this.globe = globe;
    const mesh = grid ? createGridMesh(gridExtent(grid), globe) : null;
    if (!mesh || mesh.vertexCount === 0) {
      this.model.setVertexCount(0);
      return;
    }
    this.model.setGeometry(
      new Geometry({
        topology: 'triangle-list',
        attributes: { positions: { size: 3, value: mesh.positions } },
        indices: mesh.indices,
        vertexCount: mesh.vertexCount,
      }),
    );
    this.model.setVertexCount(mesh.vertexCount);
  }
}
