/** Files of a projected region (the whole Arctic): writing them (layout.ts) and reading their grid back. */
export { encodeRegionFile, regionFileLayout, GRID_MAPPING_VARIABLE, type RegionFields, type RegionFileMetadata } from './layout.ts';
export { PACKING, PACKED_FILL, pack, type Packing } from './packing.ts';
export { planarGridFromDataset } from './read-grid.ts';
