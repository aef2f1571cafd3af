/**
 * A download cut off mid-way resumes (issue 13), in Chromium against the real server. Between the browser and
 * the server runs a loopback HTTP proxy (this file) that drops the connection after DROP_AFTER bytes of the
 * first answer for the view's slice, as a satellite link would. It also asks the server for identity encoding
 * on slice answers: ranges are of the file's own bytes, so only then does "the bytes moved are the file once"
 * hold (with brotli the first answer would be the compressed bytes and the rest identity ones).
 * The decode worker must then ask for the rest with `Range: bytes=<received>-` (and If-Range), and draw the field.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccounts, newPage, signIn, type RunningServer } from './harness.ts';
import { releaseBrowser, sharedBrowser, sharedServer } from './journey.ts';
import { waitForDrawn } from './forecast-map-helpers.ts';

/** Bytes of the slice's answer body let through before the link drops. */
const DROP_AFTER = 200_000;
/** How long the link stays silent after those bytes before the connection fails, ms. */
const SILENCE_MS = 1000;

interface Seen {
  url: string;
  range: string | null;
  ifRange: string | null;
  status: number;
  /** The answer's Last-Modified (what a resume's If-Range names). */
  lastModified: string | null;
  /** Body bytes that went through to the browser. */
  bytes: number;
  /** Size of the whole answer the server meant to send (content-length; for a 206 the part). */
  length: number;
  dropped: boolean;
}

let server: RunningServer;
let proxy: Server;
let proxyUrl: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const seen: Seen[] = [];
let dropped = false;

/** The view's first slice: thickness at +24 h. */
const isSlice = (url: string) => url.includes('/api/v1/forecast/hist?') && url.includes('variables=sithick_GLORYS&lead=24');

beforeAll(async () => {
  server = sharedServer();
  const target = new URL(server.url);
  proxy = createServer((incoming, outgoing) => {
    const url = incoming.url ?? '/';
    const headers = { ...incoming.headers };
    if (isSlice(url)) headers['accept-encoding'] = 'identity';
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!isSlice(url)) {
          answer.pipe(outgoing);
          return;
        }
        const entry: Seen = {
          url,
          range: (incoming.headers.range as string | undefined) ?? null,
          ifRange: (incoming.headers['if-range'] as string | undefined) ?? null,
          status: answer.statusCode ?? 0,
          lastModified: (answer.headers['last-modified'] as string | undefined) ?? null,
          bytes: 0,
          length: Number(answer.headers['content-length'] ?? 0),
          dropped: false,
        };
        seen.push(entry);
        // Drop the first full answer mid-way; let everything after it through.
        const drop = !dropped && entry.range === null && entry.status === 200;
        if (drop) dropped = true;
        answer.on('data', (chunk: Buffer) => {
          if (entry.dropped) return;
          if (drop && entry.bytes + chunk.length > DROP_AFTER) {
            const part = chunk.subarray(0, DROP_AFTER - entry.bytes);
            entry.bytes += part.length;
            entry.dropped = true;
            // The link goes silent, then drops (a satellite link's dropout ends in a timeout or reset, not at
            // the same instant as the last byte): the browser has what arrived before the connection fails.
            outgoing.write(part, () =>
              setTimeout(() => {
                answer.destroy();
                incoming.socket.destroy();
              }, SILENCE_MS),
            );
            return;
          }
          entry.bytes += chunk.length;
          outgoing.write(chunk);
        });
        answer.on('end', () => {
          if (!entry.dropped) outgoing.end();
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  browser = await sharedBrowser();
  ({ context, page } = await newPage(browser));
  await context.route('https://gibs.earthdata.nasa.gov/**', (route) => route.abort('internetdisconnected'));
  await signIn(page, proxyUrl, demoAccounts.user);
});

afterAll(async () => {
  await releaseBrowser(browser);
  await new Promise((resolve) => proxy?.close(resolve));
});

describe('a download cut off mid-way', () => {
  it('resumes from the byte it reached (Range + If-Range), moves the file about once, and draws the field', async () => {
    // The server builds its demo days on first start: wait until it lists one.
    await expect
      .poll(
        () => page.evaluate(async () => ((await (await fetch('/api/v1/forecast/info')).json()) as { available_dates?: string[] }).available_dates?.length ?? 0),
        { timeout: 150_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await page.goto(`${proxyUrl}/forecasts?lead=24&variable=sithick_GLORYS`);
    await waitForDrawn(page, (drawn) => drawn.endsWith('|sithick_GLORYS|0'), 120_000).catch((error: unknown) => {
      throw new Error(`not drawn; the slice's answers: ${JSON.stringify(seen)}`, { cause: error });
    });

    const [first, ...rest] = seen.filter((s) => s.url === seen[0]?.url);
    expect(first.dropped).toBe(true);
    expect(first.bytes).toBe(DROP_AFTER);
    expect(first.length).toBeGreaterThan(DROP_AFTER); // the cut was really mid-way
    // The next request for that answer asks for the rest only, valid only if the file is still the same one.
    expect(rest.length).toBeGreaterThanOrEqual(1);
    expect(rest[0].range).toBe(`bytes=${DROP_AFTER}-`);
    expect(first.lastModified).not.toBeNull();
    expect(rest[0].ifRange).toBe(first.lastModified);
    expect(rest[0].status).toBe(206);
    // Bytes moved for the slice: the file once (the cut part and the rest), not once and a half.
    const moved = first.bytes + rest.reduce((sum, s) => sum + s.bytes, 0);
    expect(moved).toBe(first.length);
    expect(await page.getByTestId('file-error').count()).toBe(0);
  }, 300_000);
});
