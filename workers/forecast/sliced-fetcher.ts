/**
 * Opening a server file slice by slice, so a slow link draws the view before the whole file, one file at a time:
 * opening another file stops the previous file's fetches. This class holds what the jobs share (the cache, the
 * scheduler, the link's rate, the slices on their way) and answers the service; each job has its own module:
 * - the first view (first-slice.ts): the header range and the view's first slice in parallel, high priority;
 * - the link's decision (link-decision.ts), once the first slice has arrived: slices, or the whole file
 *   (whole-upgrade.ts) once the page has drawn that slice;
 * - previews (slice-previews.ts): a slow link's switch first fetches a stride-2 subset;
 * - the background (background-order.ts, fetch-scheduler.ts): every other slice one subset at a time at low
 *   priority, after the page says the view is drawn (`allowBackground`), giving way to any slice the view asks for.
 * A slice asked for that is not there yet is fetched at once (or awaited if already on its way). See partial-file.ts
 * for the dataset.
 */
import type { DownloadProgress, FirstSlice, ForecastFileMeta, LinkDecision } from '../forecast.api.ts';
import type { Bbox } from '../../common/forecast-file/subset-query.ts';
import { NetcdfNotFoundError } from '../../netcdf/errors.ts';
import type { NetcdfDataset } from '../../netcdf/types.ts';
import { subsetQuery } from '../../common/forecast-file/subset-query.ts';
import { DownloadError } from '../worker-errors.ts';
import { backgroundJobs } from './background-order.ts';
import { FetchScheduler } from './fetch-scheduler.ts';
import type { FileCache } from './file-cache.ts';
import { describeFile, fieldGrid } from './file-meta.ts';
import { fetchFirstView } from './first-slice.ts';
import { LinkDecisions, type DecisionListener } from './link-decision.ts';
import { LinkRate, wireBytes } from './link-rate.ts';
import { fetchSubset, PartialDataset, type FetchContext } from './partial-file.ts';
import { gridFromPreview, SliceSizes } from './preview.ts';
import { SlicePreviews } from './slice-previews.ts';
import { SliceWindows, type WindowAnswer } from './slice-windows.ts';
import { sliceSlot } from './slice-slot.ts';
import type { TransferClock } from './transfer-timing.ts';
import { cacheWholeFile, fetchWholeFile } from './whole-file.ts';
import { WholeUpgrade } from './whole-upgrade.ts';

export class SlicedFetcher {
  /** In-flight foreground subset fetches by slot (sliceSlot), shared by concurrent askers. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Which request uses the link when: foreground first, one background fetch at a time. */
  readonly scheduler = new FetchScheduler();
  /** The file whose other slices the background fetches. */
  private backgroundKey: string | null = null;
  /** The link's speed, from every body downloaded (previews and the link decision use it). */
  readonly rate = new LinkRate();
  /** Wire bytes per cell of each variable's full slice, from the subsets fetched. */
  private readonly sizes = new SliceSizes();
  /** Slices or the whole file, by file key, decided when its first slice arrived. */
  private readonly decisions = new LinkDecisions();
  private readonly previews: SlicePreviews;
  private readonly windows: SliceWindows;
  private readonly upgrade: WholeUpgrade;

  constructor(
    private readonly cache: FileCache,
    private readonly fetchImpl: typeof fetch,
    /** The clock the link is measured with and the browser's record of each transfer (transfer-timing.ts). */
    private readonly clock?: TransferClock,
  ) {
    this.previews = new SlicePreviews({
      scheduler: this.scheduler,
      rate: this.rate,
      sizes: this.sizes,
      partial: (key) => this.partial(key),
      ensure: (key, variables, leadIndex) => this.ensure(key, variables, leadIndex),
      inFlight: (slot) => this.inFlight.has(slot),
      subset: (url, variables, context, full) => this.subset(url, variables, context, full),
      fetchImpl,
    });
    this.windows = new SliceWindows({
      scheduler: this.scheduler,
      rate: this.rate,
      sizes: this.sizes,
      partial: (key) => this.partial(key),
      grid: (key) => (this.partial(key) ? (this.cache.get(key)?.meta.grid ?? null) : null),
      subset: (url, variables, context, full) => this.subset(url, variables, context, full),
      fetchImpl,
    });
    this.upgrade = new WholeUpgrade({
      cache,
      scheduler: this.scheduler,
      decisions: this.decisions,
      partial: (key) => this.partial(key),
      fetchWhole: (key, signal) => fetchWholeFile(key, { signal, fetchImpl: this.fetchImpl, rate: this.rate, clock: this.clock }),
      fallBack: (key, first) => {
        this.backgroundKey = null;
        this.prefetch(key, first);
        this.scheduler.allow();
      },
    });
  }

