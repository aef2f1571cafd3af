/**
 * Opening a server file slice by slice, so a slow link draws the view before the whole file: the header range and
 * the view's first slice in parallel (high priority), then every other slice one subset at a time in the background
 * (low priority), one file at a time: opening another file stops the previous file's background fetches. The
 * background waits until the page says the view is drawn (`allowBackground`) and gives way to any slice the view
 * asks for: see fetch-scheduler.ts. A slice asked for that is not there yet is fetched at once (or awaited if
 * already on its way). See partial-file.ts for the dataset.
 *
 * Order of the background: the first variables at the other leads, then each other variable lead by lead
 * from the first lead, one variable per request (a ship's switch waits at most for one slice ahead of it).
 *
 * Previews (`preview`): every subset fetched measures the link (link-rate.ts) and what a slice costs
 * (preview.ts `SliceSizes`); a switch to a slice not held whose full transfer would take longer than
 * PREVIEW_THRESHOLD_S first fetches the server's stride-2 subset, then the full one at once, both in the foreground.
 */
import type { DownloadProgress, FirstSlice, ForecastFileMeta, LinkDecision } from '../forecast.api.ts';
import { NetcdfNotFoundError } from '../../netcdf/errors.ts';
import { openNetcdf } from '../../netcdf/open-netcdf.ts';
import type { NetcdfDataset } from '../../netcdf/types.ts';
import { abortError, DownloadError } from '../worker-errors.ts';
import { FetchScheduler, type BackgroundJob } from './fetch-scheduler.ts';
import type { FileCache } from './file-cache.ts';
import { describeFile } from './file-meta.ts';
import { download } from './download.ts';
import { decideLink } from './link-decision.ts';
import { LinkRate, wireBytes } from './link-rate.ts';
import { fetchHeader, fetchSubset, HeaderRangeTooShortError, PartialDataset, type FetchContext } from './partial-file.ts';
import { subsetQuery } from '../../common/forecast-file/subset-query.ts';
import { PREVIEW_STRIDE, PREVIEW_THRESHOLD_S, previewUrl, SliceSizes } from './preview.ts';

/** HTTP statuses after which the whole file is the answer: the server cannot subset it or has no ranges. */
const WHOLE_FILE_STATUSES = new Set([400, 416, 422, 501]);

export class SlicedFetcher {
  /** In-flight foreground subset fetches by slot (`key\0variable\0lead index`), shared by concurrent askers. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Which request uses the link when: foreground first, one background fetch at a time. */
  readonly scheduler = new FetchScheduler();
  /** The file whose other slices the background fetches. */
  private backgroundKey: string | null = null;
  /** The link's speed, from the subsets fetched (it decides whether a switch fetches a preview first). */
  readonly rate = new LinkRate();
  /** Wire bytes per cell of each variable's full slice, from the subsets fetched. */
  private readonly sizes = new SliceSizes();
  /** Previews fetched or on their way, by `key\0variables\0lead`, until the full slices are there (never stored as them). */
  private readonly previews = new Map<string, Promise<NetcdfDataset | null>>();
  /** Files whose server refused a preview (an older server: 4xx): their switches fetch the full slice only. */
  private readonly noPreview = new Set<string>();
  /** Slices or the whole file, by file key, decided when its first slice arrived (link-decision.ts). */
  private readonly decisions = new Map<string, LinkDecision>();
  /** The whole file on its way after the first slice (fast links), one at a time. */
  private wholeFetch: { key: string; controller: AbortController } | null = null;
  /** The whole file decided on, waiting for the page to draw the first field. */
  private wholeWanted: { key: string; first: FirstSlice } | null = null;

  constructor(
    private readonly cache: FileCache,
    private readonly fetchImpl: typeof fetch,
    /** The clock the link is measured with, ms (tests pass one their fake link advances). */
    private readonly now?: () => number,
  ) {}

