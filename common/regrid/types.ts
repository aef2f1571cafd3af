/**
 * The regridder's input and output types. Plain data only: common/ imports nothing from src/, server/ or
 * workers/, so the NetCDF decoder's dataset is described here structurally (netcdf/'s NetcdfDataset
 * satisfies `SourceFile` as it is).
 *
 * Units: latitude/longitude in degrees (north, east); projected x/y in metres; angles in radians.
 */
import type { RegularGrid } from '../regular-grid.ts';

export type AttributeValue = string | number | bigint | number[] | string[];

/** The header of one variable (netcdf/'s VariableInfo fits): `group/name` inside NetCDF-4 groups. */
export interface SourceVariableInfo {
  name: string;
  dimensions: string[];
  shape: number[];
  attributes: Record<string, AttributeValue>;
}

/**
 * What the regridder needs of an opened file. `read` returns unpacked values (scale/offset applied, missing
 * as NaN) of a whole variable; the regridder calls it only for coordinate and grid-mapping variables.
 */
export interface SourceFile {
  variables: SourceVariableInfo[];
  attributes: Record<string, AttributeValue>;
  read(name: string): ArrayLike<number>;
}

// The target grid is common/regular-grid.ts's RegularGrid, re-exported for the regridder's modules.
export type { RegularGrid };

interface SourceGridBase {
  /** Columns (the variable's last dimension) and rows (the one before it). Values are row-major: j·nx + i. */
  nx: number;
  ny: number;
  /** Names of the variable's row and column dimensions. */
  yDimension: string;
  xDimension: string;
  /**
   * Hash (hex) of the kind, the projection and every coordinate value: two files on the same grid share it,
   * and with it the cached mapping.
   */
  hash: string;
  /** Short English description for logs and provenance, e.g. "projected laea 432×432, 25 km". */
  description: string;
}

/** 1-D latitude(y) and longitude(x) coordinates (CMEMS-style regular or irregular lat/lon). */
export interface LatLon1dGrid extends SourceGridBase {
  kind: 'latlon1d';
  lat: Float64Array;
  lon: Float64Array;
}

/** Where a curvilinear grid joins itself (seams.ts), as source cell indices j·nx + i. */
export interface GridSeams {
  /** Per row j, the cell across the east edge of (j, nx−1); −1 where none. Null when no row joins. */
  east: Int32Array | null;
  /** Per column i, the cell across the top edge of (ny−1, i); −1 where none. Null when no column joins. */
  north: Int32Array | null;
}

/** 2-D latitude(y, x) and longitude(y, x) (curvilinear: ROMS, TOPAZ/neXtSIM, CMIP tripolar). NaN where unknown. */
export interface LatLon2dGrid extends SourceGridBase {
  kind: 'latlon2d';
  lat: Float64Array;
  lon: Float64Array;
  /** Where the grid joins itself beyond its last column and row (from the cell vertices, seams.ts); absent: edges. */
  seams?: GridSeams | null;
}

/** Projected x(x) and y(y) axes in metres (converted from km) and the projection as a proj4 string. */
export interface ProjectedGrid extends SourceGridBase {
  kind: 'projected';
  proj4: string;
  x: Float64Array;
  y: Float64Array;
}

export type SourceGrid = LatLon1dGrid | LatLon2dGrid | ProjectedGrid;

/**
 * 'nearest': the value of the source cell whose centre is nearest. 'bilinear': weighted from the four source
 * cell centres around the target point; NaN if any of the four is missing (a missing cell stays missing,
 * land never bleeds into the sea).
 */
export type RegridMethod = 'nearest' | 'bilinear';

/**
 * A precomputed mapping from a source grid onto a target grid: for each target cell (row-major, j·nlon + i)
 * `stride` source indices (−1 = outside the source's footprint) and their weights.
 */
export interface RegridMapping {
  method: RegridMethod;
  target: RegularGrid;
  sourceHash: string;
  /** nx·ny of the source: applyMapping checks the values' length against it. */
  sourceSize: number;
  /** 1 for nearest, 4 for bilinear. */
  stride: 1 | 4;
  index: Int32Array;
  weight: Float32Array;
  /** Target cells inside the source's footprint (before masking missing values). */
  footprintCount: number;
}

/** What the ice fields are, for unit normalisation and colour ramps. */
export type IceQuantity =
  | 'concentration'
  | 'thickness'
  | 'velocity-x'
  | 'velocity-y'
  | 'velocity-east'
  | 'velocity-north'
  | 'displacement-x'
  | 'displacement-y';

export interface EastNorth {
  /** Eastward and northward components, same units as the input, NaN where either input is missing. */
  east: Float32Array;
  north: Float32Array;
}
