/**
 * Previews on a slow link (preview.ts): for the displayed field, a switch to slices not held whose full transfer
 * would take longer than PREVIEW_THRESHOLD_S at the measured rate first fetches the server's stride-2 subset, then
 * the full slices at once, both in the same foreground turn (no background request slips in between). A preview is
 * never stored as the slice.
 */
import type { NetcdfDataset } from '../../netcdf/types.ts';
import { DownloadError } from '../worker-errors.ts';
import type { FetchScheduler } from './fetch-scheduler.ts';
import type { LinkRate } from './link-rate.ts';
import type { FetchContext, PartialDataset } from './partial-file.ts';
import { PREVIEW_STRIDE, PREVIEW_THRESHOLD_S, previewUrl, type SliceSizes } from './preview.ts';
import { sliceSlot } from './slice-slot.ts';

/** What previews need of the slice fetcher (sliced-fetcher.ts). */
export interface PreviewContext {
  scheduler: FetchScheduler;
  rate: LinkRate;
  sizes: SliceSizes;
  partial: (key: string) => PartialDataset | null;
  /** Make sure the full slices can be read (fetching them if needed). */
  ensure: (key: string, variables: string[], leadIndex: number) => Promise<void>;
  /** Whether a foreground fetch of this slot is on its way. */
  inFlight: (slot: string) => boolean;
  /** A subset fetched and opened, measuring the link (not the sizes of full slices: `full` false). */
  subset: (url: string, variables: readonly string[], context: FetchContext, full: boolean) => Promise<NetcdfDataset>;
  fetchImpl: typeof fetch;
}

export class SlicePreviews {
  /** Previews fetched or on their way, by `key\0variables\0leadIndex`, until the full slices are there. */
  private readonly previews = new Map<string, Promise<NetcdfDataset | null>>();
  /** Files whose server refused a preview (an older server: 4xx): their switches fetch the full slice only. */
  private readonly refused = new Set<string>();
  /** First views' previews (adopt), each handed to the view's first ask and then dropped. */
  private readonly adopted = new Map<string, NetcdfDataset>();

  constructor(private readonly context: PreviewContext) {}

  /**
   * A stride-2 preview of `variables` at `leadIndex` of `key` when they are not held and the link is slow; the full
   * slices are fetched right after it, and `ensure` waits for them. Null, once the full slices are there, in every
   * other case: held already, a file held whole, a fast or not yet measured link, full slices already on their way,
   * or a preview that failed (an older server's 422: the full slices, silently).
   */
  async preview(key: string, variables: string[], leadIndex: number): Promise<NetcdfDataset | null> {
    const partial = this.context.partial(key);
    const group = sliceSlot(key, variables.join(','), leadIndex);
    const adopted = this.adopted.get(group);
    this.adopted.delete(group);
    if (adopted && partial && variables.some((name) => !partial.has(name, leadIndex))) return adopted;
    if (!partial || !this.wanted(key, partial, variables, leadIndex, group)) {
      await this.context.ensure(key, variables, leadIndex);
      return null;
    }
    let previewing = this.previews.get(group);
    if (!previewing) {
      previewing = this.fetch(key, partial, variables, leadIndex, group);
      this.previews.set(group, previewing);
    }
    const preview = await previewing;
    if (preview) return preview;
    await this.context.ensure(key, variables, leadIndex);
    return null;
  }

  /**
   * A preview fetched with the file's first view (FirstSlice.preview): the view's first ask gets it, once. Its full
   * slices are fetched when the page asks for them, right after drawing it: fetched at once, they took the link
   * from the page's own code while the first field was still to be drawn (a ship's first field 20 s, not 13).
   */
  adopt(key: string, variables: string[], leadIndex: number, preview: NetcdfDataset): void {
    const partial = this.context.partial(key);
    if (!partial || leadIndex < 0 || !isPreviewOf(preview, partial, variables)) return;
    this.adopted.set(sliceSlot(key, variables.join(','), leadIndex), preview);
  }

  private wanted(key: string, partial: PartialDataset, variables: string[], leadIndex: number, group: string): boolean {
    if (!Number.isInteger(leadIndex) || leadIndex < 0 || leadIndex >= partial.leadHours.length) return false;
    if (!variables.every((name) => partial.variables.some((v) => v.name === name && v.shape.length >= 2))) return false;
    const missing = variables.filter((name) => !partial.has(name, leadIndex));
    if (missing.length === 0) return false;
    if (this.previews.has(group)) return true; // shown before, the full slices still on their way
    if (this.refused.has(key)) return false;
    const wanted = missing.map((name) => sliceSlot(key, name, leadIndex));
    if (wanted.some((slot) => this.context.inFlight(slot)) || this.context.scheduler.underway(wanted)) return false;
    const shape = partial.variable(missing[0]).shape;
    const estimate = this.context.sizes.estimate(missing, shape[shape.length - 1] * shape[shape.length - 2]);
    const seconds = estimate === null ? null : this.context.rate.transferSeconds(estimate);
    return seconds !== null && seconds > PREVIEW_THRESHOLD_S;
  }

  /** The preview, then (in the same foreground turn) the full slices. */
  private fetch(key: string, partial: PartialDataset, variables: string[], leadIndex: number, group: string): Promise<NetcdfDataset | null> {
    const missing = variables.filter((name) => !partial.has(name, leadIndex));
    const wanted = missing.map((name) => sliceSlot(key, name, leadIndex));
    return this.context.scheduler.foreground(async () => {
      let preview: NetcdfDataset | null = null;
      try {
        const context: FetchContext = { signal: new AbortController().signal, fetchImpl: this.context.fetchImpl, priority: 'high' };
        // Every variable asked for, not only the missing ones: the caller reads them all from the preview (the
        // background fetches the drift's speed and direction one by one, so one may be held without the other).
        preview = await this.context.subset(previewUrl(key, variables, partial.leadHours[leadIndex]), variables, context, false);
      } catch (error) {
        if (error instanceof DownloadError && error.status >= 400 && error.status < 500) this.refused.add(key);
      }
      if (preview && !isPreviewOf(preview, partial, variables)) {
        // Not thinned (a server that ignored `stride`): it is the full subset, take it as such.
        if (isPreviewOf(preview, partial, variables, 1)) partial.addSubset(preview);
        this.refused.add(key);
        preview = null;
      }
      const full = this.context.ensure(key, variables, leadIndex);
      void full.then(
        () => this.previews.delete(group),
        () => this.previews.delete(group),
      );
      return preview;
    }, wanted);
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
