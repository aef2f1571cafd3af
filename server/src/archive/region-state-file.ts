/**
 * Files of a projected region (the whole Arctic) as the archive reads and writes states: IceState(s) on the
 * region's planar grid ⇄ the region file layout (netcdf/region-file/: int16 CF-packed fields on (time, y, x), 2-D
 * latitude/longitude, a polar stereographic `crs`). The sector's files stay forecast-file.ts's, unchanged.
 */
import { FILE_VARIABLES } from '../../../common/forecast-file/variables.ts';
import type { PlanarGrid } from '../../../common/planar-grid.ts';
import type { ProjectedRegion } from '../../../common/regions/index.ts';
import { Nc3Dataset } from '../../../netcdf/nc3/reader.ts';
import { encodeRegionFile, planarGridFromDataset } from '../../../netcdf/region-file/index.ts';
import type { AttributeValue } from '../../../netcdf/types.ts';
import type { StateGrid } from '../grid/grid.ts';
import { driftComponents, type IceState } from '../grid/ice-state.ts';
import { decodeStateFile, type FileMetadata } from './forecast-file.ts';

/** Encode states (one per lead, on the region's grid) as a region file. */
export function encodeRegionStateFile(region: ProjectedRegion, states: IceState<PlanarGrid>[], meta: FileMetadata): Uint8Array {
  const { modelType, attributes, ...rest } = meta;
  return encodeRegionFile(
    region,
    states.map(({ thickness, concentration, u, v }) => ({ thickness, concentration, u, v })),
    { ...rest, attributes: { ...attributes, ...(modelType ? { model_type: modelType } : {}) } },
  );
}

/** The state at lead index `lead` of a region file (fields unpacked, NaN where filled; drift back to east/north). */
export function decodeRegionStateFile(dataset: Nc3Dataset, grid: PlanarGrid, lead: number): { state: IceState<PlanarGrid>; attributes: Record<string, AttributeValue> } {
  const slice = (name: string): Float32Array => {
    const values = dataset.read(name, lead);
    return values instanceof Float32Array ? values : Float32Array.from(values);
  };
  const { u, v } = driftComponents(slice(FILE_VARIABLES.speed), slice(FILE_VARIABLES.direction));
  const state = { grid, thickness: slice(FILE_VARIABLES.thickness), concentration: slice(FILE_VARIABLES.concentration), u, v };
  return { state, attributes: dataset.attributes };
}

/** The state at lead index `lead` of any archived file: a region file by its planar grid, else the sector's layout. */
export function decodeAnyStateFile(bytes: Uint8Array, lead: number): { state: IceState<StateGrid>; attributes: Record<string, AttributeValue> } {
  const dataset = new Nc3Dataset(bytes);
  const grid = planarGridFromDataset(dataset);
  return grid ? decodeRegionStateFile(dataset, grid, lead) : decodeStateFile(bytes, lead);
}
