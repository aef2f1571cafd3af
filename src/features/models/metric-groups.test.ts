import { describe, expect, it } from 'vitest';
import { groupMetrics } from './metric-groups.ts';

const names = (entries: { name: string }[]) => entries.map((entry) => entry.name);

// The hindcast names (server/src/verification/hindcast-metrics.ts) and the verification ones, in the API's order.
const hindcast: Record<string, number> = {};
for (const lead of [24, 48, 72]) for (const score of ['rmse', 'mae', 'ssim']) hindcast[`${score}_${lead}h`] = lead / 100;
for (const variable of ['thickness', 'speed']) for (const score of ['rmse', 'mae', 'ssim']) hindcast[`${score}_${variable}`] = 0.5;
Object.assign(hindcast, { rmse: 0.1, mae: 0.05, ssim: 0.9 });

describe('groupMetrics', () => {
  it('puts rmse, mae, ssim first, then a row per score across the leads, and one across the variables', () => {
    const groups = groupMetrics(hindcast);
    expect(names(groups.headline)).toEqual(['rmse', 'mae', 'ssim']);
    expect(groups.byLead.map((row) => [row.key, names(row.metrics)])).toEqual([
      ['rmse', ['rmse_24h', 'rmse_48h', 'rmse_72h']],
      ['mae', ['mae_24h', 'mae_48h', 'mae_72h']],
      ['ssim', ['ssim_24h', 'ssim_48h', 'ssim_72h']],
    ]);
    expect(groups.byVariable.map((row) => [row.key, names(row.metrics)])).toEqual([
      ['rmse', ['rmse_speed', 'rmse_thickness']],
      ['mae', ['mae_speed', 'mae_thickness']],
      ['ssim', ['ssim_speed', 'ssim_thickness']],
    ]);
    expect(groups.other).toEqual([]);
  });

  it("adds the +24 h verification scores to the headline and keeps every metric exactly once", () => {
    const metrics = { ...hindcast, iiee_24h: 310000, iiee_48h: 420000, skill_iiee_24h: 0.21, skill_iiee_48h: 0.1, n_runs: 12 };
    const groups = groupMetrics(metrics);
    expect(names(groups.headline)).toEqual(['rmse', 'mae', 'ssim', 'iiee_24h', 'skill_iiee_24h']);
    expect(groups.byLead.map((row) => row.key)).toEqual(['rmse', 'mae', 'ssim', 'iiee', 'skill_iiee']);
    expect(names(groups.other)).toEqual(['n_runs']);
    const placed = [...groups.headline, ...groups.byLead.flatMap((r) => r.metrics), ...groups.byVariable.flatMap((r) => r.metrics), ...groups.other];
    expect(names(placed).sort()).toEqual(Object.keys(metrics).sort());
    expect(placed.find((m) => m.name === 'iiee_48h')?.value).toBe(420000);
  });
});
