/**
 * The two WMO colour codes of ice charts (JCOMM Technical Report No. 24, WMO/TD-No. 1215, "Ice Chart Colour Code
 * Standard", version 1.0, 2014): by total concentration (CT) and by stage of development (SoD). RGB bytes as the
 * standard lists them, checked code by code against the tables that carry it into ECDIS, the IHO S-411 portrayal
 * catalogue's `seaice_wmo_iceact.xsl` and `seaice_wmo_icesod.xsl` (its CT colours are also the ones the issue quotes).
 * Where the standard draws a symbol instead of a colour (undefined ice: hatching; glacier ice: the iceberg symbol) a
 * plain colour no class uses stands in. Both codes draw ice free, < 1/10 and fast ice alike.
 */
import type { IceChartPolygonProperties, IceChartStage } from '../../../api/icecharts.ts';
import type { StageKey } from '../../../../common/icecharts/stages.ts';

type ChartPolygonProperties = Pick<IceChartPolygonProperties, 'ct' | 'stages' | 'fast_ice' | 'poly_type'>;
type TenthsRange = readonly [number, number];

export type Rgb = readonly [number, number, number];

/** Which code colours the polygons: 'ct' 'Сплочённость', 'sod' 'Возраст льда'. */
export type ChartCode = 'ct' | 'sod';

export const CT_CLASSES = ['ice_free', 'open_water', 'c1_3', 'c4_6', 'c7_8', 'c9_10', 'fast_ice', 'unknown'] as const;
export type CtClass = (typeof CT_CLASSES)[number];

export const CT_COLOURS: Readonly<Record<CtClass, Rgb>> = {
  ice_free: [0, 100, 255],
  open_water: [150, 200, 255],
  c1_3: [140, 255, 160],
  c4_6: [255, 255, 0],
  c7_8: [255, 125, 7],
  c9_10: [255, 0, 0],
  fast_ice: [150, 150, 150],
  // "Undefined ice": the standard hatches it; a pale grey that no class uses stands in for the hatching.
  unknown: [225, 225, 225],
};

export const SOD_CLASSES = [
  'ice_free',
  'open_water',
  'new',
  'nilas',
  'young',
  'grey',
  'grey_white',
  'first_year',
  'thin_first_year',
  'thin_first_year_1',
  'thin_first_year_2',
  'medium_first_year',
  'thick_first_year',
  'old',
  'second_year',
  'multi_year',
  'glacier',
  'fast_ice',
  'unknown',
] as const;
export type SodClass = (typeof SOD_CLASSES)[number];

export const SOD_COLOURS: Readonly<Record<SodClass, Rgb>> = {
  ice_free: [0, 100, 255],
  open_water: [150, 200, 255],
  new: [240, 210, 250],
  nilas: [255, 100, 255],
  young: [170, 40, 240],
  grey: [135, 60, 215],
  grey_white: [220, 80, 235],
  first_year: [255, 255, 0],
  thin_first_year: [155, 210, 0],
  thin_first_year_1: [215, 250, 130],
  thin_first_year_2: [175, 250, 0],
  medium_first_year: [0, 200, 20],
  thick_first_year: [0, 120, 0],
  old: [180, 100, 50],
  second_year: [255, 120, 10],
  multi_year: [200, 0, 0],
  // Glacier ice: the standard's symbol, not a colour; white as ice of land origin is shown on charts.
  glacier: [255, 255, 255],
  fast_ice: [150, 150, 150],
  unknown: [225, 225, 225],
};

/** The decoded stages (common/icecharts/stages.ts) → the SoD code's classes; brash, no stage and unknown say nothing. */
const STAGE_CLASSES: Readonly<Partial<Record<StageKey, SodClass>>> = {
  ice_free: 'ice_free',
  new: 'new',
  nilas: 'nilas',
  young: 'young',
  grey: 'grey',
  grey_white: 'grey_white',
  first_year: 'first_year',
  thin_first_year: 'thin_first_year',
  thin_first_year_1: 'thin_first_year_1',
  thin_first_year_2: 'thin_first_year_2',
  medium_first_year: 'medium_first_year',
  thick_first_year: 'thick_first_year',
  // Residual first-year ice (94) is drawn as thick first-year ice (S-411 gives 94 and 93 the same colour).
  residual: 'thick_first_year',
  old: 'old',
  second_year: 'second_year',
  multi_year: 'multi_year',
  glacier: 'glacier',
};

