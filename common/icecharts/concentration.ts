/**
 * SIGRID-3 concentration codes (CT, CA, CB, CC; JCOMM TR-23 v3.0 2014, Appendix E) decoded to a range in tenths.
 *
 * Codes are two characters; services drop the leading zero (DMI writes `1` for `01`) and leave fields blank
 * (CIS land polygons), so every code goes through `normaliseCode` first.
 */

/** What a concentration code says, besides its range. */
export type ConcentrationMeaning = 'ice_free' | 'open_water' | 'bergy_water' | 'tenths' | 'unknown' | 'not_given' | 'invalid';

export interface DecodedConcentration {
  /** [lo, hi] in tenths (0…10), or null when the code gives no amount (unknown, not given, invalid). */
  range: [number, number] | null;
  meaning: ConcentrationMeaning;
}

/**
 * The two-character code a service meant: trimmed, `-9`, and a single digit padded with a leading zero
 * (`8` → `08`, `1` → `01`). Null for a blank or missing field.
 */
export function normaliseCode(raw: string | number | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  if (text === '') return null;
  if (/^\d$/.test(text)) return `0${text}`;
  return text;
}

/**
 * The range in tenths of a concentration code:
 * `00`/`98` ice free [0, 0] (the table says 98; CIS and AARI write 00); `01` < 1/10 and `02` bergy water
 * [0, 1] (some ice, less than a tenth); `10`…`90` one value (`10` is 1/10, never 10/10); `91` 9+/10 [9, 10];
 * `92` 10/10 [10, 10]; intervals written low digit then high digit (`13` [1, 3], `79` [7, 9], `89` [8, 9]) and `81`,
 * the one written high-low, [8, 10]; `99` unknown; `-9` not given.
 */
export function decodeConcentration(raw: string | number | null | undefined): DecodedConcentration {
  const code = normaliseCode(raw);
  if (code === null || code === '-9') return { range: null, meaning: 'not_given' };
  if (code === '99') return { range: null, meaning: 'unknown' };
  if (code === '00' || code === '98') return { range: [0, 0], meaning: 'ice_free' };
  if (code === '01') return { range: [0, 1], meaning: 'open_water' };
  if (code === '02') return { range: [0, 1], meaning: 'bergy_water' };
  if (code === '91') return { range: [9, 10], meaning: 'tenths' };
  if (code === '92') return { range: [10, 10], meaning: 'tenths' };
  if (code === '81') return { range: [8, 10], meaning: 'tenths' };
  if (!/^\d\d$/.test(code)) return { range: null, meaning: 'invalid' };
  const first = Number(code[0]);
  const second = Number(code[1]);
  if (second === 0) return { range: [first, first], meaning: 'tenths' };
  if (first < second) return { range: [first, second], meaning: 'tenths' };
  return { range: null, meaning: 'invalid' };
}
