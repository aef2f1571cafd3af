/**
 * The scores of one forecast lead against an ice chart rasterised on the forecast's grid (icecharts/chart-raster.ts:
 * 1 ice, 0 no ice, NaN where the chart says nothing). The same definitions as against an analysis
 * (common/verification/scores.ts), on what a chart can judge: the ice masks (forecast concentration ≥ 0.15 against
 * the chart's ice, lower bound of CT ≥ 2/10 or fast ice), hence IIEE with its over/under parts and the edge. A
 * chart gives no concentration to subtract, so the concentration and thickness errors are null.
 *  - edge_length_km: the chart's ice edge, the 0.5 contour of the 0/1 field (halfway between an ice and a water
 *    cell centre); edge_distance_km = IIEE / edge length;
 *  - persistence: the analysis of the start date scored against the same chart (its IIEE), and skill_iiee from it.
 */
import type { ScoreGrid } from '../../../common/verification/score-grid.ts';
import { iceEdgeLengthKm } from '../../../common/verification/ice-edge.ts';
import { scoreFields, skill, type LeadScores } from '../../../common/verification/scores.ts';

/** The contour of the chart's 0/1 field taken as its edge: halfway between cell centres. */
const CHART_EDGE_LEVEL = 0.5;

/** A chart on a grid, with what every record against it shares. */
export interface ChartTruthField {
  grid: ScoreGrid;
  /** 1 / 0 / NaN per cell, row-major. */
  ice: Float32Array;
  /** The chart's ice edge on this grid, km. */
  edgeLengthKm: number;
}

export function chartTruthField(grid: ScoreGrid, ice: Float32Array): ChartTruthField {
  return { grid, ice, edgeLengthKm: iceEdgeLengthKm(ice, grid, CHART_EDGE_LEVEL) };
}

/** Cells the chart judges (ice or no ice). */
export function judgedCells(truth: ChartTruthField): number {
  let n = 0;
  for (const value of truth.ice) if (value === value) n++;
  return n;
}

/**
 * Scores of a forecast's concentration (fraction, NaN on land) against the chart; `persistence` is the start
 * date's analysis concentration on the same grid, or null. `areas` = cellAreasKm2(grid) (per row on latitudes/longitudes, per cell on a plane).
 */
export function scoreAgainstChart(truth: ChartTruthField, forecast: ArrayLike<number>, persistence: ArrayLike<number> | null, areas: Float64Array): LeadScores {
  const chart = { concentration: truth.ice };
  const own = scoreFields(truth.grid, { concentration: forecast }, chart, areas);
  const persistenceIiee = persistence ? scoreFields(truth.grid, { concentration: persistence }, chart, areas).iiee_km2 : null;
  const edge = truth.edgeLengthKm;
  return {
    n_cells: own.n_cells,
    iiee_km2: own.iiee_km2,
    iiee_over_km2: own.iiee_over_km2,
    iiee_under_km2: own.iiee_under_km2,
    conc_rmse: null,
    conc_mae: null,
    conc_bias: null,
    thick_rmse: null,
    thick_bias: null,
    edge_length_km: edge,
    edge_distance_km: edge > 0 ? own.iiee_km2 / edge : null,
    persistence_iiee_km2: persistenceIiee,
    persistence_conc_rmse: null,
    skill_iiee: skill(own.iiee_km2, persistenceIiee),
    skill_conc_rmse: null,
  };
}
