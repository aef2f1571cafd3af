/**
 * The forecast file server behind a fake link, for the decode worker's tests: every body is streamed in 8 KiB
 * pieces, each advancing `clock.ms` by its transfer time at `bytesPerSecond`, so "slow" and "fast" are exact, not
 * timed. `thinkMs`: a busy server, whose every answer's first byte comes that long after its headers (cutting a cold
 * subset, compressing, a blocked event loop); the link is as fast as it is. It answers what the worker asks of one
 * file: the header (a Range request: a 206 with the first bytes), the whole file (no `variables`), and subsets
 * (`variables`, `lead`, `stride` in the query) through `subset`.
 *
 * The browser's side: `linkClock` is the clock with the record Resource Timing keeps of each transfer (first byte to
 * last at the link's rate; `recorded: false`, none, as in Node). A busy worker reads late, which the record does not
 * see: `readLateMs`, each read that much after the piece arrived (a worker opening files between reads);
 * `oneRead`, the whole body in its first read (the worker was busy while all of it arrived).
 * Test code only, as fake-fetch.ts.
 */
import { fakeFetch, type SeenRequest } from './fake-fetch.ts';

export interface FakeLinkOptions {
  /** The bytes of a subset, or a whole reply (e.g. a 422) that is sent at once. */
  subset: (query: URLSearchParams) => Promise<Uint8Array | Response>;
  /** The whole file's request breaks (a 503). */
  wholeFails?: boolean;
}

export interface FakeLink {
  bytesPerSecond: number;
  thinkMs?: number;
  /** Each read comes this long after its piece arrived (a busy worker), ms. */
  readLateMs?: number;
  /** The whole body comes with the first read (the worker was busy while it arrived). */
  oneRead?: boolean;
  /** Whether the browser keeps a record of each transfer (Resource Timing); default true. */
  recorded?: boolean;
}

/** What Resource Timing records of one transfer (the decode worker's TransferEntry, workers/forecast/transfer-timing.ts). */
export interface TransferRecord {
  startTime: number;
  responseStart: number;
  responseEnd: number;
  encodedBodySize: number;
  transferSize: number;
}

/** Headers' bytes in a record's transferSize (any positive figure: the body came over the link). */
const HEADER_BYTES = 300;

export function fakeLinkServer(file: Uint8Array, link: FakeLink, options: FakeLinkOptions) {
  // A second after the time origin, as a page's requests are (a record's times are never 0).
  const clock = { ms: 1000 };
  const records = new Map<string, TransferRecord[]>();
  const body = (url: string, bytes: Uint8Array, init: ResponseInit): Response => {
    const startTime = clock.ms;
    const responseStart = startTime + (link.thinkMs ?? 0);
    const entry = { startTime, responseStart, responseEnd: responseStart + (bytes.length / link.bytesPerSecond) * 1000, encodedBodySize: bytes.length, transferSize: bytes.length + HEADER_BYTES };
    records.set(url, [...(records.get(url) ?? []), entry]);
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        if (at === 0) clock.ms += link.thinkMs ?? 0;
        const piece = bytes.slice(at, link.oneRead ? bytes.length : at + 8192);
        at += piece.length;
        clock.ms += (piece.length / link.bytesPerSecond) * 1000 + (link.readLateMs ?? 0);
        controller.enqueue(piece);
      },
      // Nothing pulled ahead of the reader: a piece arrives (the clock moves) when it is read, as on a real link.
    }, { highWaterMark: 0 });
    return new Response(stream, init);
  };
  const linkClock: { now: () => number; entries?: (url: string) => TransferRecord[] } = {
    now: () => clock.ms,
    entries: link.recorded === false ? undefined : (url) => records.get(url) ?? [],
  };
  const server = fakeFetch(async (request: SeenRequest) => {
    const range = request.headers.get('range');
    if (range) {
      const end = Number(/bytes=0-(\d+)/.exec(range)![1]);
      return body(request.url, file.slice(0, end + 1), { status: 206, headers: { 'content-range': `bytes 0-${end}/${file.length}` } });
    }
    const query = new URL(request.url).searchParams;
    if (!query.has('variables')) return options.wholeFails ? new Response('', { status: 503 }) : body(request.url, file, { status: 200 });
    const answer = await options.subset(query);
    return answer instanceof Response ? answer : body(request.url, answer, { status: 200 });
  });
  /**
   * What was asked for, in order: 'header', 'whole', 'sithick_GLORYS@48', 'sithick_GLORYS@48/2' (stride 2),
   * 'sithick_GLORYS@48[55,75,57,78]' (a bbox window).
   */
  const asked = () =>
    server.requests.map((r) => {
      if (r.headers.get('range')) return 'header';
      const q = new URL(r.url).searchParams;
      if (!q.has('variables')) return 'whole';
      return `${q.get('variables')}@${q.get('lead')}${q.has('stride') ? `/${q.get('stride')}` : ''}${q.has('bbox') ? `[${q.get('bbox')}]` : ''}`;
    });
  return { fetch: server.fetch, clock, linkClock, asked };
}
