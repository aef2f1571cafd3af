/**
 * A server file known by its header and the slices fetched so far (for slow links). The header comes
 * from one byte range of the full file (`Range: bytes=0-…`, identity), the slices from the server's subset
 * answers (`…/hist?date=…&variables=a,b&lead=24`, small NetCDF-3 files, CF-packed, brotli). The page sees the
 * full file's metadata at once and asks for slices with the full file's key as usual; a slice not fetched yet
 * is fetched first (`ensure`).
 *
 * Reads: a variable at a lead index comes from the subset that holds it; a variable that lies wholly inside the
 * header range (the `time`, `latitude`, `longitude` coordinates of the server's files) from that range.
 * Anything else is NetcdfNotFoundError (ask `has` first). The header range is copied into a buffer of the
 * file's full size so the NetCDF-3 reader's size checks hold; untouched pages of it cost no memory.
 */
import type { DownloadProgress } from '../forecast.api.ts';
import { NetcdfFormatError, NetcdfNotFoundError, NetcdfTruncatedError } from '../../netcdf/errors.ts';
import { parseNc3Header } from '../../netcdf/nc3/header.ts';
import { Nc3Dataset } from '../../netcdf/nc3/reader.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';
import type { NetcdfDataset, RawData, UnpackedData, VariableInfo } from '../../netcdf/types.ts';
import { DownloadError } from '../worker-errors.ts';
import { download } from './download.ts';
import type { BodyTiming } from './link-rate.ts';
import type { TransferClock } from './transfer-timing.ts';
import { leadTimes, timeDimension } from '../../netcdf/time-axis.ts';

/**
 * Bytes asked for the header: the server's header with its time axis (~2.4 KB) with room for long attributes.
 * The latitude and longitude come with every subset, so they need not be in the range (16 KiB less
 * on the first view than the 32 KiB asked before, half a second at 256 kbit/s).
 */
export const HEADER_RANGE_BYTES = 16 * 1024;

export interface FetchContext {
  signal: AbortSignal;
  fetchImpl: typeof fetch;
  onProgress?: (progress: DownloadProgress) => void;
  priority?: RequestPriority;
  /** Told of the body once read whole: how it arrived, timed from its first byte (link-rate.ts). */
  onBody?: (timing: BodyTiming) => void;
  /** The clock `onBody`'s timing is measured with (default performance.now without a record; tests pass a fake). */
  clock?: TransferClock;
}

/**
 * The header range of a file: its dataset view (coordinates readable), or the whole file when the server
 * ignored the range and sent it all (then there is nothing partial about it).
 */
export async function fetchHeader(url: string, context: FetchContext): Promise<{ partial: PartialDataset } | { whole: Uint8Array }> {
  const response = await rangeFetch(url, context);
  if (response.status === 200) {
    return { whole: await download(url, context.signal, context.onProgress, async () => response) };
  }
  const range = /^bytes\s+(\d+)-(\d+)\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  if (response.status !== 206 || !range || Number(range[1]) !== 0) {
    throw new DownloadError(`header of ${url}: unexpected HTTP ${response.status} ${response.headers.get('content-range') ?? ''}`, response.status);
  }
  const total = Number(range[3]);
  const head = new Uint8Array(await response.arrayBuffer());
  if (head.length === total) return { whole: head };
  try {
    return { partial: new PartialDataset(head, total) };
  } catch (error) {
    // A header longer than the range reads as truncated: not a broken file, just more header than asked for.
    if (error instanceof NetcdfTruncatedError) throw new HeaderRangeTooShortError(`the header of ${url} is longer than ${head.length} bytes`);
    throw error;
  }
}