  /**
   * Header + first slice of `url`, cached under `url` as a partial file. Null when the server cannot answer
   * by slices (the caller downloads the whole file); a whole file sent instead of the range is taken as is.
   * The other slices are queued for the background, which starts with `allowBackground(url)`.
   */
  async open(url: string, first: FirstSlice, signal: AbortSignal, onProgress?: (progress: DownloadProgress) => void): Promise<ForecastFileMeta | null> {
    this.backgroundKey = null;
    this.scheduler.stop();
    this.upgrade.stop();
    // A zoomed-in view on a slow link: only the window under it (slice-windows.ts), as a switch there would.
    const windowBox = first.window && this.windows.firstWorthIt(first.window, first.variables) ? first.window.bbox : null;
    const view = await this.scheduler.foreground(() =>
      fetchFirstView(
        url,
        first,
        {
          signal,
          fetchImpl: this.fetchImpl,
          onProgress,
          subset: (subsetUrl, variables, context) => this.subset(subsetUrl, variables, context),
          preview: (previewAt, variables, context) => this.subset(previewAt, variables, context, false),
        },
        windowBox,
      ),
    );
    if ('unsliced' in view) return null;
    if ('whole' in view) return cacheWholeFile(this.cache, url, view.whole);
    this.windows.forget(url);
    if ('window' in view) return this.openOnWindow(url, first, view.partial, view.window);
    const meta = describeFile(url, view.partial);
    if (!meta.grid && view.preview) {
      // No full subset yet, so no coordinates: the grid is the preview's, at twice its resolution.
      const previewGrid = fieldGrid(view.preview);
      const shape = view.partial.variable(first.variables[0]).shape;
      if (previewGrid) meta.grid = gridFromPreview(previewGrid, shape[shape.length - 1], shape[shape.length - 2]);
    }
    this.cache.add(url, view.partial, meta);
    this.decisions.decide(url, this.rate.bytesPerSecond, this.wholeFileEstimate(view.partial));
    // The first view's preview: the view's first ask draws it while the full slice, asked now, comes.
    if (view.preview) this.previews.adopt(url, first.variables, view.partial.leadHours.indexOf(first.leadHours), view.preview);
    this.prefetch(url, first);
    return meta;
  }

  /**
   * A first view that brought the window under the view and no whole slice, so no coordinates: the file is placed on
   * the grid the page expected once the window's own axes are seen to fall on it (then the view's first ask is
   * answered from the window); otherwise the whole first slice is fetched now, as without a window.
   */
  private async openOnWindow(url: string, first: FirstSlice, partial: PartialDataset, window: NetcdfDataset): Promise<ForecastFileMeta> {
    const meta = describeFile(url, partial);
    const leadIndex = partial.leadHours.indexOf(first.leadHours);
    this.cache.add(url, partial, meta);
    const grid = meta.grid ?? first.window?.grid ?? null;
    let adopted = false;
    try {
      adopted = grid !== null && this.windows.adopt(url, grid, first.variables, leadIndex, window, partial);
    } finally {
      window.close(); // its values were copied into the mosaics
    }
    if (adopted) {
      meta.grid = grid;
    } else {
      await this.ensure(url, first.variables, leadIndex);
      meta.grid = describeFile(url, partial).grid;
    }
    this.decisions.decide(url, this.rate.bytesPerSecond, this.wholeFileEstimate(partial));
    this.prefetch(url, first);
    return meta;
  }

  /** How `key` is fetched (a copy); null for files not opened slice-first. */
  decision(key: string): LinkDecision | null {
    return this.decisions.get(key);
  }

  /** Estimated wire bytes of the whole file: every field at every lead at the sizes seen so far (null before any). */
  private wholeFileEstimate(partial: PartialDataset): number | null {
    const fields = partial.variables.filter((v) => v.shape.length >= 2 && v.dimensions.length >= 3);
    if (fields.length === 0) return null;
    const shape = fields[0].shape;
    const perLead = this.sizes.estimate(
      fields.map((v) => v.name),
      shape[shape.length - 1] * shape[shape.length - 2],
    );
    return perLead === null ? null : perLead * Math.max(1, partial.leadHours.length);
  }

  private partial(key: string): PartialDataset | null {
    if (!this.cache.has(key)) return null;
    const dataset = this.cache.get(key)?.dataset;
    return dataset instanceof PartialDataset ? dataset : null;
  }

  /**
   * The page has drawn a view of `key`: its whole file (a fast link) or its background slices may use the link
   * (no-op for another file). `onDecision` hears how the file is fetched now and at each change.
   */
  allowBackground(key: string, onDecision?: DecisionListener): void {
    if (onDecision) this.decisions.listen(key, onDecision);
    if (key !== this.backgroundKey) return;
    if (this.upgrade.start(key)) return;
    this.scheduler.allow();
  }

