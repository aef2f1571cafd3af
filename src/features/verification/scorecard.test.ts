import { describe, expect, it } from 'vitest';
import { scorecard } from './scorecard.ts';
import { row } from '../../testing/verification-rows.ts';

describe('scorecard', () => {
  it('averages each model and lead over the period and counts the runs that beat persistence', () => {
    const rows = [
      row({ date: '2026-11-19', iiee_km2: 100_000, edge_distance_km: 10, conc_rmse: 0.1, skill_iiee: 0.5, skill_conc_rmse: 0.1 }),
      row({ date: '2026-11-20', iiee_km2: 300_000, edge_distance_km: null, conc_rmse: 0.2, skill_iiee: -0.1, skill_conc_rmse: null }),
      row({ date: '2026-11-21', iiee_km2: 200_000, edge_distance_km: 20, conc_rmse: 0.3, skill_iiee: null, skill_conc_rmse: 0.3 }),
      row({ model_id: 'model_1', lead_hours: 48, skill_iiee: 0 }),
      row({ model_id: 'model_3' }),
    ];
    const cells = scorecard(rows, ['model_2', 'model_1']);
    expect(cells.map((c) => [c.model_id, c.lead_hours])).toEqual([
      ['model_2', 24],
      ['model_1', 48],
    ]);
    const [first, second] = cells;
    expect(first.runs).toBe(3);
    expect(first.iiee_km2).toBeCloseTo(200_000, 6);
    expect(first.edge_distance_km).toBeCloseTo(15, 9);
    expect(first.conc_rmse).toBeCloseTo(0.2, 9);
    expect(first.skill_iiee).toBeCloseTo(0.2, 9);
    expect(first.skill_conc_rmse).toBeCloseTo(0.2, 9);
    expect(first.beats_persistence_share).toBeCloseTo(0.5, 9);
    expect(second.beats_persistence_share).toBe(0);
  });

  it('has no cell for a model without records', () => {
    expect(scorecard([row({})], ['model_9'])).toEqual([]);
  });
});
