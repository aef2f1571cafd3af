/**
 * How verification scores read in Russian: areas in thousands of km², distances in km, concentration errors as
 * a fraction, skills as a signed percentage against persistence. Decimal comma, a real minus sign (U+2212).
 */
import type { VerificationRow, VerificationTruth } from '../../api/verification.ts';
import { ru } from '../../i18n/ru.ts';

const t = ru.verification;

/** '12,3' (decimal comma; no '−0,0'). */
export function decimal(value: number, decimals: number): string {
  const text = Math.abs(value).toFixed(decimals);
  const negative = value < 0 && Number(text) !== 0;
  return `${negative ? '−' : ''}${text.replace('.', ',')}`;
}

/** An area in km² as thousands of km²: 245 300 → '245,3 тыс. км²'; '—' when there is none. */
export function thousandKm2(km2: number | null): string {
  if (km2 === null || !Number.isFinite(km2)) return '—';
  return `${decimal(km2 / 1000, 1)} ${t.thousandKm2}`;
}

/** A distance in km: '18,4 км'; '—' when it cannot be given (no edge in the analysis). */
export function kilometres(km: number | null): string {
  return km === null || !Number.isFinite(km) ? '—' : `${decimal(km, 1)} ${t.km}`;
}

/** A concentration error (fraction 0–1) with three decimals: '0,083'. */
export function concentration(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '—' : decimal(value, 3);
}

/** A skill (1 − score / persistence's) as a whole signed percentage: 0.234 → '+23 %', −0.05 → '−5 %', '0 %'. */
export function signedPercent(skill: number | null): string {
  if (skill === null || !Number.isFinite(skill)) return '—';
  const percent = Math.round(skill * 100);
  if (percent === 0) return '0 %';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)} %`;
}

/**
 * The skill in words: 'лучше персистентности на 23 %', 'хуже персистентности на 5 %', 'на уровне персистентности'
 * (rounds to 0 %), or that it cannot be compared (persistence made no error: the skill is null).
 */
export function skillSentence(skill: number | null): string {
  if (skill === null || !Number.isFinite(skill)) return t.skillUnknown;
  const percent = Math.round(skill * 100);
  if (percent > 0) return t.better(percent);
  if (percent < 0) return t.worse(-percent);
  return t.even;
}

/** Better (positive skill), worse (negative) or level with persistence, for colouring. */
export function skillClass(skill: number | null): 'better' | 'worse' | 'even' {
  if (skill === null || !Number.isFinite(skill) || Math.round(skill * 100) === 0) return 'even';
  return skill > 0 ? 'better' : 'worse';
}

/** Truths named `chart:{id}` are an ice service's chart of the valid date (its label names the service). */
const CHART_TRUTH = /^chart:\d+$/;

/** True for a record scored against an ice chart rather than against the analysis. */
export function isChartTruth(truth: Pick<VerificationTruth, 'source'>): boolean {
  return CHART_TRUTH.test(truth.source);
}

/** What a record was scored against: 'по анализу: …', or 'по ледовой карте ААНИИ от 2014-02-11' (the valid date's chart). */
export function truthText(row: Pick<VerificationRow, 'truth' | 'valid_date'>): string {
  return isChartTruth(row.truth) ? ru.iceChart.truth(row.truth.label, row.valid_date) : t.truth(row.truth.label);
}