async function rangeFetch(url: string, { signal, fetchImpl, priority }: FetchContext): Promise<Response> {
  try {
    return await fetchImpl(url, {
      signal,
      credentials: 'same-origin',
      headers: { range: `bytes=0-${HEADER_RANGE_BYTES - 1}` },
      priority: priority ?? 'high',
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new DownloadError(`header of ${url} failed: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
}

/** The file's time axis lies beyond the header range (a very long header): the caller takes the whole file. */
export class HeaderRangeTooShortError extends NetcdfFormatError {}

export class PartialDataset implements NetcdfDataset {
  readonly format;
  readonly byteLength: number;
  readonly dimensions;
  readonly variables: VariableInfo[];
  readonly attributes;
  /** Lead times (hours) of the full file, by index. */
  readonly leadHours: number[];
  private readonly header: Nc3Dataset;
  private readonly timeDim: string | null;
  /** Variables readable from the header range. */
  private readonly inRange = new Set<string>();
  /** `name\0leadIndex` (or `name` for variables without time) → where to read it. */
  private readonly held = new Map<string, { dataset: NetcdfDataset; index: number | undefined }>();

  constructor(head: Uint8Array, totalBytes: number) {
    const sparse = new Uint8Array(totalBytes);
    sparse.set(head);
    const layout = parseNc3Header(sparse);
    // The header ends where the first variable's data begins: beyond the range, the parse above read zeros.
    const dataStart = Math.min(...layout.variables.map((v) => v.begin));
    if (!(dataStart <= head.length)) {
      throw new HeaderRangeTooShortError(`the header of this file is longer than its first ${head.length} bytes`);
    }
    for (const v of layout.variables) {
      if (!v.isRecord && v.begin + v.sliceBytes <= head.length) this.inRange.add(v.name);
    }
    this.header = new Nc3Dataset(sparse);
    this.format = this.header.format;
    this.byteLength = totalBytes;
    this.dimensions = this.header.dimensions;
    this.variables = this.header.variables;
    this.attributes = this.header.attributes;
    this.timeDim = timeDimension(this.header);
    const time = this.header.variables.find((v) => v.dimensions.length === 1 && v.dimensions[0] === this.timeDim);
    if (time && !this.inRange.has(time.name)) {
      throw new HeaderRangeTooShortError(`the time axis of this file lies beyond its first ${head.length} bytes`);
    }
    this.leadHours = leadTimes(this.header);
  }

  private slot(name: string, leadIndex: number | undefined): string {
    const info = this.variable(name);
    return this.timeDim !== null && info.dimensions[0] === this.timeDim && info.shape.length >= 2 ? `${name}\u0000${leadIndex ?? 0}` : name;
  }

  /** Whether `name` at `leadIndex` can be read now. */
  has(name: string, leadIndex: number): boolean {
    return this.inRange.has(name) || this.held.has(this.slot(name, leadIndex));
  }

  /** Take in a subset file of this file: each of its variables at each of its leads (matched by hours). */
  addSubset(subset: NetcdfDataset): void {
    const subsetHours = leadTimes(subset);
    const subsetTime = timeDimension(subset);
    for (const v of subset.variables) {
      if (this.inRange.has(v.name) || !this.variables.some((w) => w.name === v.name)) continue;
      if (subsetTime !== null && v.dimensions[0] === subsetTime && v.shape.length >= 2) {
        subsetHours.forEach((hours, index) => {
          const leadIndex = this.leadHours.indexOf(hours);
          if (leadIndex >= 0) this.held.set(this.slot(v.name, leadIndex), { dataset: subset, index });
        });
      } else {
        this.held.set(v.name, { dataset: subset, index: undefined });
      }
    }
  }

  variable(name: string): VariableInfo {
    return this.header.variable(name);
  }

  private source(name: string, index: number | undefined): { dataset: NetcdfDataset; index: number | undefined } {
    if (this.inRange.has(name)) return { dataset: this.header, index };
    const found = this.held.get(this.slot(name, index));
    if (!found) throw new NetcdfNotFoundError(`${name} at lead index ${index ?? 0} has not been fetched yet`);
    return found;
  }

  readRaw(name: string, index?: number): RawData {
    const { dataset, index: at } = this.source(name, index);
    return dataset.readRaw(name, at);
  }

  read(name: string, index?: number): UnpackedData {
    const { dataset, index: at } = this.source(name, index);
    return dataset.read(name, at);
  }

  close(): void {
    for (const { dataset } of new Set(this.held.values())) dataset.close();
    this.held.clear();
  }
}

/** Download a subset and open it (a NetCDF-3 file: decoded at once, no wasm). */
export async function fetchSubset(url: string, context: FetchContext): Promise<NetcdfDataset> {
  const bytes = await download(
    url,
    context.signal,
    context.onProgress,
    (input, init) => context.fetchImpl(input, { ...init, priority: context.priority ?? 'auto' }),
    context.onBody,
    context.clock,
  );
  return openNetcdf(bytes);
}
