/**
 * The regridder: CF fields on any horizontal grid (1-D lat/lon, 2-D lat/lon, projected x/y with a grid
 * mapping) onto a regular latitude/longitude grid, plus the unit and vector conversions the product needs.
 * Used by the server's ingest (analyses, imported forecasts) and by the decode worker (a local file on the map).
 * See README.md for the contract; every function here is pure apart from the mapping cache.
 *
 *   const grid = describeSourceGrid(dataset, 'ice_conc');            // throws RegridError (Russian message)
 *   const mapping = buildMapping(grid, SECTOR_GRID, 'bilinear');      // cached by grid.hash
 *   const conc = applyMapping(mapping, normaliseUnits(values, units, 'concentration').values);
 */
export type {
  AttributeValue,
  SourceVariableInfo,
  SourceFile,
  RegularGrid,
  SourceGrid,
  LatLon1dGrid,
  LatLon2dGrid,
  ProjectedGrid,
  RegridMethod,
  RegridMapping,
  IceQuantity,
  EastNorth,
} from './types.ts';
export { RegridError, regridReasonsRu, type RegridErrorCode } from './errors.ts';
export { describeSourceGrid } from './source-grid.ts';
export { buildMapping, applyMapping, mappingCache } from './mapping.ts';
export { readField, type FieldIndex, type SliceFile } from './read-field.ts';
export { rotateToEastNorth, displacementToVelocity } from './vectors.ts';
export { normaliseUnits, iceQuantity, type NormalisedValues } from './units.ts';
export { footprintGrid, type FootprintOptions } from './footprint.ts';
