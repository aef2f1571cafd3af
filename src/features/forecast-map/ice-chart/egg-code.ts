/**
 * The WMO egg code of one chart polygon (WMO Sea-Ice Nomenclature, WMO-No. 259, the egg's symbols): total
 * concentration Ct at the top, partial concentrations Ca Cb Cc, stages of development Sa Sb Sc and forms of ice
 * Fa Fb Fc below, written from the SIGRID-3 codes (JCOMM TR-23 Appendix E) the chart carries (`raw`). Texts only:
 * the drawing is egg-code-view.tsx, the Russian words egg-text.ts.
 */
import type { IceChartPolygonProperties } from '../../../api/icecharts.ts';
import { normaliseCode } from '../../../../common/icecharts/concentration.ts';

export interface EggCode {
  ct: string;
  /** Ca Cb Cc, Sa Sb Sc, Fa Fb Fc; '' where the chart gives nothing. */
  partials: [string, string, string];
  stages: [string, string, string];
  forms: [string, string, string];
}

/** '8' and '08' alike; '' for blanks and the '-9' of "not given". */
function given(code: string | null | undefined): string {
  const normal = normaliseCode(code);
  return normal === null || normal === '-9' ? '' : normal;
}

/** A concentration code as the egg writes it: '10' for 10/10, '9+' for 9+/10, '7-9' for an interval, '<1' below 1/10. */
export function eggConcentration(code: string | null | undefined): string {
  const c = given(code);
  if (c === '') return '';
  if (c === '00' || c === '98') return '0';
  if (c === '01') return '<1';
  if (c === '02') return 'Б'; // bergy water: the egg's "bergy water" sign has no digit
  if (c === '92') return '10';
  if (c === '91') return '9+';
  if (c === '81') return '8-10';
  if (c === '99') return 'X';
  if (!/^\d\d$/.test(c)) return '?';
  return c[1] === '0' ? c[0] : `${c[0]}-${c[1]}`;
}

/** Egg symbols of the stages: 1…9 for new ice to thin first-year 2nd stage, a dot after the old ones. */
const STAGE_SYMBOLS: Readonly<Record<string, string>> = {
  '81': '1',
  '82': '2',
  '83': '3',
  '84': '4',
  '85': '5',
  '86': '6',
  '87': '7',
  '88': '8',
  '89': '9',
  '91': '1•',
  '93': '4•',
  '94': '4•', // residual first-year ice is written as thick first-year on the egg
  '95': '7•',
  '96': '8•',
  '97': '9•',
  '98': '▲',
  '80': 'X',
  '99': 'X',
};

export function eggStage(code: string | null | undefined): string {
  const c = given(code);
  if (c === '' || c === '01') return '';
  return STAGE_SYMBOLS[c] ?? c;
}

/** Forms: SIGRID-3 `22` pancake is the egg's 0, `01`–`09` its 1–9 (`08` fast ice), `10` icebergs, `99` undetermined X. */
export function eggForm(code: string | null | undefined): string {
  const c = given(code);
  if (c === '') return '';
  if (c === '22') return '0';
  if (c === '99') return 'X';
  if (/^0\d$/.test(c)) return c[1];
  if (c === '10') return '△';
  return c;
}

/**
 * The egg of a polygon. With one ice type the chart may leave Cb and Cc out (CIS leaves Ca blank too; AARI writes
 * Ca = 92): the egg then writes no partial concentrations, as the nomenclature says (Ca = Ct).
 */
export function eggCode(props: Pick<IceChartPolygonProperties, 'raw'>): EggCode {
  const { raw } = props;
  const partials: [string, string, string] = [eggConcentration(raw.CA), eggConcentration(raw.CB), eggConcentration(raw.CC)];
  const oneType = partials[1] === '' && partials[2] === '';
  return {
    ct: eggConcentration(raw.CT),
    partials: oneType ? ['', '', ''] : partials,
    stages: [eggStage(raw.SA), eggStage(raw.SB), eggStage(raw.SC)],
    forms: [eggForm(raw.FA), eggForm(raw.FB), eggForm(raw.FC)],
  };
}
