/**
 * Scores of one forecast lead against the analysis of its valid date, on a regular latitude/longitude grid or a
 * region's plane (score-grid.ts). Every score is area-weighted with the cell area A of score-grid.ts. Concentration is a fraction (0..1),
 * thickness in m, areas in km², lengths in km.
 *
 *  - cells: where both the forecast's and the analysis's concentration are finite (`n_cells` of them);
 *  - ice: concentration ≥ 0.15 (ICE_THRESHOLD);
 *  - iiee_km2 = Σ A where the two ice masks differ (Goessling et al. 2016); over: forecast ice, analysis none;
 *    under: the reverse; over + under = iiee;
 *  - edge_length_km: the analysis's 0.15 contour (ice-edge.ts); edge_distance_km = iiee / edge length, the mean
 *    ice-edge displacement (Melsom et al. 2019), null when the analysis has no edge;
 *  - conc_rmse = √(Σ A d² / Σ A), conc_mae = Σ A |d| / Σ A, conc_bias = Σ A d / Σ A with d = forecast − analysis;
 *  - thick_rmse, thick_bias the same over the cells where both thicknesses are finite; null where there are
 *    none (an analysis without thickness, as OSI SAF's).
 * Persistence is the same scoring with the analysis of the start date as the forecast; a skill is
 * 1 − score / persistence's score (positive: better than persistence), null when persistence's score is 0.
 */
import { ErrorSums } from './error-sums.ts';
import { ICE_THRESHOLD, iceEdgeLengthKm } from './ice-edge.ts';
import { cellAreasKm2, isPlanarScoreGrid, scoreGridShape, type ScoreGrid } from './score-grid.ts';

/** The fields scored: concentration (fraction) and, when the product has it, thickness (m). NaN = no value. */
export interface VerifiedFields {
  concentration: ArrayLike<number>;
  thickness?: ArrayLike<number> | null;
}

/** Scores of one field against the truth. */
export interface FieldScores {
  n_cells: number;
  iiee_km2: number;
  iiee_over_km2: number;
  iiee_under_km2: number;
  conc_rmse: number | null;
  conc_mae: number | null;
  conc_bias: number | null;
  thick_rmse: number | null;
  thick_bias: number | null;
}

/** A verification record's scores (the numbers of a row of GET /api/v1/verification). */
export interface LeadScores extends FieldScores {
  edge_length_km: number;
  edge_distance_km: number | null;
  persistence_iiee_km2: number | null;
  persistence_conc_rmse: number | null;
  skill_iiee: number | null;
  skill_conc_rmse: number | null;
}

/** Scores of `forecast` against `truth` (see the header); `areas` = cellAreasKm2(grid), passed in to reuse. */
export function scoreFields(grid: ScoreGrid, forecast: VerifiedFields, truth: VerifiedFields, areas = cellAreasKm2(grid)): FieldScores {
  const { nx: nlon, ny: nlat } = scoreGridShape(grid);
  const perCell = isPlanarScoreGrid(grid);
  const fc = forecast.concentration;
  const tc = truth.concentration;
  const ft = forecast.thickness ?? null;
  const tt = truth.thickness ?? null;
  let n = 0;
  let over = 0;
  let under = 0;
  const conc = new ErrorSums();
  const thick = new ErrorSums();
  for (let j = 0; j < nlat; j++) {
    const rowArea = areas[perCell ? 0 : j];
    const row = j * nlon;
    for (let k = row; k < row + nlon; k++) {
      const a = perCell ? areas[k] : rowArea;
      const f = fc[k];
      const t = tc[k];
      if (f !== f || t !== t) continue;
      n++;
      const fIce = f >= ICE_THRESHOLD;
      const tIce = t >= ICE_THRESHOLD;
      if (fIce && !tIce) over += a;
      else if (tIce && !fIce) under += a;
      conc.add(f - t, a);
      if (ft && tt) {
        const dh = ft[k] - tt[k];
        if (dh === dh) thick.add(dh, a);
      }
    }
  }
  return {
    n_cells: n,
    iiee_km2: over + under,
    iiee_over_km2: over,
    iiee_under_km2: under,
    conc_rmse: conc.rmse(),
    conc_mae: conc.mae(),
    conc_bias: conc.bias(),
    thick_rmse: thick.rmse(),
    thick_bias: thick.bias(),
  };
}

/** 1 − score / reference: positive when the score is smaller (better); null when either is missing or the reference is 0. */
export function skill(score: number | null, reference: number | null): number | null {
  if (score === null || reference === null || reference === 0 || !Number.isFinite(score) || !Number.isFinite(reference)) return null;
  return 1 - score / reference;
}

/** What scoreLead needs: the forecast of one lead, the analysis of its valid date and of the start date. */
export interface LeadInput {
  grid: ScoreGrid;
  forecast: VerifiedFields;
  /** The analysis of the valid date (the truth). */
  analysis: VerifiedFields;
  /** The analysis of the start date (persistence); null when the archive has none. */
  persistence: VerifiedFields | null;
  /** cellAreasKm2(grid), to reuse across leads. */
  areas?: Float64Array;
  /** The truth's edge length when already known (it does not depend on the forecast). */
  edgeLengthKm?: number;
  /** Persistence's scores when already known (the same for every model of a date and lead). */
  persistenceScores?: FieldScores | null;
}

/** Persistence's scores: the start date's analysis as the forecast (concentration only). */
export function persistenceScores(grid: ScoreGrid, persistence: VerifiedFields | null, truth: VerifiedFields, areas = cellAreasKm2(grid)): FieldScores | null {
  return persistence ? scoreFields(grid, { concentration: persistence.concentration }, truth, areas) : null;
}

/** Every score of a verification record. */
export function scoreLead(input: LeadInput): LeadScores {
  const areas = input.areas ?? cellAreasKm2(input.grid);
  const own = scoreFields(input.grid, input.forecast, input.analysis, areas);
  const edge = input.edgeLengthKm ?? iceEdgeLengthKm(input.analysis.concentration, input.grid);
  const persistence = input.persistenceScores !== undefined ? input.persistenceScores : persistenceScores(input.grid, input.persistence, input.analysis, areas);
  const persistenceIiee = persistence ? persistence.iiee_km2 : null;
  const persistenceRmse = persistence ? persistence.conc_rmse : null;
  return {
    ...own,
    edge_length_km: edge,
    edge_distance_km: edge > 0 ? own.iiee_km2 / edge : null,
    persistence_iiee_km2: persistenceIiee,
    persistence_conc_rmse: persistenceRmse,
    skill_iiee: skill(own.iiee_km2, persistenceIiee),
    skill_conc_rmse: skill(own.conc_rmse, persistenceRmse),
  };
}