  /** Make sure `variables` at `leadIndex` of `key` can be read (no-op for files held whole). */
  async ensure(key: string, variables: string[], leadIndex: number): Promise<void> {
    const partial = this.partial(key);
    if (!partial) return;
    for (const name of variables) partial.variable(name); // unknown names: NetcdfNotFoundError, as before
    if (!Number.isInteger(leadIndex) || leadIndex < 0 || leadIndex >= partial.leadHours.length) {
      if (variables.every((name) => partial.has(name, leadIndex))) return;
      throw new NetcdfNotFoundError(`lead index ${leadIndex} is not in ${key} (${partial.leadHours.length} leads)`);
    }
    const missing = variables.filter((name) => !partial.has(name, leadIndex));
    if (missing.length === 0) return;
    const wanted = missing.map((name) => sliceSlot(key, name, leadIndex));
    await this.scheduler.foreground(async () => {
      // The background may be fetching exactly these: wait for it rather than asking twice.
      await this.scheduler.underway(wanted);
      await this.fetch(key, partial, variables, leadIndex, 'high', new AbortController().signal);
    }, wanted);
  }

  /** For the displayed field: a preview first on a slow link (slice-previews.ts), else null once the slices are held. */
  preview(key: string, variables: string[], leadIndex: number): Promise<NetcdfDataset | null> {
    return this.previews.preview(key, variables, leadIndex);
  }

  /** For the displayed field of a zoomed-in view on a slow link: its window's values (slice-windows.ts), else null. */
  window(key: string, variables: string[], leadIndex: number, bbox: Bbox): Promise<WindowAnswer | null> {
    return this.windows.window(key, variables, leadIndex, bbox);
  }

  /**
   * Fetch the slices missing and take them into the partial file. Foreground fetches (high priority) share
   * each other's requests; a background one is its own (it may be aborted to make way, see fetch-scheduler.ts).
   */
  private async fetch(key: string, partial: PartialDataset, variables: string[], leadIndex: number, priority: 'high' | 'low', signal: AbortSignal): Promise<void> {
    const waits: Promise<void>[] = [];
    const missing: string[] = [];
    for (const name of variables) {
      if (partial.has(name, leadIndex)) continue;
      const running = priority === 'high' ? this.inFlight.get(sliceSlot(key, name, leadIndex)) : undefined;
      if (running) waits.push(running);
      else missing.push(name);
    }
    const hours = partial.leadHours[leadIndex];
    const context: FetchContext = { signal, fetchImpl: this.fetchImpl, priority };
    if (missing.length > 0 && priority === 'low') {
      partial.addSubset(await this.subset(subsetQuery(key, missing, hours), missing, context));
    } else if (missing.length > 0) {
      const job = this.subset(subsetQuery(key, missing, hours), missing, context)
        .then((subset) => [subset])
        .catch((error: unknown) => {
          // No link (a network failure, not an HTTP answer): the offline copy may hold these slices one by one,
          // as the background fetched them (the drift's speed and direction are two requests there, one here).
          if (missing.length < 2 || !(error instanceof DownloadError) || error.status !== 0) throw error;
          return Promise.all(missing.map((name) => this.subset(subsetQuery(key, [name], hours), [name], context)));
        })
        .then((subsets) => {
          for (const subset of subsets) partial.addSubset(subset);
        });
      const settled = job.finally(() => {
        for (const name of missing) this.inFlight.delete(sliceSlot(key, name, leadIndex));
      });
      for (const name of missing) this.inFlight.set(sliceSlot(key, name, leadIndex), settled.catch(() => undefined));
      waits.push(settled);
    }
    await Promise.all(waits);
  }

  /** fetchSubset, measuring the link and, for a full subset (not a preview), the wire bytes per cell of `variables`. */
  private async subset(url: string, variables: readonly string[], context: FetchContext, full = true): Promise<NetcdfDataset> {
    const seen: { wire?: number } = {};
    const dataset = await fetchSubset(url, {
      ...context,
      clock: this.clock,
      onBody: (body) => {
        seen.wire = wireBytes(body.headers, body.decodedBytes) ?? undefined;
        this.rate.record(body);
      },
    });
    const shape = dataset.variables.find((v) => v.name === variables[0])?.shape ?? [];
    if (full && seen.wire !== undefined && shape.length >= 2) this.sizes.record(variables, shape[shape.length - 1] * shape[shape.length - 2], seen.wire);
    return dataset;
  }

  /**
   * Queue the rest of `key` for the background, replacing any other file's queue. Opening a file again keeps
   * its queue (and whether it may run) when it is the file already queued.
   */
  prefetch(key: string, first: FirstSlice): void {
    const partial = this.partial(key);
    if (!partial) return;
    if (this.decisions.get(key)?.mode === 'whole') {
      // The whole file goes on the link once the page has drawn the first field (`allowBackground`), so it never
      // delays that field; opened again before it arrived (another file's opening stopped it): asked again then.
      if (this.upgrade.want(key, first)) {
        this.backgroundKey = key;
        this.scheduler.stop();
      }
      return;
    }
    if (key === this.backgroundKey) return;
    this.backgroundKey = key;
    this.scheduler.hold();
    this.scheduler.replace(
      backgroundJobs(key, partial, first, () => this.partial(key), (variables, leadIndex, signal) => this.fetch(key, partial, variables, leadIndex, 'low', signal)),
    );
  }
}
