import type { PlanarGrid } from '../../../common/planar-grid.ts';
import { regionById, type ProjectedRegion } from '../../../common/regions/index.ts';

const arctic = regionById('arctic') as ProjectedRegion;

/**
 * Region `arctic` with its grid coarsened to 100 km cells over the same outer edges (76 columns × 112 rows), so tests
 * build its files in a fraction of a second: the same CRS, file layout and id (a region is a value).
 */
export const SMALL_ARCTIC_GRID: PlanarGrid = { proj4: arctic.proj4, x0: -3_800_000, dx: 100_000, nx: 76, y0: 5_800_000, dy: -100_000, ny: 112 };
export const SMALL_ARCTIC: ProjectedRegion = { ...arctic, shape: [112, 76], grid: SMALL_ARCTIC_GRID };
