/**
 * Where particles may be born: the list of cells that hold a finite drift vector. The update shader
 * respawns a particle by drawing a uniform random number r in [0, 1), picking entry floor(r * count) of this
 * list (uploaded as an r32float texture, row-major in rows of RESPAWN_TEXTURE_WIDTH) and jittering within
 * the cell. Land and NaN cells are never in the list, so no particle is ever born there.
 */

/** Width of the respawn-list texture (texels); 4096 is the smallest MAX_TEXTURE_SIZE WebGL2 allows. */
export const RESPAWN_TEXTURE_WIDTH = 4096;

export interface RespawnCells {
  /** Row-major cell indices (j * width + i) as floats: exact up to 2^24 cells. Padded to whole rows. */
  indices: Float32Array;
  /** Number of valid cells (entries beyond it are padding). */
  count: number;
  textureWidth: number;
  textureHeight: number;
}

/** Indices of the cells where both u and v are finite, from interleaved [u0, v0, u1, v1, ...]. */
export function buildRespawnCells(data: Float32Array, width: number, height: number): RespawnCells {
  const cells = width * height;
  if (data.length < cells * 2) throw new RangeError(`drift data has ${data.length} values, expected ${cells * 2}`);
  const list = new Float32Array(cells);
  let count = 0;
  for (let k = 0; k < cells; k++) {
    if (Number.isFinite(data[2 * k]) && Number.isFinite(data[2 * k + 1])) list[count++] = k;
  }
  const textureWidth = Math.max(1, Math.min(RESPAWN_TEXTURE_WIDTH, count));
  const textureHeight = Math.max(1, Math.ceil(count / textureWidth));
  const indices = new Float32Array(textureWidth * textureHeight);
  indices.set(list.subarray(0, count));
  return { indices, count, textureWidth, textureHeight };
}
