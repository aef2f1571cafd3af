import { describe, expect, it } from 'vitest';
import { buildRespawnCells, RESPAWN_TEXTURE_WIDTH, type RespawnCells } from './respawn-cells.ts';

/** The cell the shader picks for random number r in [0, 1): the same floor(r * count) lookup. */
function pickRespawnCell(cells: RespawnCells, r: number): number {
  if (cells.count === 0) return -1;
  const k = Math.min(cells.count - 1, Math.floor(r * cells.count));
  return cells.indices[k];
}

/** A width × height field, NaN where `isNaNCell(i, j)`, u = i, v = j elsewhere. */
function field(width: number, height: number, isNaNCell: (i: number, j: number) => boolean): Float32Array {
  const data = new Float32Array(width * height * 2);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const k = (j * width + i) * 2;
      data[k] = isNaNCell(i, j) ? NaN : i;
      data[k + 1] = isNaNCell(i, j) ? NaN : j;
    }
  }
  return data;
}

describe('respawn sampler', () => {
  it('lists exactly the cells with finite drift', () => {
    const cells = buildRespawnCells(field(10, 4, (i) => i < 5), 10, 4);
    expect(cells.count).toBe(20);
    expect(Array.from(cells.indices.subarray(0, 20))).toEqual(
      [5, 6, 7, 8, 9, 15, 16, 17, 18, 19, 25, 26, 27, 28, 29, 35, 36, 37, 38, 39],
    );
  });

  it('never picks a NaN cell, whatever the random number', () => {
    const width = 37;
    const height = 23;
    const data = field(width, height, (i, j) => (i * 7 + j * 3) % 5 === 0 || j > 20);
    const cells = buildRespawnCells(data, width, height);
    for (let n = 0; n <= 10_000; n++) {
      const r = Math.min(n / 10_000, 1 - 1e-9);
      const cell = pickRespawnCell(cells, r);
      expect(Number.isFinite(data[cell * 2])).toBe(true);
      expect(Number.isFinite(data[cell * 2 + 1])).toBe(true);
    }
  });

  it('reaches every valid cell and treats a field with one NaN component as missing', () => {
    const data = new Float32Array([0.1, 0.2, NaN, 0.3, 0.4, NaN, 0.5, 0.6]);
    const cells = buildRespawnCells(data, 4, 1);
    expect(cells.count).toBe(2);
    const picked = new Set([0, 0.25, 0.49, 0.5, 0.99].map((r) => pickRespawnCell(cells, r)));
    expect([...picked].sort()).toEqual([0, 3]);
  });

  it('fits large grids in rows of the texture width and handles a field with no data', () => {
    const cells = buildRespawnCells(new Float32Array(1301 * 480 * 2), 1301, 480);
    expect(cells.textureWidth).toBe(RESPAWN_TEXTURE_WIDTH);
    expect(cells.textureWidth * cells.textureHeight).toBeGreaterThanOrEqual(1301 * 480);
    expect(cells.indices[1301 * 480 - 1]).toBe(1301 * 480 - 1);
    const empty = buildRespawnCells(new Float32Array([NaN, NaN]), 1, 1);
    expect(empty.count).toBe(0);
    expect(pickRespawnCell(empty, 0.5)).toBe(-1);
  });
});
