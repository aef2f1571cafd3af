/**
 * The query of a subset or preview of a forecast file (the /hist routes): `variables=a,b` (names), `lead=24,48`
 * (hours) and `stride=2` (every 2nd cell in latitude and longitude: a preview). The decode worker builds it
 * (`subsetQuery`), the server parses it (`parseSubsetQuery`): one place, so both sides name things alike.
 */

export interface SubsetSelection {
  /** Variable names, in the order asked; null: every data variable. */
  variables: string[] | null;
  /** Lead times in hours; null: every lead. */
  leads: number[] | null;
  /** Every `stride`-th index of the horizontal dimensions (a preview); absent or 1: every cell. */
  stride?: number;
}

/** The strides a request may ask for: 1 (every cell) and 2 (a quarter of the cells; bench/README.md, bytes per slice). */
const ALLOWED_STRIDES = [1, 2] as const;

/** The one preview stride the worker asks for. */
export const PREVIEW_STRIDE = 2;

/** A selection the file cannot answer, or a malformed query: the route's 422. */
export class SubsetError extends Error {
  override name = 'SubsetError';
}

/** `url` with the query of `variables` at one lead (hours), and `stride` when not 1. */
export function subsetQuery(url: string, variables: readonly string[], leadHours: number, stride = 1): string {
  let query = `variables=${encodeURIComponent(variables.join(','))}&lead=${leadHours}`;
  if (stride !== 1) query += `&stride=${stride}`;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Parse the query's `variables` (comma-separated names), `lead` (comma-separated hours) and `stride`. Null when
 * neither list was given (the whole file). Throws SubsetError for a malformed list or stride; names and leads
 * are checked against the file when the subset is cut.
 */
export function parseSubsetQuery(query: { variables?: string; lead?: string; stride?: string }): SubsetSelection | null {
  const { variables, lead, stride } = query;
  let step = 1;
  if (stride !== undefined) {
    step = Number(stride);
    if (!/^\d{1,3}$/.test(stride) || !(ALLOWED_STRIDES as readonly number[]).includes(step)) {
      throw new SubsetError(`"stride" must be ${ALLOWED_STRIDES.join(' or ')}, got ${JSON.stringify(stride)}`);
    }
    if (step !== 1 && (variables === undefined || lead === undefined)) {
      throw new SubsetError(`"stride" needs "variables" and "lead" (a preview is of one selection, not of the whole file)`);
    }
  }
  if (variables === undefined && lead === undefined) return null;
  const list = (value: string, what: string): string[] => {
    const items = value.split(',').map((s) => s.trim());
    if (items.length === 0 || items.some((s) => s === '')) throw new SubsetError(`"${what}" must be a comma-separated list, got ${JSON.stringify(value)}`);
    return [...new Set(items)];
  };
  const names = variables === undefined ? null : list(variables, 'variables');
  const leads =
    lead === undefined
      ? null
      : list(lead, 'lead').map((item) => {
          if (!/^\d{1,5}$/.test(item)) throw new SubsetError(`"lead" must list lead times in whole hours, got ${JSON.stringify(item)}`);
          return Number(item);
        });
  return step === 1 ? { variables: names, leads } : { variables: names, leads, stride: step };
}

/** A canonical text of the selection (sorted), used to name and tag the cached subset. */
export function selectionKey(selection: SubsetSelection): string {
  const vars = selection.variables ? [...selection.variables].sort().join(',') : '*';
  const leads = selection.leads ? [...selection.leads].sort((a, b) => a - b).join(',') : '*';
  // Stride 1 keeps the key it had before strides existed: the same file, name and ETag.
  const stride = (selection.stride ?? 1) === 1 ? '' : `;s=${selection.stride}`;
  return `v=${vars};l=${leads}${stride}`;
}
