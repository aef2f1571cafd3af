/**
 * POLARIS from the chart: each polygon's RIO for the chosen ice class (common/icecharts/chart-rio.ts, on the one RIV
 * table the model's POLARIS layer uses) in the same category colours and words as that layer. Where a stage is
 * unknown the stated rule decides (`UNKNOWN_STAGE_RULE`), and the sidebar says so: 'стадия неизвестна: принят {тип}'.
 */
import { chartRio, type ChartRio } from '../../../../common/icecharts/chart-rio.ts';
import { UNKNOWN_STAGE_RULE } from '../../../../common/icecharts/stages.ts';
import type { IceClass } from '../../../../common/polaris/polaris.ts';
import { ru } from '../../../i18n/ru.ts';
import { CATEGORY_COLOURS, type Rgb } from '../../../map/layers/polaris-layer/polaris-colours.ts';
import type { PreparedPolygon } from './chart-geometry.ts';

/** RIO per polygon and class, computed once per chart (the properties object stands for the polygon). */
const rios = new WeakMap<object, Map<IceClass, ChartRio | null>>();

export function polygonRio(polygon: Pick<PreparedPolygon, 'properties'>, iceClass: IceClass): ChartRio | null {
  let byClass = rios.get(polygon.properties);
  if (!byClass) {
    byClass = new Map();
    rios.set(polygon.properties, byClass);
  }
  if (!byClass.has(iceClass)) byClass.set(iceClass, chartRio(iceClass, polygon.properties));
  return byClass.get(iceClass) ?? null;
}

/** The category's colour, or none where the chart says nothing usable (land, no data, CT unknown). */
export function polarisColour(polygon: Pick<PreparedPolygon, 'properties'>, iceClass: IceClass): Rgb | null {
  const rio = polygonRio(polygon, iceClass);
  return rio ? CATEGORY_COLOURS[rio.category] : null;
}

/** The rule's sentence, when some polygon of the chart needed it for this class; null otherwise. */
export function unknownStageNote(polygons: readonly PreparedPolygon[], iceClass: IceClass): string | null {
  const used = polygons.some((polygon) => polygonRio(polygon, iceClass)?.assumed);
  return used ? ru.iceChart.unknownStage(ru.polaris.iceTypes[UNKNOWN_STAGE_RULE.assumed].toLowerCase()) : null;
}

/** 'RIO (PC5): −3 — Повышенный риск' for the egg's text; null where there is no RIO. */
export function rioLine(polygon: Pick<PreparedPolygon, 'properties'>, iceClass: IceClass): string | null {
  const rio = polygonRio(polygon, iceClass);
  if (!rio) return null;
  return ru.iceChart.rioLine(ru.polaris.classNames[iceClass], rio.rio, ru.polaris.categories[rio.category]);
}
