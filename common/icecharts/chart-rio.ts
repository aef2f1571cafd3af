/**
 * POLARIS from a chart: a polygon's Risk Index Outcome RIO = Σ Cᵢ·RIVᵢ (MSC.1/Circ.1519), Cᵢ the tenths of each
 * ice type and of open water, RIVᵢ from the same winter table the model layer uses (common/polaris/polaris.ts).
 *
 * Ranges are taken at their upper bound (8–10/10 counts as 10/10): more ice never lowers a RIV below open water's
 * 3, so the upper bound is the cautious reading.
 */
import { ICE_TYPES, RIV_TABLE, rioCategory, type IceClass, type IceType, type RioCategory } from '../polaris/polaris.ts';
import type { DecodedPolygon } from './decode.ts';
import { UNKNOWN_STAGE_RULE } from './stages.ts';

/** How the tenths were assigned: the partial concentrations, CT with the oldest stage, or no ice at all. */
export type ChartRioBasis = 'partials' | 'total' | 'ice_free';

export interface ChartRio {
  rio: number;
  category: RioCategory;
  basis: ChartRioBasis;
  /** Tenths of each POLARIS type summed into the RIO, open water included (they add up to 10). */
  parts: { ice_type: IceType; tenths: number }[];
  /** The type taken for ice of unknown stage (`UNKNOWN_STAGE_RULE.assumed`) when the rule was used, else null. */
  assumed: IceType | null;
}

const typeIndex = (type: IceType): number => ICE_TYPES.indexOf(type);

/**
 * The RIO of one polygon for a class, or null when the chart says nothing usable (land, no data, CT unknown).
 * - CT ice free (`00`/`98`), or a water polygon without CT: all open water, RIO = 10 × RIV(ice free).
 * - Partial concentrations given: each stage with its Cᵢ; a stage without one takes what CT leaves; open water is
 *   10 − Σ Cᵢ.
 * - No partials (DMI): CT with the oldest stage (the highest POLARIS column among those given).
 * - A stage unknown (`99`, `80`, `79`, not given) is taken as `UNKNOWN_STAGE_RULE.assumed`, and `assumed` says so.
 */
export function chartRio(iceClass: IceClass, polygon: Pick<DecodedPolygon, 'poly_type' | 'ct' | 'stages'>): ChartRio | null {
  const row = RIV_TABLE[iceClass];
  let assumed: IceType | null = null;
  const typeOf = (polaris: IceType | null): IceType => {
    if (polaris !== null) return polaris;
    assumed = UNKNOWN_STAGE_RULE.assumed;
    return assumed;
  };
  const finish = (basis: ChartRioBasis, ice: { ice_type: IceType; tenths: number }[]): ChartRio => {
    const iceTenths = ice.reduce((sum, part) => sum + part.tenths, 0);
    const parts = [...ice, { ice_type: 'ice_free' as IceType, tenths: Math.max(0, 10 - iceTenths) }].filter((part) => part.tenths > 0);
    const rio = parts.reduce((sum, part) => sum + part.tenths * row[typeIndex(part.ice_type)], 0);
    return { rio, category: rioCategory(iceClass, rio), basis, parts, assumed };
  };

  if (polygon.ct === null) {
    if (polygon.poly_type === 'W') return finish('ice_free', []);
    return null;
  }
  const totalHi = polygon.ct[1];
  if (totalHi === 0 || polygon.stages.every((stage) => stage.polaris === 'ice_free')) return finish('ice_free', []);

  const withConc = polygon.stages.filter((stage) => stage.conc !== null);
  if (withConc.length > 0) {
    const givenTenths = withConc.reduce((sum, stage) => sum + (stage.conc as [number, number])[1], 0);
    let left = Math.max(0, totalHi - givenTenths);
    const ice = polygon.stages.map((stage) => {
      const tenths = stage.conc !== null ? stage.conc[1] : left;
      if (stage.conc === null) left = 0;
      return { ice_type: typeOf(stage.polaris), tenths };
    });
    return finish('partials', ice);
  }

  const known = polygon.stages.flatMap((stage) => (stage.polaris === null ? [] : [stage.polaris]));
  const unknown = known.length < polygon.stages.length || polygon.stages.length === 0;
  let oldest = known.reduce<IceType | null>((a, b) => (a === null || typeIndex(b) > typeIndex(a) ? b : a), null);
  // The rule's type counts only where it is older than every known stage (it then decides the RIO).
  if (unknown && (oldest === null || typeIndex(UNKNOWN_STAGE_RULE.assumed) > typeIndex(oldest))) oldest = typeOf(null);
  return finish('total', [{ ice_type: oldest as IceType, tenths: totalHi }]);
}
