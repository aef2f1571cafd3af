import { describe, expect, it } from 'vitest';
import { errorScores, ssim } from './hindcast-scores.ts';

describe('hindcast scores', () => {
  it('RMSE and MAE equal the hand-computed values, skipping NaN cells', () => {
    const forecast = [1, 2, 3, NaN, 5];
    const truth = [1, 4, 0, 7, NaN];
    // errors: 0, -2, 3 → RMSE = sqrt((0 + 4 + 9) / 3), MAE = 5 / 3
    const scores = errorScores(forecast, truth);
    expect(scores.count).toBe(3);
    expect(scores.rmse).toBeCloseTo(Math.sqrt(13 / 3), 12);
    expect(scores.mae).toBeCloseTo(5 / 3, 12);
    expect(errorScores([NaN], [1]).rmse).toBeNaN();
  });

  it('SSIM of a field with itself is 1', () => {
    const field = Array.from({ length: 20 * 30 }, (_, k) => Math.sin(k / 7) + (k % 30) / 30);
    expect(ssim(field, field, 30, 20, 2)).toBeCloseTo(1, 12);
  });

  it('SSIM of two constant fields is the luminance term (2ab + C1) / (a² + b² + C1)', () => {
    const a = 0.2;
    const b = 0.6;
    const c1 = (0.01 * 1) ** 2;
    const expected = (2 * a * b + c1) / (a * a + b * b + c1); // contrast/structure terms are C2 / C2 = 1
    expect(ssim(new Array(100).fill(a), new Array(100).fill(b), 10, 10, 1)).toBeCloseTo(expected, 12);
  });

  it('SSIM of a 7×7 window equals the formula with sample statistics', () => {
    const x = Array.from({ length: 49 }, (_, k) => (k * 37) % 11);
    const y = x.map((v, k) => v * 0.5 + (k % 3));
    const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
    const mx = mean(x);
    const my = mean(y);
    const vx = x.reduce((s, v) => s + (v - mx) ** 2, 0) / 48;
    const vy = y.reduce((s, v) => s + (v - my) ** 2, 0) / 48;
    const cxy = x.reduce((s, v, k) => s + (v - mx) * (y[k] - my), 0) / 48;
    const c1 = (0.01 * 10) ** 2;
    const c2 = (0.03 * 10) ** 2;
    const expected = ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
    expect(ssim(x, y, 7, 7, 10)).toBeCloseTo(expected, 10);
  });

  it('SSIM leaves out windows that touch a missing cell', () => {
    const x = new Array(7 * 8).fill(1);
    const y = new Array(7 * 8).fill(1);
    y[0] = 100; // only the first window (rows 0–6) sees it…
    x[0] = NaN; // …and it is missing, so only the second window (rows 1–7) counts
    expect(ssim(x, y, 7, 8, 1)).toBeCloseTo(1, 12);
    expect(ssim([NaN], [1], 1, 1, 1)).toBeNaN();
  });
});
