/**
 * The query of a subset or preview of a forecast file (the /hist routes): `variables=a,b` (names), `lead=24,48`
 * (hours), `stride=2` (every 2nd cell in latitude and longitude: a preview) and `bbox=west,south,east,north`
 * (degrees; west > east crosses 180°: the smallest window of the grid's rows and columns covering the box). The decode worker builds it
 * (`subsetQuery`), the server parses it (`parseSubsetQuery`): one place, so both sides name things alike.
 */

export interface SubsetSelection {
  /** Variable names, in the order asked; null: every data variable. */
  variables: string[] | null;
  /** Lead times in hours; null: every lead. */
  leads: number[] | null;
  /** Every `stride`-th index of the horizontal dimensions (a preview); absent or 1: every cell. */
  stride?: number;
  /** [west, south, east, north], degrees: only the grid's window covering it; absent: the whole grid. */
  bbox?: Bbox;
  /**
   * `coordinates=axes` (with `bbox` only): the window without its 2-D latitude/longitude, for a client that places it
   * by its 1-D axes (the decode worker). On the whole Arctic they are float32 and hardly compress: a window of 102 000
   * cells was 523 KB with them, more than the whole field's 335 KB.
   */
  axesOnly?: boolean;
}

/** A longitude/latitude box, degrees: [west, south, east, north]; west > east when it crosses 180°. */
export type Bbox = readonly [number, number, number, number];

/** The strides a request may ask for: 1 (every cell) and 2 (a quarter of the cells; bench/README.md, bytes per slice). */
const ALLOWED_STRIDES = [1, 2] as const;

/** The one preview stride the worker asks for. */
export const PREVIEW_STRIDE = 2;

/** A selection the file cannot answer, or a malformed query: the route's 422. */
export class SubsetError extends Error {
  override name = 'SubsetError';
}

/** `url` with the query of `variables` at one lead (hours), `stride` when not 1, and the window of `bbox` when given. */
export function subsetQuery(url: string, variables: readonly string[], leadHours: number, stride = 1, bbox?: Bbox, axesOnly = false): string {
  let query = `variables=${encodeURIComponent(variables.join(','))}&lead=${leadHours}`;
  if (stride !== 1) query += `&stride=${stride}`;
  if (bbox) query += `&bbox=${bbox.join(',')}${axesOnly ? '&coordinates=axes' : ''}`;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Parse the query's `variables` (comma-separated names), `lead` (comma-separated hours) and `stride`. Null when
 * neither list was given (the whole file). Throws SubsetError for a malformed list or stride; names and leads
 * are checked against the file when the subset is cut.
 */
export function parseSubsetQuery(query: { variables?: string; lead?: string; stride?: string; bbox?: string; coordinates?: string }): SubsetSelection | null {
  const { variables, lead, stride } = query;
  const bbox = query.bbox === undefined ? undefined : parseBbox(query.bbox);
  if (query.coordinates !== undefined && (query.coordinates !== 'axes' || !bbox)) {
    throw new SubsetError(`"coordinates" may only be "axes", with "bbox", got ${JSON.stringify(query.coordinates)}`);
  }
  const window = bbox ? { bbox, ...(query.coordinates === 'axes' ? { axesOnly: true } : {}) } : null;
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
  if (variables === undefined && lead === undefined) return window ? { variables: null, leads: null, ...window } : null;
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
  const selection: SubsetSelection = step === 1 ? { variables: names, leads } : { variables: names, leads, stride: step };
  return window ? { ...selection, ...window } : selection;
}

/** `west,south,east,north` in degrees: longitudes −180…180, latitudes −90…90, south below north, west ≠ east. */
export function parseBbox(value: string): Bbox {
  const parts = value.split(',').map((s) => s.trim());
  const numbers = parts.map(Number);
  if (parts.length !== 4 || parts.some((s) => s === '') || !numbers.every(Number.isFinite)) {
    throw new SubsetError(`"bbox" must be west,south,east,north in degrees, got ${JSON.stringify(value)}`);
  }
  const [west, south, east, north] = numbers;
  if ([west, east].some((lon) => lon < -180 || lon > 180) || [south, north].some((lat) => lat < -90 || lat > 90)) {
    throw new SubsetError(`"bbox" longitudes must lie within −180…180 and latitudes within −90…90, got ${JSON.stringify(value)}`);
  }
  if (!(south < north) || west === east) throw new SubsetError(`"bbox" must have south < north and west ≠ east (west > east crosses 180°), got ${JSON.stringify(value)}`);
  return [west, south, east, north];
}

/** A canonical text of the selection (sorted), used to name and tag the cached subset. */
export function selectionKey(selection: SubsetSelection): string {
  const vars = selection.variables ? [...selection.variables].sort().join(',') : '*';
  const leads = selection.leads ? [...selection.leads].sort((a, b) => a - b).join(',') : '*';
  // Stride 1 keeps the key it had before strides existed: the same file, name and ETag.
  const stride = (selection.stride ?? 1) === 1 ? '' : `;s=${selection.stride}`;
  const bbox = selection.bbox ? `;b=${selection.bbox.join(',')}${selection.axesOnly ? ';c=axes' : ''}` : '';
  return `v=${vars};l=${leads}${stride}${bbox}`;
}