  /**
   * Header + first slice of `url`, cached under `url` as a partial file. Null when the server cannot answer
   * by slices (the caller downloads the whole file); a whole file sent instead of the range is taken as is.
   * The other slices are queued for the background, which starts with `allowBackground(url)`.
   */
  async open(url: string, first: FirstSlice, signal: AbortSignal, onProgress?: (progress: DownloadProgress) => void): Promise<ForecastFileMeta | null> {
    this.backgroundKey = null;
    this.scheduler.stop();
    this.wholeFetch?.controller.abort();
    this.wholeFetch = null;
    this.wholeWanted = null;
    // Both downloads report; the page sees their sum (compressed sizes are unknown: total null).
    const loaded = [0, 0];
    const report = (part: number) => (progress: DownloadProgress) => {
      loaded[part] = progress.loaded;
      onProgress?.({ loaded: loaded[0] + loaded[1], total: null });
    };
    const context = (part: number): FetchContext => ({ signal, fetchImpl: this.fetchImpl, onProgress: report(part), priority: 'high' });
    const [head, subset] = await this.scheduler.foreground(() =>
      Promise.allSettled([fetchHeader(url, context(0)), this.subset(subsetQuery(url, first.variables, first.leadHours), first.variables, context(1))]),
    );
    if (signal.aborted) throw abortError();
    if (head.status === 'fulfilled' && 'whole' in head.value) {
      if (subset.status === 'fulfilled') subset.value.close();
      return this.takeWhole(url, head.value.whole);
    }
    for (const result of [head, subset]) {
      if (result.status === 'rejected') {
        const error = result.reason as unknown;
        if (error instanceof DownloadError && WHOLE_FILE_STATUSES.has(error.status)) return null;
        if (error instanceof HeaderRangeTooShortError) return null;
        throw error;
      }
    }
    const partial = (head as PromiseFulfilledResult<{ partial: PartialDataset }>).value.partial;
    partial.addSubset((subset as PromiseFulfilledResult<Awaited<ReturnType<typeof fetchSubset>>>).value);
    const meta = describeFile(url, partial);
    this.cache.add(url, partial, meta);
    if (this.decisions.size >= 64) this.decisions.clear();
    this.decisions.set(url, decideLink(this.rate.bytesPerSecond, this.wholeFileEstimate(partial)));
    this.prefetch(url, first);
    return meta;
  }

  /** How `key` is fetched (a copy); null for files not opened slice-first. */
  decision(key: string): LinkDecision | null {
    const decision = this.decisions.get(key);
    return decision ? { ...decision } : null;
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

  /**
   * A fast link: the whole file, in the foreground (the page's `linkQuiet` waits for it), then read from memory:
   * it replaces the partial file in the cache, so later switches make no request. Switches asked for before it
   * has arrived fetch their slice as usual. If it fails, the slices' background takes over as on a slow link.
   */
  private fetchWhole(key: string, partial: PartialDataset, first: FirstSlice): void {
    const controller = new AbortController();
    const whole = { key, controller };
    this.wholeFetch = whole;
    void this.scheduler
      .foreground(async () => {
        const bytes = await download(key, controller.signal, undefined, this.fetchImpl, (body) => this.rate.record(body), this.now);
        const dataset = await openNetcdf(bytes);
        if (this.partial(key) !== partial || controller.signal.aborted) {
          dataset.close();
          return;
        }
        // The same download of the file as the partial one it completes (ForecastFileMeta.version).
        const version = this.cache.get(key)?.meta.version;
        this.cache.add(key, dataset, { ...describeFile(key, dataset), ...(version !== undefined && { version }) });
        const decision = this.decisions.get(key);
        if (decision) decision.held = true;
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`The whole of ${key} did not arrive; its slices follow one by one:`, error);
        const decision = this.decisions.get(key);
        if (decision) decision.mode = 'slices';
        this.backgroundKey = null;
        this.prefetch(key, first);
        this.scheduler.allow();
      })
      .finally(() => {
        if (this.wholeFetch === whole) this.wholeFetch = null;
      });
  }

  private async takeWhole(url: string, bytes: Uint8Array): Promise<ForecastFileMeta> {
    const dataset = await openNetcdf(bytes);
    const meta = describeFile(url, dataset);
    this.cache.add(url, dataset, meta);
    return meta;
  }

  private partial(key: string): PartialDataset | null {
    if (!this.cache.has(key)) return null;
    const dataset = this.cache.get(key)?.dataset;
    return dataset instanceof PartialDataset ? dataset : null;
  }

  /** The page has drawn a view of `key`: its background fetches may use the link (no-op for another file). */
  allowBackground(key: string): void {
    if (key !== this.backgroundKey) return;
    const wanted = this.wholeWanted;
    const partial = this.partial(key);
    if (wanted?.key === key && partial) {
      this.wholeWanted = null;
      this.fetchWhole(key, partial, wanted.first);
      return;
    }
    this.scheduler.allow();
  }

