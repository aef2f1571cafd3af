/**
 * Vectors: grid-relative components → east/north, displacements → velocities, components → the product's
 * speed (m/s) and direction (radians, bearing clockwise from north the ice moves towards).
 */
import type { EastNorth, SourceGrid, SpeedDirection } from './types.ts';

/**
 * Grid-relative components (u along the grid's x / column direction, v along its y / row direction, at the
 * source cells) → eastward/northward components at the same cells. The axes' bearings come from the
 * projection (proj4) for projected grids, from the local bearing of the rows and columns for 2-D lat/lon
 * grids; 1-D lat/lon grids are already east/north (a copy is returned).
 */
export function rotateToEastNorth(source: SourceGrid, u: ArrayLike<number>, v: ArrayLike<number>): EastNorth {
  void source;
  void u;
  void v;
  throw new Error('in progress');
}

/**
 * Displacements (e.g. OSI SAF drift dX/dY, in `units` m or km) over `seconds` (one number, or one per cell)
 * → velocity components in m/s. NaN where the displacement or the interval is missing or the interval ≤ 0.
 */
export function displacementToVelocity(
  displacement: ArrayLike<number>,
  units: string,
  seconds: number | ArrayLike<number>,
): Float32Array {
  void displacement;
  void units;
  void seconds;
  throw new Error('in progress');
}

/** East/north components (m/s) → speed (m/s) and direction (bearing towards, radians [0, 2π)). */
export function speedDirection(east: ArrayLike<number>, north: ArrayLike<number>): SpeedDirection {
  void east;
  void north;
  throw new Error('in progress');
}
