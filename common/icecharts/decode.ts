/**
 * A polygon's SIGRID-3 attributes decoded once: what GET /api/v1/icecharts/{id} sends as properties, and what the
 * map, POLARIS and verification read.
 */
import { SIGRID_FIELDS, type IceChartStage, type PolyType, type SigridRawCodes } from './egg-code.ts';
import { decodeConcentration, normaliseCode, type DecodedConcentration } from './concentration.ts';
import { isFastIce } from './forms.ts';
import { decodeStage } from './stages.ts';

const POLY_TYPES: readonly string[] = ['L', 'W', 'I', 'N', 'S'];

/** Raw codes from a DBF record (any case of field name; numbers or strings; missing fields null). */
export function rawCodes(record: Readonly<Record<string, unknown>>): SigridRawCodes {
  const upper = new Map<string, unknown>();
  for (const [name, value] of Object.entries(record)) upper.set(name.toUpperCase(), value);
  const codes = {} as SigridRawCodes;
  for (const field of SIGRID_FIELDS) {
    const value = upper.get(field);
    const text = value === null || value === undefined ? '' : String(value).trim();
    codes[field] = text === '' ? null : text;
  }
  return codes;
}

export interface DecodedPolygon {
  poly_type: PolyType | null;
  ct: [number, number] | null;
  ct_meaning: DecodedConcentration['meaning'];
  stages: IceChartStage[];
  fast_ice: boolean;
}

const given = (code: string | null): boolean => {
  const normal = normaliseCode(code);
  return normal !== null && normal !== '-9';
};

/**
 * The egg code of one polygon. Stages are listed where a stage or a partial concentration is given. CIS leaves
 * CA blank when there is one ice type ("assumed equal to Ct"), and DMI never gives partials: with one stage and
 * no CA, the stage's concentration is CT; with several and no partials, each stays null (POLARIS then takes CT
 * with the oldest stage).
 */
export function decodeChartProperties(raw: SigridRawCodes): DecodedPolygon {
  const total = decodeConcentration(raw.CT);
  const triples = [
    [raw.CA, raw.SA, raw.FA],
    [raw.CB, raw.SB, raw.FB],
    [raw.CC, raw.SC, raw.FC],
  ] as const;
  const stages: IceChartStage[] = [];
  for (const [conc, stage, form] of triples) {
    if (!given(conc) && !given(stage)) continue;
    const decoded = decodeStage(stage);
    const formCode = normaliseCode(form);
    stages.push({
      conc: decodeConcentration(conc).range,
      stage: decoded.key,
      code: decoded.code,
      name: decoded.name,
      polaris: decoded.polaris,
      form: formCode === '-9' ? null : formCode,
    });
  }
  if (stages.length === 1 && stages[0].conc === null && total.range !== null && total.meaning === 'tenths') stages[0].conc = total.range;
  const polyType = normaliseCode(raw.POLY_TYPE)?.toUpperCase() ?? null;
  return {
    poly_type: polyType !== null && POLY_TYPES.includes(polyType) ? (polyType as PolyType) : null,
    ct: total.range,
    ct_meaning: total.meaning,
    stages,
    fast_ice: isFastIce(raw.FA, raw.CF),
  };
}
