/**
 * SIGRID-3 stages of development (SA, SB, SC, CN, CD; JCOMM TR-23 v3.0 2014, Appendix E) with the Russian names of
 * the WMO sea-ice nomenclature and the POLARIS column (MSC.1/Circ.1519 Table 1.1) each one is taken as.
 *
 * The POLARIS columns follow the conservative reading of pysiral's RIO module: where a stage spans two columns the
 * thicker one is taken (young 10–30 cm → grey-white, first-year → thick first-year, old → heavy multi-year).
 */
import { iceTypeIndex, ICE_TYPES, type IceType } from '../polaris/polaris.ts';
import { normaliseCode } from './concentration.ts';

export type StageKey =
  | 'ice_free'
  | 'thickness_cm'
  | 'brash'
  | 'no_stage'
  | 'new'
  | 'nilas'
  | 'young'
  | 'grey'
  | 'grey_white'
  | 'first_year'
  | 'thin_first_year'
  | 'thin_first_year_1'
  | 'thin_first_year_2'
  | 'medium_first_year'
  | 'thick_first_year'
  | 'residual'
  | 'old'
  | 'second_year'
  | 'multi_year'
  | 'glacier'
  | 'unknown';

interface StageRow {
  key: StageKey;
  /** The WMO nomenclature's Russian name. */
  name: string;
  /** The POLARIS column, or null: the unknown-stage rule decides (`UNKNOWN_STAGE_RULE`). */
  polaris: IceType | null;
}

/** The stages with a code of their own (02–78, thickness in cm, are handled apart). */
export const STAGE_TABLE: Readonly<Record<string, StageRow>> = {
  '01': { key: 'ice_free', name: 'чистая вода', polaris: 'ice_free' },
  '79': { key: 'brash', name: 'тёртый лёд', polaris: null },
  '80': { key: 'no_stage', name: 'стадия не определена', polaris: null },
  '81': { key: 'new', name: 'новый лёд', polaris: 'new' },
  '82': { key: 'nilas', name: 'нилас', polaris: 'new' },
  '83': { key: 'young', name: 'молодой лёд', polaris: 'grey_white' },
  '84': { key: 'grey', name: 'серый лёд', polaris: 'grey' },
  '85': { key: 'grey_white', name: 'серо-белый лёд', polaris: 'grey_white' },
  '86': { key: 'first_year', name: 'однолетний лёд', polaris: 'thick_first_year' },
  '87': { key: 'thin_first_year', name: 'однолетний тонкий лёд', polaris: 'thin_first_year_2' },
  '88': { key: 'thin_first_year_1', name: 'однолетний тонкий лёд, первая стадия', polaris: 'thin_first_year_1' },
  '89': { key: 'thin_first_year_2', name: 'однолетний тонкий лёд, вторая стадия', polaris: 'thin_first_year_2' },
  // 70–120 cm: the "medium first-year" column, not "medium first-year < 1 m" (the thicker of the two).
  '91': { key: 'medium_first_year', name: 'однолетний средний лёд', polaris: 'medium_first_year' },
  '93': { key: 'thick_first_year', name: 'однолетний толстый лёд', polaris: 'thick_first_year' },
  // First-year ice that has survived a summer: it becomes second-year ice on 1 January.
  '94': { key: 'residual', name: 'остаточный однолетний лёд', polaris: 'second_year' },
  '95': { key: 'old', name: 'старый лёд', polaris: 'heavy_multi_year' },
  '96': { key: 'second_year', name: 'двухлетний лёд', polaris: 'second_year' },
  '97': { key: 'multi_year', name: 'многолетний лёд', polaris: 'heavy_multi_year' },
  '98': { key: 'glacier', name: 'лёд материкового происхождения', polaris: 'heavy_multi_year' },
  '99': { key: 'unknown', name: 'стадия неизвестна', polaris: null },
};

/**
 * What POLARIS takes for ice whose stage is unknown (`99`, `80`, brash `79`, or not given while the polygon
 * holds ice). A chart that saw old ice codes it (95–97), so an unknown stage is taken as the thickest first-year
 * ice: on the safe side for first-year ice, without calling every such polygon multi-year (AARI leaves 223 of
 * 342 polygons, most of them winter fast ice, at `99`). The app says it on screen: 'стадия неизвестна: принят {тип}'.
 */
export const UNKNOWN_STAGE_RULE: { readonly codes: readonly string[]; readonly assumed: IceType } = {
  codes: ['99', '80', '79', '-9'],
  assumed: 'thick_first_year',
};

export interface DecodedStage {
  /** The normalised code ('87'), or null for a blank field. */
  code: string | null;
  key: StageKey | null;
  /** Russian name; null when not given (`-9`, blank) or not a stage code. */
  name: string | null;
  /** The POLARIS column; null when the unknown-stage rule applies. */
  polaris: IceType | null;
}

/**
 * A stage code decoded: `81`…`97` the WMO stages, `98` glacier ice (in SA; in CT the same digits mean ice
 * free), `01` ice free, `02`–`78` ice of that thickness in cm, `79` brash, `80`/`99` unknown, `-9` not given.
 */
export function decodeStage(raw: string | number | null | undefined): DecodedStage {
  const code = normaliseCode(raw);
  if (code === null || code === '-9') return { code, key: null, name: null, polaris: null };
  const row = STAGE_TABLE[code];
  if (row) return { code, ...row };
  if (/^\d\d$/.test(code)) {
    const cm = Number(code);
    if (cm >= 2 && cm <= 78) return { code, key: 'thickness_cm', name: `лёд толщиной ${cm} см`, polaris: ICE_TYPES[iceTypeIndex(cm / 100)] };
  }
  return { code, key: null, name: null, polaris: null };
}
