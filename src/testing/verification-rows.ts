/** Verification records for the verification page's tests (written by hand, as the API gives them). */
import type { VerificationRow } from '../api/verification.ts';

export function row(overrides: Partial<VerificationRow>): VerificationRow {
  return {
    date: '2026-11-20',
    lead_hours: 24,
    valid_date: '2026-11-21',
    model_id: 'model_2',
    run: 'forecast',
    truth: { source: 'demo_analysis', label: 'демонстрационные данные', demo: true },
    n_cells: 400_000,
    iiee_km2: 200_000,
    iiee_over_km2: 120_000,
    iiee_under_km2: 80_000,
    edge_length_km: 10_000,
    edge_distance_km: 20,
    conc_rmse: 0.08,
    conc_mae: 0.04,
    conc_bias: 0.01,
    thick_rmse: 0.3,
    thick_bias: -0.1,
    persistence_iiee_km2: 250_000,
    persistence_conc_rmse: 0.1,
    skill_iiee: 0.2,
    skill_conc_rmse: 0.2,
    ...overrides,
  };
}
