/**
 * Finds where a variable's cells are: its horizontal dimensions and their coordinates, as one SourceGrid.
 */
import type { SourceFile, SourceGrid } from './types.ts';

/**
 * The variable's row and column dimensions: its last two (CF order: ..., y, x). Throws RegridError
 * 'not-a-field' for fewer than two dimensions.
 */
export function horizontalDimensions(file: SourceFile, variableName: string): { yDimension: string; xDimension: string; ny: number; nx: number } {
  void file;
  void variableName;
  throw new Error('in progress');
}

/**
 * Where the variable's cells are. Order of preference:
 *  1. projected x/y with a grid mapping (the variable's `grid_mapping` variable: `proj4`/`proj4_string`/
 *     `proj4text`/`crs_wkt` attributes, or CF `polar_stereographic` / `lambert_azimuthal_equal_area`
 *     parameters; or PolarWatch-style global `grid_mapping_*` attributes), axes in m or km; when the file
 *     also has 2-D lat/lon, the projection is checked against them and the lat/lon win on disagreement;
 *  2. 2-D latitude/longitude (CF `coordinates` attribute, standard_name, or names lat/latitude, lon/longitude);
 *  3. 1-D latitude/longitude along the two dimensions.
 * Throws RegridError ('not-a-field', 'no-coordinates', 'unknown-projection', 'bad-coordinates').
 */
export function describeSourceGrid(file: SourceFile, variableName: string): SourceGrid {
  void file;
  void variableName;
  throw new Error('in progress');
}
