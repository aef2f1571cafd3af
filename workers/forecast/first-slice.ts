/**
 * A file's first view on a slow link: the header range and the view's first slice (or its preview, `first.preview`,
 * or the window under a zoomed-in view, when the caller has judged it worth it), in parallel (high priority).
 * Both downloads report progress; the page sees their sum (compressed sizes are unknown: total null).
 */
import type { DownloadProgress, FirstSlice } from '../forecast.api.ts';
import type { Bbox } from '../../common/forecast-file/subset-query.ts';
import type { NetcdfDataset } from '../../netcdf/types.ts';
import { subsetQuery } from '../../common/forecast-file/subset-query.ts';
import { abortError, DownloadError } from '../worker-errors.ts';
import { fetchHeader, HeaderRangeTooShortError, type FetchContext, type PartialDataset } from './partial-file.ts';
import { previewUrl } from './preview.ts';

/** HTTP statuses after which the whole file is the answer: the server cannot subset it or has no ranges. */
const WHOLE_FILE_STATUSES = new Set([400, 416, 422, 501]);

export type FirstView =
  /** The header and the first slice: the file known, one slice of it held (or, `first.preview`, its preview). */
  | { partial: PartialDataset; preview?: NetcdfDataset }
  /** The header and the window of the first slice under the view (`windowBox`): no slice of the file held yet. */
  | { partial: PartialDataset; window: NetcdfDataset }
  /** The server sent the whole file instead of the header range. */
  | { whole: Uint8Array }
  /** The server cannot answer by slices: download the whole file. */
  | { unsliced: true };

export interface FirstSliceContext {
  signal: AbortSignal;
  fetchImpl: typeof fetch;
  onProgress?: (progress: DownloadProgress) => void;
  /** Fetch and open a subset (the caller measures the link with it). */
  subset: (url: string, variables: readonly string[], context: FetchContext) => Promise<NetcdfDataset>;
  /** Fetch and open a preview or a window (measuring the link, not the sizes of full slices). */
  preview: (url: string, variables: readonly string[], context: FetchContext) => Promise<NetcdfDataset>;
}

/** `windowBox`: the first slice's window under a zoomed-in view instead of the whole slice (slice-windows.ts decides). */
export async function fetchFirstView(url: string, first: FirstSlice, context: FirstSliceContext, windowBox: Bbox | null = null): Promise<FirstView> {
  const { signal, fetchImpl, onProgress } = context;
  const loaded = [0, 0];
  const report = (part: number) => (progress: DownloadProgress) => {
    loaded[part] = progress.loaded;
    onProgress?.({ loaded: loaded[0] + loaded[1], total: null });
  };
  const part = (index: number): FetchContext => ({ signal, fetchImpl, onProgress: report(index), priority: 'high' });
  const [head, subset] = await Promise.allSettled([
    fetchHeader(url, part(0)),
    windowBox
      ? // Without the window's 2-D latitude/longitude, as every window (slice-windows.ts).
        context.preview(subsetQuery(url, first.variables, first.leadHours, 1, windowBox, true), first.variables, part(1))
      : first.preview
        ? context.preview(previewUrl(url, first.variables, first.leadHours), first.variables, part(1))
        : context.subset(subsetQuery(url, first.variables, first.leadHours), first.variables, part(1)),
  ]);
  if (signal.aborted) throw abortError();
  if (head.status === 'fulfilled' && 'whole' in head.value) {
    if (subset.status === 'fulfilled') subset.value.close();
    return { whole: head.value.whole };
  }
  for (const result of [head, subset]) {
    if (result.status === 'fulfilled') continue;
    const error = result.reason as unknown;
    if (error instanceof DownloadError && WHOLE_FILE_STATUSES.has(error.status)) return { unsliced: true };
    if (error instanceof HeaderRangeTooShortError) return { unsliced: true };
    throw error;
  }
  const partial = (head as PromiseFulfilledResult<{ partial: PartialDataset }>).value.partial;
  const dataset = (subset as PromiseFulfilledResult<NetcdfDataset>).value;
  if (windowBox) return { partial, window: dataset };
  if (first.preview) return { partial, preview: dataset };
  partial.addSubset(dataset);
  return { partial };
}
