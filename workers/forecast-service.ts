/**
 * The decode worker's implementation (ForecastWorkerApi), free of any worker plumbing so that Node tests and
 * the page (for an in-process fallback) can run the very same code. forecast.worker.ts exposes an instance.
 */
import * as Comlink from 'comlink';
import type {
  ContourLines,
  DownloadProgress,
  DriftSlice,
  FirstSlice,
  ForecastFileMeta,
  ForecastWorkerApi,
  LinkDecision,
  LocalField,
  ProbabilitySlice,
  ScalarSlice,
  SliceOptions,
} from './forecast.api.ts';
import { driftComponents } from '../common/drift.ts';
import { cacheWholeFile, fetchWholeFile } from './forecast/whole-file.ts';
import { abortError } from './worker-errors.ts';
import { FileCache, DEFAULT_CACHE_BYTES, type CachedFile, type CachedSlice } from './forecast/file-cache.ts';
import { timeDimension } from '../netcdf/time-axis.ts';
import { SlicedFetcher } from './forecast/sliced-fetcher.ts';
import { previewValues } from './forecast/preview.ts';
import { stillCurrent, Validators } from './forecast/revalidate.ts';
import { iceProbability } from './forecast/ice-probability.ts';
import type { TransferClock } from './forecast/transfer-timing.ts';
import { NetcdfNotFoundError, UnsupportedFeatureError } from '../netcdf/errors.ts';
import type { RegionId } from '../common/regions/types.ts';
import { finiteRange } from '../netcdf/stats.ts';
import { numericTypes } from '../netcdf/types.ts';

export interface ForecastServiceOptions {
  /** fetch to download with (tests pass their own). */
  fetch?: typeof fetch;
  /** Memory budget of the decoded-file cache, bytes. */
  cacheBytes?: number;
  /**
   * The clock the link's rate is measured with and, in the worker, the browser's record of each transfer
   * (forecast/transfer-timing.ts: `resourceTimingClock()`); default performance.now alone; tests advance a fake one.
   */
  clock?: TransferClock;
  /**
   * Whether `fetch` can answer `url` whole without the link (the offline copy holds the file a fast link took
   * whole): such a file is opened whole, not slice by slice. Default: never.
   */
  heldWhole?: (url: string) => Promise<boolean>;
}

export class ForecastService implements ForecastWorkerApi {
  private readonly cache: FileCache;
  private readonly requests = new Map<string, AbortController>();
  private readonly fetchImpl: typeof fetch;
  /** Slow links: header + first slice, the rest by subsets (see forecast/sliced-fetcher.ts). */
  private readonly sliced: SlicedFetcher;
  /** Downloads of each key so far (ForecastFileMeta.version). */
  private readonly versions = new Map<string, number>();
  /** The ETags of files the server may replace under their URL (analyses, imported runs): see forecast/revalidate.ts. */
  private readonly validators = new Validators();
  private readonly heldWhole: (url: string) => Promise<boolean>;

