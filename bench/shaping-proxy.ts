/**
 * A loopback TCP proxy that emulates a slow link for everything behind it (issue 13's benchmark): one bandwidth
 * budget per direction shared by all connections, and a fixed one-way delay (half the round trip) on every byte.
 * Chromium's own network emulation is set per target (page, worker), so a worker's downloads would escape it;
 * this shapes the whole app. Bytes are counted per direction.
 *
 * Model: each direction is one queue; a chunk (at most CHUNK_BYTES) leaves the queue when the link has sent
 * what was queued before it (bytes × 8 / rate) and arrives one-way-delay later. TCP's handshake and slow start
 * are not modelled (so real links are a little slower than this on short connections).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

const CHUNK_BYTES = 4 * 1024; // granularity of the interleaving between connections

export interface LinkProfile {
  name: string;
  downKbit: number;
  upKbit: number;
  rttMs: number;
}

class Direction {
  bytes = 0;
  private freeAt = 0;
  constructor(
    private readonly kbit: number,
    private readonly delayMs: number,
  ) {}

  send(target: Socket, data: Buffer): void {
    for (let offset = 0; offset < data.length; offset += CHUNK_BYTES) {
      const chunk = data.subarray(offset, offset + CHUNK_BYTES);
      const now = performance.now();
      this.freeAt = Math.max(this.freeAt, now) + (chunk.length * 8) / this.kbit; // kbit/s = bits per ms
      this.bytes += chunk.length;
      const due = this.freeAt + this.delayMs - now;
      setTimeout(() => {
        if (!target.destroyed) target.write(chunk);
      }, due);
    }
  }

  /** Run `then` once everything queued so far has arrived. */
  after(then: () => void): void {
    setTimeout(then, Math.max(0, this.freeAt - performance.now()) + this.delayMs);
  }
}

export interface ShapingProxy {
  url: string;
  bytesDown(): number;
  bytesUp(): number;
  close(): Promise<void>;
}

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
    client.on('data', (data) => up.send(upstream, data));
    upstream.on('data', (data) => down.send(client, data));
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
