import { makeGrid } from '../../src/forecast/grid.ts';

/** A small grid over the northern Kara Sea and the tip of Novaya Zemlya: 40 × 60 cells of 0.25°, so tests are quick. */
export const SMALL_GRID = makeGrid(40, 60, 74, 60, 0.25);
