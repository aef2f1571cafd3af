/**
 * Files the server may replace under the same URL (an analysis a real import supersedes, an imported model run
 * imported again) come `Cache-Control: no-cache` with an ETag. The worker keeps files by URL, so before it shows
 * such a file again from memory it asks the server whether it is still the one held (If-None-Match): a 304 keeps
 * it, anything else drops it and the file is fetched anew. Immutable files are never asked about.
 *
 * `Validators` wraps the worker's fetch and notes, for each URL, the ETag of its last full or header-range answer
 * and whether that answer asked to be revalidated.
 */
import { HEADER_RANGE_BYTES } from './partial-file.ts';

export interface Validator {
  etag: string;
  /** The answer was the header range (a file opened slice by slice): ask with the same range, same ETag. */
  range: boolean;
}

/** URLs remembered at most (the files a session opens; a forgotten one is simply not revalidated). */
const MAX_VALIDATORS = 256;

export class Validators {
  private readonly byUrl = new Map<string, Validator>();

  /** `fetchImpl` noting the validators of what it answers. */
  wrap(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      const response = await fetchImpl(input, init);
      if (response.status === 200 || response.status === 206) {
        const url = input instanceof Request ? input.url : String(input);
        const etag = response.headers.get('etag');
        const mustRevalidate = /(^|,)\s*no-cache\b/i.test(response.headers.get('cache-control') ?? '');
        if (etag && mustRevalidate) {
          if (this.byUrl.size >= MAX_VALIDATORS) this.byUrl.clear();
          this.byUrl.set(url, { etag, range: response.status === 206 });
        } else {
          this.byUrl.delete(url);
        }
      }
      return response;
    };
  }

  get(url: string): Validator | undefined {
    return this.byUrl.get(url);
  }

  forget(url: string): void {
    this.byUrl.delete(url);
  }
}

/**
 * Whether the file held for `url` is still the server's: true on a 304, and when the server cannot be reached
 * (offline, the copy held is all there is); false on any other answer (its body is not read).
 */
export async function stillCurrent(url: string, validator: Validator, fetchImpl: typeof fetch, signal: AbortSignal): Promise<boolean> {
  const headers: Record<string, string> = { 'if-none-match': validator.etag };
  if (validator.range) headers.range = `bytes=0-${HEADER_RANGE_BYTES - 1}`;
  let response: Response;
  try {
    response = await fetchImpl(url, { signal, credentials: 'same-origin', headers });
  } catch (error) {
    if (signal.aborted) throw error;
    return true;
  }
  if (response.status === 304) return true;
  void response.body?.cancel().catch(() => undefined);
  return response.status >= 500; // a server in trouble: keep what is held rather than show nothing
}
