/**
 * Issue 13: the build's precompressed copies (`vite.config.ts`, plugin `ice:precompress`: `.br` at brotli 11,
 * `.gz` at gzip 9) are what the server sends, byte for byte, with the caching rules of the file itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeApp, tempDir } from '../helpers.ts';

const SCRIPT = `export const ramp = ${JSON.stringify(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 1000))};`;
const BR11 = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const GZ9 = gzipSync(SCRIPT, { level: 9 });
const WORKER = `self.onmessage = () => ${JSON.stringify('y'.repeat(3000))};`;

async function appWithPrecompressedDist() {
  const dist = join(tempDir(), 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), BR11);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), GZ9);
  writeFileSync(join(dist, 'service-worker.js'), WORKER);
  writeFileSync(join(dist, 'service-worker.js.br'), brotliCompressSync(WORKER));
  return makeApp({ env: { DIST_DIR: dist } });
}

describe('precompressed app files', () => {
  it('sends the brotli-11 file as it is for Accept-Encoding: br, decoding to the asset, immutable with an ETag', async () => {
    const { app } = await appWithPrecompressedDist();
    const reply = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(reply.rawPayload, BR11)).toBe(0); // the build's file, not a brotli-4 answer made now
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(SCRIPT);
    const etag = reply.headers.etag as string;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/); // an entity tag, quoted
    const again = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('sends the gzip file to a client without brotli, and the plain file (with its own ETag) to one without either', async () => {
    const { app } = await appWithPrecompressedDist();
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(gz.rawPayload, GZ9)).toBe(0);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(plain.headers.etag).not.toBe(gz.headers.etag);
  });

  it('keeps the service worker and index.html revalidated', async () => {
    const { app } = await appWithPrecompressedDist();
    const worker = await app.inject({ url: '/service-worker.js', headers: { 'accept-encoding': 'br' } });
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(worker.rawPayload).toString()).toBe(WORKER);
    const page = await app.inject({ url: '/forecasts', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.statusCode).toBe(200);
  });
});