/** Codes 02–78 are thicknesses in cm (lake and Baltic charts): the stage whose thickness bin holds them. */
function stageOfThickness(cm: number): SodClass {
  if (cm < 10) return 'new';
  if (cm < 15) return 'grey';
  if (cm < 30) return 'grey_white';
  if (cm < 70) return 'thin_first_year';
  if (cm < 120) return 'medium_first_year';
  return 'thick_first_year';
}

/** The SoD class of one decoded stage, 'unknown' for brash, 80, 99 and a stage not given. */
export function sodClassOfStage(stage: Pick<IceChartStage, 'stage' | 'code'> | null | undefined): SodClass {
  if (!stage?.stage) return 'unknown';
  if (stage.stage === 'thickness_cm') return stageOfThickness(Number(stage.code));
  return STAGE_CLASSES[stage.stage] ?? 'unknown';
}

const mean = (range: TenthsRange): number => (range[0] + range[1]) / 2;

/** Open water or ice free from the total concentration, or null when the polygon has ice (or CT is unknown). */
function waterClass(props: Pick<ChartPolygonProperties, 'ct' | 'poly_type'>): 'ice_free' | 'open_water' | null {
  if (props.poly_type === 'W') return props.ct && props.ct[1] > 0 ? 'open_water' : 'ice_free';
  if (!props.ct) return null;
  if (props.ct[1] === 0) return 'ice_free';
  if (props.ct[1] <= 1 && props.ct[0] === 0) return 'open_water';
  return null;
}

/**
 * The CT class of a polygon. An interval code takes the class of its upper bound, as the standard's table lists
 * each code (`24` and `34` 4–6/10, `57` and `67` 7–8/10, `79` and `89` 9–10/10, `81` 8–10/10 9–10/10): the colour
 * warns of the most ice the analyst allowed for.
 */
export function ctClass(props: Pick<ChartPolygonProperties, 'ct' | 'fast_ice' | 'poly_type'>): CtClass {
  if (props.fast_ice) return 'fast_ice';
  const water = waterClass(props);
  if (water) return water;
  if (!props.ct) return 'unknown';
  const tenths = props.ct[1];
  if (tenths < 1) return 'open_water';
  if (tenths < 4) return 'c1_3';
  if (tenths < 7) return 'c4_6';
  if (tenths < 9) return 'c7_8';
  return 'c9_10';
}

/**
 * The stage a polygon is coloured by in the SoD code: the predominant one (largest partial concentration, by the
 * middle of its range), the oldest on a tie or where partial concentrations are not given (stages come oldest first).
 */
export function predominantStage(stages: readonly IceChartStage[]): IceChartStage | null {
  let best: IceChartStage | null = null;
  for (const stage of stages) {
    if (!best) best = stage;
    else if (stage.conc && best.conc && mean(stage.conc) > mean(best.conc)) best = stage;
  }
  return best;
}

export function sodClass(props: Pick<ChartPolygonProperties, 'ct' | 'fast_ice' | 'poly_type' | 'stages'>): SodClass {
  if (props.fast_ice) return 'fast_ice';
  const water = waterClass(props);
  if (water) return water;
  return sodClassOfStage(predominantStage(props.stages));
}

/** The colour of a polygon in a code; land ('L') is left to the basemap and has none. */
export function polygonColour(code: ChartCode, props: ChartPolygonProperties): Rgb | null {
  if (props.poly_type === 'L') return null;
  return code === 'ct' ? CT_COLOURS[ctClass(props)] : SOD_COLOURS[sodClass(props)];
}

export function cssColour([r, g, b]: Rgb): string {
  return `rgb(${r}, ${g}, ${b})`;
}
