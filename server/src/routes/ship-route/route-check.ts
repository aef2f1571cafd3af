/**
 * The route check: sample the route every ≤ 5 km along great circles, take each sample's values
 * from the nearest cell of the forecast lead, and apply POLARIS (common/polaris) for the ship's ice class.
 * Land and missing cells stay null (never open water). A sample the forecast says nothing of — outside its grid,
 * or a sea cell without a value — is `covered: false`, and the route's length there is `outside_km`, so "no
 * ice" and "no data" are told apart; land inside the grid is covered (the forecast knows it is land).
 */
import type { RouteCheckResult, RouteSample } from '../../../../common/api-types/ship-route.ts';
import { assessCell, type IceClass } from '../../../../common/polaris/polaris.ts';
import proj4 from 'proj4';
import { planarCellIndexAt, type PlanarGrid } from '../../../../common/planar-grid.ts';
import { cellIndexAt, type RegularGrid } from '../../../../common/regular-grid.ts';
import { landMask, planarLandMask } from '../../grid/land-mask.ts';
import { sampleRoute } from './great-circle.ts';
import type { LeadSlices } from './forecast-slices.ts';

/** Concentration from which a sample counts as in ice (fraction; the ice edge convention, 15 %). */
const ICE_EDGE_CONCENTRATION = 0.15;
/** Longest step between samples, km. */
const MAX_STEP_KM = 5;
/** Longest route checked, km (half the Earth's circumference): bounds the work to about 4 000 samples + waypoints. */
export const MAX_ROUTE_KM = 20_000;

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** The cell of a grid holding (lon, lat), degrees (-1 outside), and the grid's land mask. */
function cellsOf(grid: RegularGrid | PlanarGrid): { cellAt: (lon: number, lat: number) => number; land: Uint8Array } {
  if (!('proj4' in grid)) return { cellAt: (lon, lat) => cellIndexAt(grid, lon, lat), land: landMask(grid) };
  const plane = proj4(grid.proj4) as unknown as { forward(p: [number, number]): [number, number] };
  return { cellAt: (lon, lat) => planarCellIndexAt(grid, ...plane.forward([lon, lat])), land: planarLandMask(grid) };
}

export function checkRoute(slices: LeadSlices, iceClass: IceClass, waypoints: readonly (readonly [number, number])[]): RouteCheckResult {
  const { cellAt, land } = cellsOf(slices.grid);
  const samples: RouteSample[] = sampleRoute(waypoints, MAX_STEP_KM).map(({ lat, lon, distance_km }) => {
    const index = cellAt(lon, lat);
    const concentration = index < 0 ? null : finite(slices.concentration[index]);
    const thickness = index < 0 ? null : finite(slices.thickness[index]);
    const cell = assessCell(iceClass, concentration, thickness);
    return {
      lat,
      lon,
      distance_km,
      covered: index >= 0 && (concentration !== null || thickness !== null || land[index] === 1),
      // Both values or neither: a cell with only one of them is missing as a whole.
      concentration: cell ? concentration : null,
      thickness_m: cell ? thickness : null,
      ice_type: cell?.iceType ?? null,
      rio: cell?.rio ?? null,
      category: cell?.category ?? null,
    };
  });

  return summariseRoute(samples);
}

/** The reply from the samples: lengths in ice and outside, extremes, the first breach (forecast or chart alike). */
export function summariseRoute(samples: RouteSample[]): RouteCheckResult {
  // Length in ice (outside): each step between two samples counts half for each end whose concentration is
  // ≥ 0.15 (that is not covered).
  let iceLength = 0;
  let outside = 0;
  for (let k = 1; k < samples.length; k++) {
    const step = samples[k].distance_km - samples[k - 1].distance_km;
    for (const end of [samples[k - 1], samples[k]]) {
      if (end.concentration !== null && end.concentration >= ICE_EDGE_CONCENTRATION) iceLength += step / 2;
      if (!end.covered) outside += step / 2;
    }
  }

  const max = (values: (number | null)[]) => {
    const present = values.filter((v): v is number => v !== null);
    return present.length ? Math.max(...present) : null;
  };
  const rios = samples.map((s) => s.rio).filter((v): v is number => v !== null);
  return {
    length_km: samples[samples.length - 1].distance_km,
    ice_length_km: iceLength,
    outside_km: outside,
    min_rio: rios.length ? Math.min(...rios) : null,
    max_concentration: max(samples.map((s) => s.concentration)),
    max_thickness_m: max(samples.map((s) => s.thickness_m)),
    first_breach: samples.find((s) => s.category !== null && s.category !== 'normal') ?? null,
    samples,
  };
}
