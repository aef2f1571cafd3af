/**
 * SIGRID-3 forms of ice (FA, FB, FC, FP, FS; JCOMM TR-23 v3.0 2014, Appendix E) with the Russian names of the WMO
 * nomenclature. `08` is fast ice (припай) as every service in our charts writes it (v3.1 renumbered it to 09).
 */
import { normaliseCode } from './concentration.ts';

export const FAST_ICE_FORM = '08';

const FORM_NAMES: Readonly<Record<string, string>> = {
  '22': 'блинчатый лёд',
  '01': 'ледяная каша, тёртый лёд',
  '02': 'мелкобитый лёд',
  '03': 'крупнобитый лёд',
  '04': 'обломки ледяных полей',
  '05': 'большие ледяные поля',
  '06': 'обширные ледяные поля',
  '07': 'гигантские ледяные поля',
  '08': 'припай',
  '09': 'несяки, куски и обломки айсбергов',
  '10': 'айсберги',
  '21': 'ровный лёд',
  '99': 'форма неизвестна',
};

/** Strips and patches (11–19, 91, 20): their concentration in tenths, as the code says it. */
const STRIP_TENTHS: Readonly<Record<string, string>> = { '91': '9+/10', '20': '10/10' };

/** The Russian name of a form code, or null when not given (`-9`, blank) or not a form code. */
export function formName(raw: string | number | null | undefined): string | null {
  const code = normaliseCode(raw);
  if (code === null || code === '-9') return null;
  if (FORM_NAMES[code]) return FORM_NAMES[code];
  if (/^1[1-9]$/.test(code)) return `полосы и пятна льда ${code[1]}/10`;
  if (STRIP_TENTHS[code]) return `полосы и пятна льда ${STRIP_TENTHS[code]}`;
  return null;
}

/**
 * Fast ice: the thickest ice's form (FA) is `08`, or CIS's four-character CF (predominant + secondary form) has
 * `08` as its predominant form (`08-9`). Fast ice counts as ice wherever a chart is scored or drawn.
 */
export function isFastIce(fa: string | number | null | undefined, cf: string | number | null | undefined): boolean {
  if (normaliseCode(fa) === FAST_ICE_FORM) return true;
  const combined = normaliseCode(cf);
  return combined !== null && combined.length === 4 && combined.slice(0, 2) === FAST_ICE_FORM;
}
