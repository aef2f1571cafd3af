import { describe, expect, it } from 'vitest';
import { demoAnalysis } from '../../src/archive/demo-analysis.ts';
import { SECTOR_GRID, EARTH_RADIUS_M } from '../../src/grid/grid.ts';
import { driftSpeed } from '../../src/grid/ice-state.ts';
import { landMask } from '../../src/grid/land-mask.ts';

const at = (lat: number, lon: number) => Math.round((lat - 66.025) / 0.05) * 1301 + Math.round((lon - 50) / 0.05);

describe('land mask', () => {
  it('has land and sea where the map has them', () => {
    const mask = landMask(SECTOR_GRID);
    expect(mask[at(73.0, 55.0)]).toBe(1); // Novaya Zemlya
    expect(mask[at(76.0, 100.0)]).toBe(1); // Taymyr
    expect(mask[at(68.0, 80.0)]).toBe(1); // Yamal/Gydan, the Siberian mainland
    expect(mask[at(75.0, 70.0)]).toBe(0); // Kara Sea
    expect(mask[at(71.0, 51.0)]).toBe(0); // Barents Sea, south-west of Novaya Zemlya
    expect(mask[at(85.0, 80.0)]).toBe(0); // Arctic Ocean
    expect(mask[at(89.975, 100.0)]).toBe(0); // the pole
    const land = mask.reduce((s, v) => s + v, 0) / mask.length;
    expect(land).toBeGreaterThan(0.2);
    expect(land).toBeLessThan(0.45);
  });
});

describe('demo analysis', () => {
  const march = demoAnalysis('2026-03-15', SECTOR_GRID);
  const september = demoAnalysis('2026-09-15', SECTOR_GRID);

  it('is deterministic for a date', () => {
    const again = demoAnalysis('2026-03-15', SECTOR_GRID);
    expect(Buffer.from(again.thickness.buffer).equals(Buffer.from(march.thickness.buffer))).toBe(true);
    expect(Buffer.from(again.u.buffer).equals(Buffer.from(march.u.buffer))).toBe(true);
  });

  it('stays in the physical ranges and is NaN on land', () => {
    const mask = landMask(SECTOR_GRID);
    const speed = driftSpeed(march);
    // Count violations rather than asserting per cell: 624,480 cells.
    let landWithValues = 0;
    let outOfRange = 0;
    let seaCells = 0;
    let fastest = 0;
    for (let k = 0; k < mask.length; k++) {
      if (mask[k]) {
        if (!Number.isNaN(march.thickness[k]) || !Number.isNaN(march.concentration[k]) || !Number.isNaN(speed[k])) landWithValues++;
        continue;
      }
      seaCells++;
      const h = march.thickness[k];
      const c = march.concentration[k];
      if (!(h >= 0 && h <= 4) || !(c >= 0 && c <= 1)) outOfRange++;
      if (speed[k] > fastest) fastest = speed[k];
    }
    expect(seaCells).toBeGreaterThan(300_000);
    expect(landWithValues).toBe(0);
    expect(outOfRange).toBe(0);
    expect(fastest).toBeGreaterThan(0.1);
    expect(fastest).toBeLessThanOrEqual(0.3);
  });

  it('has more and thicker ice in March than in September, and thicker ice towards the pole', () => {
    const mean = (a: Float32Array, from = 0, to = a.length) => {
      let s = 0;
      let n = 0;
      for (let k = from; k < to; k++) {
        if (a[k] === a[k]) {
          s += a[k];
          n++;
        }
      }
      return s / n;
    };
    expect(mean(march.concentration)).toBeGreaterThan(mean(september.concentration) + 0.2);
    expect(mean(march.thickness)).toBeGreaterThan(mean(september.thickness));
    const south = mean(march.thickness, at(76, 50), at(78, 50));
    const north = mean(march.thickness, at(87, 50), at(89, 50));
    expect(north).toBeGreaterThan(south);
    // A marginal ice zone: some cells partly covered in September.
    expect(september.concentration.some((c) => c > 0.15 && c < 0.8)).toBe(true);
  });

  it('changes smoothly from one day to the next', () => {
    const next = demoAnalysis('2026-03-16', SECTOR_GRID);
    let diff = 0;
    let n = 0;
    for (let k = 0; k < next.concentration.length; k++) {
      if (next.concentration[k] !== next.concentration[k]) continue;
      diff += Math.abs(next.concentration[k] - march.concentration[k]);
      n++;
    }
    expect(diff / n).toBeGreaterThan(0); // it does change
    expect(diff / n).toBeLessThan(0.03);
  });

  it('drifts without divergence (from a stream function)', () => {
    // Discrete divergence on the sphere over ice-covered interior cells, relative to |velocity| / cell size.
    const { nlon } = SECTOR_GRID;
    const rad = Math.PI / 180;
    let worst = 0;
    for (let j = 100; j < 460; j += 7) {
      const lat = (66.025 + j * 0.05) * rad;
      for (let i = 200; i < 1200; i += 7) {
        const k = j * nlon + i;
        const values = [march.u[k - 1], march.u[k + 1], march.v[k - nlon], march.v[k + nlon]];
        if (values.some(Number.isNaN)) continue;
        const dudx = (march.u[k + 1] - march.u[k - 1]) / (2 * 0.05 * rad * EARTH_RADIUS_M * Math.cos(lat));
        const dvcos = (march.v[k + nlon] * Math.cos(lat + 0.05 * rad) - march.v[k - nlon] * Math.cos(lat - 0.05 * rad)) / (2 * 0.05 * rad);
        const divergence = dudx + dvcos / (EARTH_RADIUS_M * Math.cos(lat));
        const scale = 0.3 / (0.05 * rad * EARTH_RADIUS_M * Math.cos(lat));
        worst = Math.max(worst, Math.abs(divergence) / scale);
      }
    }
    expect(worst).toBeLessThan(0.01);
  });
});
