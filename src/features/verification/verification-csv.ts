/**
 * The page's rows as CSV (RFC 4180): one line per record, the API's field names as the header (the truth split into
 * its source, label and demo flag), numbers with a decimal point as the API gives them (a spreadsheet or pandas reads them
 * without a locale), an empty field for null. CRLF line ends.
 */
import { SCORE_FIELDS } from '../../../common/api-types/verification.ts';
import type { RegionId } from '../../../common/regions/types.ts';
import type { VerificationRow } from '../../api/verification.ts';
import { saveFile } from '../../components/save-file.ts';

export const CSV_COLUMNS = [
  'date',
  'lead_hours',
  'valid_date',
  'model_id',
  'run',
  'truth_source',
  'truth_label',
  'truth_demo',
  ...SCORE_FIELDS,
] as const;

type Cell = string | number | null | undefined;

/** A field quoted when it holds a comma, quote or line break (quotes doubled). */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function cells(row: VerificationRow): Cell[] {
  return CSV_COLUMNS.map((column) => {
    if (column === 'truth_source') return row.truth?.source;
    if (column === 'truth_label') return row.truth?.label;
    if (column === 'truth_demo') return row.truth ? String(row.truth.demo) : null;
    return row[column];
  });
}

export function verificationCsv(rows: readonly VerificationRow[]): string {
  const lines = [CSV_COLUMNS.join(','), ...rows.map((row) => cells(row).map(csvField).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** 'verification_forecast_2026-10-26_2026-11-25.csv' */
export function csvFileName(run: string, from: string, to: string, region: RegionId = 'sector'): string {
  // The sector's name as before regions; another region's records say whose they are.
  return region === 'sector' ? `verification_${run}_${from}_${to}.csv` : `verification_${run}_${region}_${from}_${to}.csv`;
}

/** Offers the text as a file download (a Blob URL on a temporary link). */
export function downloadCsv(text: string, fileName: string): void {
  // The byte order mark makes Excel read the Russian labels as UTF-8.
  saveFile(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName);
}
