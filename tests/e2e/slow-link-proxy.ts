/**
 * A loopback HTTP proxy in front of the real server that makes the slice answers (`…/hist?…&variables=…`) cross
 * a slow link (issue 13): each waits `roundTripMs` before its headers, then its body goes through at
 * `bytesPerSecond` in TICK_MS steps. Everything else (the app's code, the header range, the JSON API) passes at
 * once: the preview journey and bench are about switches, not the first view. Each answer has its own budget
 * (answers do not share the link), so keep one slice on the link at a time when measuring.
 * `refusePreviews`: answer `stride=2` with the 422 an older server gives (the peer: today's behaviour).
 * `hold`: slice requests it matches wait (before their round trip) until `release()`: a journey keeps the worker's
 * background from holding a slice before the step that must fetch its window.
 * With `bytesPerSecond: Infinity` slices pass at once too (behind another link, e.g. bench/shaping-proxy.ts).
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TICK_MS = 50;

export interface SeenSlice {
  url: string;
  /** Date.now() when the request came in and when the body's last byte went out (null: not finished). */
  started: number;
  ended: number | null;
  /** Body bytes that went through (compressed as sent). */
  bytes: number;
}

export interface SlowLinkProxy {
  url: string;
  seen: SeenSlice[];
  refusePreviews: boolean;
  hold: ((url: string) => boolean) | null;
  /** Let every held request go on, and hold no more. */
  release: () => void;
  close: () => Promise<void>;
}

export const isSlice = (url: string): boolean => /\/api\/v1\/[a-z_]+\/hist\?/.test(url) && url.includes('variables=');

export async function startSlowLinkProxy(serverUrl: string, link: { bytesPerSecond: number; roundTripMs?: number }): Promise<SlowLinkProxy> {
  const target = new URL(serverUrl);
  const roundTripMs = link.roundTripMs ?? 0;
  const held: Array<() => void> = [];
  const state: SlowLinkProxy = {
    url: '',
    seen: [],
    refusePreviews: false,
    hold: null,
    release: () => {
      state.hold = null;
      for (const go of held.splice(0)) go();
    },
    close: async () => undefined,
  };
  const server = createServer((incoming, outgoing) => {
    const url = incoming.url ?? '/';
    if (!isSlice(url) || (!Number.isFinite(link.bytesPerSecond) && !(state.refusePreviews && /[?&]stride=2(&|$)/.test(url)))) {
      if (isSlice(url)) state.seen.push({ url, started: Date.now(), ended: null, bytes: 0 });
      const upstream = httpRequest({ host: target.hostname, port: target.port, method: incoming.method, path: url, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
      return;
    }
    const entry: SeenSlice = { url, started: Date.now(), ended: null, bytes: 0 };
    state.seen.push(entry);
    const go = () => setTimeout(() => {
      if (state.refusePreviews && /[?&]stride=2(&|$)/.test(url)) {
        outgoing.writeHead(422, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify({ detail: 'unknown query parameter "stride"' }));
        entry.ended = Date.now();
        return;
      }
      const upstream = httpRequest({ host: target.hostname, port: target.port, method: incoming.method, path: url, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        const queue: Buffer[] = [];
        let ended = false;
        const timer = setInterval(() => {
          let budget = (link.bytesPerSecond * TICK_MS) / 1000;
          while (budget > 0 && queue.length > 0) {
            const chunk = queue[0];
            const part = chunk.subarray(0, budget);
            if (part.length === chunk.length) queue.shift();
            else queue[0] = chunk.subarray(part.length);
            budget -= part.length;
            entry.bytes += part.length;
            outgoing.write(part);
          }
          if (ended && queue.length === 0) {
            clearInterval(timer);
            entry.ended = Date.now();
            outgoing.end();
          }
        }, TICK_MS);
        answer.on('data', (chunk: Buffer) => queue.push(chunk));
        answer.on('end', () => (ended = true));
        outgoing.on('close', () => {
          clearInterval(timer);
          answer.destroy();
        });
      });
      upstream.on('error', () => outgoing.destroy());
      upstream.end();
    }, roundTripMs);
    if (state.hold?.(url)) held.push(go);
    else go();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
