/**
 * A loopback TCP proxy that emulates a slow link for everything behind it (the slow-link benches): one bandwidth
 * budget per direction shared by all connections, and a fixed one-way delay (half the round trip) on every byte.
 * Chromium's own network emulation is set per target (page, worker), so a worker's downloads would escape it;
 * this shapes the whole app. Bytes are counted per direction.
 *
 * Model: each direction is one queue; a chunk (at most CHUNK_BYTES) leaves the queue when the link has sent
 * what was queued before it (bytes × 8 / rate) and arrives one-way-delay later. Each connection may have at
 * most one window of bytes on the link (sent by the server, not yet arrived): beyond it the proxy stops
 * reading that connection's server side, as TCP's flow control would. So connections share the link by turns
 * (as TCP flows roughly do), and a request the browser aborts stops costing the link after at most one window
 * (as with DevTools' emulation, where an aborted request frees the link at once). TCP's handshake and slow start
 * are not modelled (so real links are a little slower than this on short connections).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

const CHUNK_BYTES = 4 * 1024; // granularity of the interleaving between connections
const MIN_WINDOW_BYTES = 16 * 1024; // per connection on the link; at least the bandwidth-delay product

export interface LinkProfile {
  name: string;
  downKbit: number;
  upKbit: number;
  rttMs: number;
}

class Direction {
  bytes = 0;
  private freeAt = 0;
  /** Chunks in the order they entered the link; their arrival times only grow, so this is also arrival order. */
  private readonly queue: Array<{ target: Socket | null; chunk: Buffer | null; then: (() => void) | null; dueAt: number }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly kbit: number,
    private readonly delayMs: number,
  ) {
    // Bandwidth-delay product of the round trip (bytes): what a TCP window keeps in flight.
    this.windowBytes = Math.max(MIN_WINDOW_BYTES, (kbit * 2 * delayMs) / 8);
  }

  /** Bytes on the link per target socket (sent, not yet arrived), and what to call when they drop under the window. */
  private readonly onLink = new Map<Socket, number>();
  private readonly drained = new Map<Socket, () => void>();
  readonly windowBytes: number;

  /** Queue `data` for `target`; false when the target's window is full (stop reading its source until `onDrain`). */
  send(target: Socket, data: Buffer): boolean {
    for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
      const chunk = Buffer.from(data.subarray(offset, offset + CHUNK_BYTES));
      this.freeAt = Math.max(this.freeAt, performance.now()) + (chunk.length * 8) / this.kbit; // kbit/s = bits per ms
      this.bytes += chunk.length;
      this.onLink.set(target, (this.onLink.get(target) ?? 0) + chunk.length);
      this.queue.push({ target, chunk, then: null, dueAt: this.freeAt + this.delayMs });
    }
    this.pump();
    return (this.onLink.get(target) ?? 0) < this.windowBytes;
  }

  /** Call `resume` once the target's bytes on the link drop under the window. */
  onDrain(target: Socket, resume: () => void): void {
    this.drained.set(target, resume);
  }

  /** Run `then` once everything queued so far has arrived. */
  after(then: () => void): void {
    this.queue.push({ target: null, chunk: null, then, dueAt: Math.max(this.freeAt, performance.now()) + this.delayMs });
    this.pump();
  }

  /** Deliver every chunk that has arrived, in order (one timer: Node's timers do not keep order across delays). */
  private pump(): void {
    if (this.timer) return;
    const now = performance.now();
    while (this.queue.length > 0 && this.queue[0].dueAt <= now) {
      const { target, chunk, then } = this.queue.shift()!;
      if (chunk && target && !target.destroyed) target.write(chunk);
      if (chunk && target) {
        const left = (this.onLink.get(target) ?? 0) - chunk.length;
        if (left > 0) this.onLink.set(target, left);
        else this.onLink.delete(target);
        const resume = this.drained.get(target);
        if (resume && left < this.windowBytes) {
          this.drained.delete(target);
          resume();
        }
      }
      then?.();
    }
    if (this.queue.length > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, Math.max(1, this.queue[0].dueAt - now));
    }
  }
}

export interface ShapingProxy {
  url: string;
  bytesDown(): number;
  bytesUp(): number;
  close(): Promise<void>;
}

/** BENCH_LOG_REQUESTS=1: print each request line that enters the link (page, workers and service worker alike). */
const logRequests = process.env.BENCH_LOG_REQUESTS === '1';

export async function startShapingProxy(targetPort: number, profile: LinkProfile): Promise<ShapingProxy> {
  const down = new Direction(profile.downKbit, profile.rttMs / 2);
  const up = new Direction(profile.upKbit, profile.rttMs / 2);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    // Flow control: stop reading a side while its bytes fill its window on the link.
    client.on('data', (data) => {
      if (logRequests) {
        const line = /^(GET|POST|HEAD|PUT|DELETE) (\S+)/.exec(data.subarray(0, 300).toString('latin1'));
        if (line) console.error(`[proxy ${(performance.now() / 1000).toFixed(1)} s] ${line[1]} ${line[2].slice(0, 110)}`);
      }
      if (!up.send(upstream, data)) {
        client.pause();
        up.onDrain(upstream, () => client.resume());
      }
    });
    upstream.on('data', (data) => {
      if (!down.send(client, data)) {
        upstream.pause();
        down.onDrain(client, () => upstream.resume());
      }
    });
    client.on('end', () => up.after(() => upstream.end()));
    upstream.on('end', () => down.after(() => client.end()));
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', () => down.after(drop));
    upstream.on('close', () => down.after(drop));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    bytesDown: () => down.bytes,
    bytesUp: () => up.bytes,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