  /** Make sure `variables` at lead index `lead` of `key` can be read (no-op for files held whole). */
  async ensure(key: string, variables: string[], lead: number): Promise<void> {
    const partial = this.partial(key);
    if (!partial) return;
    for (const name of variables) partial.variable(name); // unknown names: NetcdfNotFoundError, as before
    if (!Number.isInteger(lead) || lead < 0 || lead >= partial.leadHours.length) {
      if (variables.every((name) => partial.has(name, lead))) return;
      throw new NetcdfNotFoundError(`lead index ${lead} is not in ${key} (${partial.leadHours.length} leads)`);
    }
    const missing = variables.filter((name) => !partial.has(name, lead));
    if (missing.length === 0) return;
    const wanted = missing.map((name) => slot(key, name, lead));
    await this.scheduler.foreground(async () => {
      // The background may be fetching exactly these: wait for it rather than asking twice.
      await this.scheduler.underway(wanted);
      await this.fetch(key, partial, variables, lead, 'high', new AbortController().signal);
    }, wanted);
  }

  /**
   * Fetch the slices missing and take them into the partial file. Foreground fetches (high priority) share
   * each other's requests; a background one is its own (it may be aborted to make way, see fetch-scheduler.ts).
   */
  private async fetch(key: string, partial: PartialDataset, variables: string[], lead: number, priority: 'high' | 'low', signal: AbortSignal): Promise<void> {
    const waits: Promise<void>[] = [];
    const missing: string[] = [];
    for (const name of variables) {
      if (partial.has(name, lead)) continue;
      const running = priority === 'high' ? this.inFlight.get(slot(key, name, lead)) : undefined;
      if (running) waits.push(running);
      else missing.push(name);
    }
    if (missing.length > 0 && priority === 'low') {
      partial.addSubset(await this.subset(subsetQuery(key, missing, partial.leadHours[lead]), missing, { signal, fetchImpl: this.fetchImpl, priority }));
    } else if (missing.length > 0) {
      const context: FetchContext = { signal, fetchImpl: this.fetchImpl, priority };
      const hours = partial.leadHours[lead];
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
        for (const name of missing) this.inFlight.delete(slot(key, name, lead));
      });
      for (const name of missing) this.inFlight.set(slot(key, name, lead), settled.catch(() => undefined));
      waits.push(settled);
    }
    await Promise.all(waits);
  }

  /**
   * fetchSubset, measuring the link and, for a full subset (not a preview), the wire bytes per cell of `variables`.
   */
  private async subset(url: string, variables: readonly string[], context: FetchContext, full = true): Promise<NetcdfDataset> {
    const seen: { wire?: number } = {};
    const dataset = await fetchSubset(url, {
      ...context,
      now: this.now,
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
   * For the displayed field: a stride-2 preview of `variables` at lead index `lead` of `key` when they
   * are not held and the link is slow (their full slices would take over PREVIEW_THRESHOLD_S); the full slices
   * are fetched right after it, in the foreground, and `ensure` waits for them. Null, once the full slices are
   * there, in every other case: held already, a file held whole, a fast or not yet measured link, full slices
   * already on their way, or a preview that failed (an older server's 422: the full slices, silently).
   */
  async preview(key: string, variables: string[], lead: number): Promise<NetcdfDataset | null> {
    const partial = this.partial(key);
    const group = slot(key, variables.join(','), lead);
    if (!partial || !this.previewWanted(key, partial, variables, lead, group)) {
      await this.ensure(key, variables, lead);
      return null;
    }
    let previewing = this.previews.get(group);
    if (!previewing) {
      previewing = this.fetchPreview(key, partial, variables, lead, group);
      this.previews.set(group, previewing);
    }
    const preview = await previewing;
    if (preview) return preview;
    await this.ensure(key, variables, lead);
    return null;
  }

  private previewWanted(key: string, partial: PartialDataset, variables: string[], lead: number, group: string): boolean {
    if (!Number.isInteger(lead) || lead < 0 || lead >= partial.leadHours.length) return false;
    if (!variables.every((name) => partial.variables.some((v) => v.name === name && v.shape.length >= 2))) return false;
    const missing = variables.filter((name) => !partial.has(name, lead));
    if (missing.length === 0) return false;
    if (this.previews.has(group)) return true; // shown before, the full slices still on their way
    if (this.noPreview.has(key)) return false;
    const wanted = missing.map((name) => slot(key, name, lead));
    if (wanted.some((s) => this.inFlight.has(s)) || this.scheduler.underway(wanted)) return false;
    const shape = partial.variable(missing[0]).shape;
    const estimate = this.sizes.estimate(missing, shape[shape.length - 1] * shape[shape.length - 2]);
    const seconds = estimate === null ? null : this.rate.transferSeconds(estimate);
    return seconds !== null && seconds > PREVIEW_THRESHOLD_S;
  }

  /** The preview, then (in the same foreground turn, so no background request slips in between) the full slices. */
  private fetchPreview(key: string, partial: PartialDataset, variables: string[], lead: number, group: string): Promise<NetcdfDataset | null> {
    const missing = variables.filter((name) => !partial.has(name, lead));
    const wanted = missing.map((name) => slot(key, name, lead));
    return this.scheduler.foreground(async () => {
      let preview: NetcdfDataset | null = null;
      try {
        const context: FetchContext = { signal: new AbortController().signal, fetchImpl: this.fetchImpl, priority: 'high' };
        // Every variable asked for, not only the missing ones: the caller reads them all from the preview (the
        // background fetches the drift's speed and direction one by one, so one may be held without the other).
        preview = await this.subset(previewUrl(key, variables, partial.leadHours[lead]), variables, context, false);
      } catch (error) {
        if (error instanceof DownloadError && error.status >= 400 && error.status < 500) this.noPreview.add(key);
      }
      if (preview && !isPreviewOf(preview, partial, variables)) {
        // Not thinned (a server that ignored `stride`): it is the full subset, take it as such.
        if (isPreviewOf(preview, partial, variables, 1)) partial.addSubset(preview);
        this.noPreview.add(key);
        preview = null;
      }
      const full = this.ensure(key, variables, lead);
      void full.then(
        () => this.previews.delete(group),
        () => this.previews.delete(group),
      );
      return preview;
    }, wanted);
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
      if (this.wholeFetch?.key !== key) {
        this.wholeFetch?.controller.abort();
        this.wholeFetch = null;
        this.backgroundKey = key;
        this.scheduler.stop();
        this.wholeWanted = { key, first };
      }
      return;
    }
    if (key === this.backgroundKey) return;
    this.backgroundKey = key;
    this.scheduler.hold();
    const firstLead = Math.max(0, partial.leadHours.indexOf(first.leadHours));
    const leads = partial.leadHours.map((_, i) => i);
    const byDistance = [...leads].sort((a, b) => Math.abs(a - firstLead) - Math.abs(b - firstLead) || a - b);
    const fields = partial.variables.filter((v) => v.shape.length >= 2 && !first.variables.includes(v.name)).map((v) => v.name);
    const order: Array<[string[], number]> = [
      ...byDistance.map((lead): [string[], number] => [first.variables, lead]),
      ...byDistance.flatMap((lead) => fields.map((name): [string[], number] => [[name], lead])),
    ];
    const jobs: BackgroundJob[] = order.map(([names, lead]) => ({
      slots: names.map((name) => slot(key, name, lead)),
      run: async (signal) => {
        if (this.partial(key) !== partial || names.every((name) => partial.has(name, lead))) return;
        await this.fetch(key, partial, names, lead, 'low', signal);
      },
    }));
    this.scheduler.replace(jobs);
  }
}

/** Whether `dataset` holds `variables` on the grid of `partial` thinned by `stride` (ceil(n / stride) a side). */
function isPreviewOf(dataset: NetcdfDataset, partial: PartialDataset, variables: readonly string[], stride = PREVIEW_STRIDE): boolean {
  return variables.every((name) => {
    const got = dataset.variables.find((v) => v.name === name)?.shape ?? [];
    const full = partial.variable(name).shape;
    return got.length === full.length && got.slice(-2).every((n, k) => n === Math.ceil(full[full.length - 2 + k] / stride));
  });
}

function slot(key: string, variable: string, lead: number): string {
  return `${key}\u0000${variable}\u0000${lead}`;
}