  constructor(options: ForecastServiceOptions = {}) {
    this.cache = new FileCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES);
    this.fetchImpl = this.validators.wrap(options.fetch ?? ((input, init) => fetch(input, init)));
    this.sliced = new SlicedFetcher(this.cache, this.fetchImpl, options.clock);
    this.heldWhole = options.heldWhole ?? (() => Promise.resolve(false));
  }

  /** Cache occupancy, for tests and diagnostics. */
  get cacheInfo(): { files: number; bytes: number; limit: number } {
    return { files: this.cache.size, bytes: this.cache.totalBytes, limit: this.cache.limitBytes };
  }

  async open(
    source: { url: string; first?: FirstSlice } | { key: string; bytes: ArrayBuffer },
    requestId: string,
    onProgress?: (progress: DownloadProgress) => void,
  ): Promise<ForecastFileMeta> {
    const key = 'url' in source ? source.url : source.key;
    const first = 'url' in source ? source.first : undefined;
    const controller = new AbortController();
    this.requests.set(requestId, controller);
    try {
      const cached = this.cache.get(key);
      const validator = 'url' in source ? this.validators.get(key) : undefined;
      // A file the server may have replaced under this URL is shown again only if it is still the server's.
      if (cached && validator && !(await stillCurrent(key, validator, this.fetchImpl, controller.signal))) {
        this.cache.delete(key);
        this.validators.forget(key);
      } else if (cached) {
        if (first) this.sliced.prefetch(key, first);
        return cached.meta;
      }
      if (first && 'url' in source && !(await this.heldWhole(source.url))) {
        const meta = await this.sliced.open(source.url, first, controller.signal, onProgress);
        if (meta) return this.newVersion(key, meta); // otherwise the server cannot subset this file: download it whole
      }
      const bytes =
        'url' in source
          ? await fetchWholeFile(source.url, { signal: controller.signal, fetchImpl: this.fetchImpl, onProgress })
          : new Uint8Array(source.bytes);
      if (controller.signal.aborted) throw abortError();
      const meta = await cacheWholeFile(this.cache, key, bytes, { stillWanted: () => !controller.signal.aborted });
      if (!meta) throw abortError();
      return this.newVersion(key, meta);
    } finally {
      this.requests.delete(requestId);
    }
  }

  /** The meta of a fresh download of `key`, numbered, and kept so with the cached file. */
  private newVersion(key: string, meta: ForecastFileMeta): ForecastFileMeta {
    const version = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, version);
    const versioned = { ...meta, version };
    const entry = this.cache.get(key);
    if (entry) entry.meta = versioned;
    return versioned;
  }

  abort(requestId: string): void {
    this.requests.get(requestId)?.abort();
  }

  allowBackground(key: string, onDecision?: (decision: LinkDecision | null) => void): void {
    this.sliced.allowBackground(key, onDecision);
  }

  linkQuiet(): Promise<void> {
    return this.sliced.scheduler.quiet();
  }

  seedLinkRate(bitsPerSecond: number): void {
    this.sliced.rate.seed(bitsPerSecond / 8);
  }

  linkDecision(key: string): Promise<LinkDecision | null> {
    return Promise.resolve(this.sliced.decision(key));
  }

  /** The background fetcher's state (tests): foreground requests pending, background job running and queued. */
  get backgroundInfo(): { foreground: number; running: boolean; queued: number } {
    const s = this.sliced.scheduler;
    return { foreground: s.foregroundCount, running: s.backgroundRunning !== null, queued: s.backgroundQueued };
  }

  async scalarSlice(key: string, variable: string, leadIndex: number, options?: SliceOptions): Promise<ScalarSlice> {
    const window = options?.window ? await this.sliced.window(key, [variable], leadIndex, options.window) : null;
    if (window) {
      const [height, width] = this.entry(key).dataset.variable(variable).shape.slice(-2);
      const [data] = window.values;
      return Comlink.transfer({ data, width, height, ...finiteRange(data), window: window.bbox }, [data.buffer]);
    }
    if (options?.preview) {
      // On a slow link, a slice not held comes first as a preview (never cached as the slice).
      const preview = await this.sliced.preview(key, [variable], leadIndex);
      if (preview) {
        const [height, width] = this.entry(key).dataset.variable(variable).shape.slice(-2);
        const data = previewValues(preview, variable, width, height);
        return Comlink.transfer({ data, width, height, ...finiteRange(data), preview: true }, [data.buffer]);
      }
    } else {
      await this.sliced.ensure(key, [variable], leadIndex);
    }
    const entry = this.entry(key);
    const slice = this.scalar(entry, key, variable, leadIndex);
    const [height, width] = entry.dataset.variable(variable).shape.slice(-2);
    const data = slice.data.slice(); // the cache keeps its own copy; this one is transferred
    return Comlink.transfer({ data, width, height, min: slice.min, max: slice.max }, [data.buffer]);
  }

  async driftSlice(key: string, leadIndex: number, speedVariable?: string, directionVariable?: string, options?: SliceOptions): Promise<DriftSlice> {
    const entry = this.entry(key);
    const speedName = speedVariable ?? findVariable(entry, /(^|_)speed$/i, 'sea_ice_speed', 'drift speed');
    const directionName =
      directionVariable ?? findVariable(entry, /(^|_)(direct|direction|dir)$/i, 'direction', 'drift direction');
    const window = options?.window ? await this.sliced.window(key, [speedName, directionName], leadIndex, options.window) : null;
    if (window) {
      const [height, width] = entry.dataset.variable(speedName).shape.slice(-2);
      const { data, maxSpeed } = driftComponents(window.values[0], window.values[1]);
      return Comlink.transfer({ data, width, height, maxSpeed, window: window.bbox }, [data.buffer]);
    }
    if (options?.preview) {
      const preview = await this.sliced.preview(key, [speedName, directionName], leadIndex);
      if (preview) {
        const [height, width] = entry.dataset.variable(speedName).shape.slice(-2);
        const components = driftComponents(previewValues(preview, speedName, width, height), previewValues(preview, directionName, width, height));
        const data = components.data;
        return Comlink.transfer({ data, width, height, maxSpeed: components.maxSpeed, preview: true }, [data.buffer]);
      }
    } else {
      await this.sliced.ensure(key, [speedName, directionName], leadIndex);
    }
    const sliceKey = `drift\u0000${speedName}\u0000${directionName}\u0000${leadIndex}`;
    let drift = entry.slices.get(sliceKey);
    if (!drift) {
      const speed = this.scalar(entry, key, speedName, leadIndex);
      const direction = this.scalar(entry, key, directionName, leadIndex);
      const components = driftComponents(speed.data, direction.data);
      drift = { data: components.data, min: 0, max: components.maxSpeed };
      this.cache.addSlice(key, sliceKey, drift);
    }
    const [height, width] = entry.dataset.variable(speedName).shape.slice(-2);
    const data = drift.data.slice();
    return Comlink.transfer({ data, width, height, maxSpeed: drift.max }, [data.buffer]);
  }

  async cellSeries(key: string, variables: string[], cell: number): Promise<number[][]> {
    const leadCount = Math.max(1, this.entry(key).meta.leadHours.length);
    // A file opened slice by slice may not hold every lead yet: fetch what is missing first.
    for (let leadIndex = 0; leadIndex < leadCount; leadIndex++) await this.sliced.ensure(key, variables, leadIndex);
    const entry = this.entry(key);
    return variables.map((variable) => {
      const info = entry.dataset.variable(variable);
      const hasTime = info.shape.length >= 3 && info.dimensions[0] === timeDimension(entry.dataset);
      const count = hasTime ? Math.min(leadCount, info.shape[0]) : 1;
      const [height, width] = info.shape.slice(-2);
      if (!Number.isInteger(cell) || cell < 0 || cell >= width * height) {
        throw new NetcdfNotFoundError(`cell ${cell} is outside ${variable} (${height} × ${width})`);
      }
      return Array.from({ length: count }, (_, leadIndex) => this.scalar(entry, key, variable, leadIndex).data[cell]);
    });
  }

  async contour(key: string, variable: string, leadIndex: number, level: number): Promise<ContourLines> {
    await this.sliced.ensure(key, [variable], leadIndex);
    const entry = this.entry(key);
    const grid = entry.meta.grid;
    if (!grid) throw new UnsupportedFeatureError(`file ${key} has no regular latitude/longitude or polar stereographic grid to contour on`);
    // Loaded on first use (d3-contour): the worker's first chunk stays small for a slow link.
    const { contourLines } = await import('./forecast/contour.ts');
    const lines = contourLines(this.scalar(entry, key, variable, leadIndex).data, grid, level);
    return Comlink.transfer(lines, [lines.coordinates.buffer, lines.starts.buffer]);
  }

  async localField(key: string, variable: string, timeIndex: number, region: RegionId = 'sector'): Promise<LocalField> {
    // Loaded on first use (proj4 and the regridder, ~45 KiB brotli): not needed to show the server's forecasts.
    const { localField } = await import('./regrid/local-field.ts');
    const field = localField(this.entry(key).dataset, variable, timeIndex, region);
    return Comlink.transfer(field, [field.data.buffer]);
  }

  async iceProbability(members: { key: string; leadIndex: number }[], variable: string, level: number): Promise<ProbabilitySlice> {
    await Promise.all(members.map((member) => this.sliced.ensure(member.key, [variable], member.leadIndex)));
    const slices = members.map((member) => this.scalar(this.entry(member.key), member.key, variable, member.leadIndex).data);
    const field = iceProbability(slices, level);
    const [height, width] = this.entry(members[0].key).dataset.variable(variable).shape.slice(-2);
    return Comlink.transfer({ ...field, width, height, members: members.length }, [field.data.buffer]);
  }

  private entry(key: string): CachedFile {
    const entry = this.cache.get(key);
    if (!entry) throw new NetcdfNotFoundError(`file ${key} is not open (open it first; it may have left the cache)`);
    return entry;
  }

  /** One lead time of a (time, lat, lon) or (lat, lon) variable as float32, decoded once and cached. */
  private scalar(entry: CachedFile, key: string, variable: string, leadIndex: number): CachedSlice {
    const sliceKey = `scalar\u0000${variable}\u0000${leadIndex}`;
    const cached = entry.slices.get(sliceKey);
    if (cached) return cached;
    const { dataset } = entry;
    const info = dataset.variable(variable);
    if (!numericTypes.has(info.type)) throw new UnsupportedFeatureError(`variable ${variable} holds ${info.type} values, not numbers`);
    if (info.shape.length < 2) {
      throw new UnsupportedFeatureError(`variable ${variable} has ${info.shape.length} dimension(s); a map needs latitude and longitude`);
    }
    const [height, width] = info.shape.slice(-2);
    const hasTime = info.shape.length >= 3 && info.dimensions[0] === timeDimension(dataset);
    if (!hasTime && leadIndex !== 0) throw new NetcdfNotFoundError(`variable ${variable} has no time dimension, so no lead ${leadIndex}`);
    const values = hasTime ? dataset.read(variable, leadIndex) : dataset.read(variable);
    if (values.length !== width * height) {
      throw new UnsupportedFeatureError(
        `variable ${variable} has dimensions (${info.dimensions.join(', ')}); a map slice needs (time, latitude, longitude)`,
      );
    }
    const data = values instanceof Float32Array ? values : Float32Array.from(values);
    const slice = { data, ...finiteRange(data) };
    this.cache.addSlice(key, sliceKey, slice);
    return slice;
  }
}

function findVariable(entry: CachedFile, namePattern: RegExp, standardName: string, what: string): string {
  const candidates = entry.meta.variables.filter((v) => v.shape.length >= 2 && numericTypes.has(v.type));
  const found =
    candidates.find((v) => typeof v.attributes.standard_name === 'string' && v.attributes.standard_name.includes(standardName)) ??
    candidates.find((v) => namePattern.test(v.name));
  if (!found) throw new NetcdfNotFoundError(`no ${what} variable in ${entry.meta.key}; name it explicitly`);
  return found.name;
}
