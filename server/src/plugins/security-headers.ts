/**
 * Security headers for every reply (@fastify/helmet), and the one place the Content-Security-Policy is
 * written. To let the app load something new, add a source to `CSP` below (one line, with why).
 *
 * What the app needs, and so what the policy allows:
 * - scripts: only our own files ('self'); 'wasm-unsafe-eval' compiles WebAssembly (h5wasm for NetCDF-4, the
 *   byte-swap SIMD module) without allowing eval of strings;
 * - workers: 'self' (the decode worker, MapLibre's worker file, a service worker) and blob: (libraries that
 *   start workers from generated code);
 * - images and fetches: 'self', data: and blob: (canvas exports, MapLibre's decoded tiles), plus the origin of
 *   the base-map tiles: GIBS by default, the `<meta name="ice-tile-url">` of dist/index.html, VITE_TILE_URL,
 *   and TILE_ORIGINS;
 * - styles: 'self' only (the e2e test tests/e2e/security.e2e.ts finds no inline <style> in the app);
 * - frame-ancestors 'none' (no framing, so no clickjacking), object-src 'none', base-uri and form-action 'self'.
 * Also: X-Content-Type-Options nosniff, Referrer-Policy same-origin (tile hosts learn nothing of our paths),
 * X-Frame-Options DENY for old browsers, and `Cache-Control: no-store` on API replies that set no caching of
 * their own (personal answers such as /users/me and the jobs must not stay in shared or disk caches).
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The default base-map tiles (src/map/map-config.ts GIBS_BLUE_MARBLE_URL). */
const DEFAULT_TILE_ORIGIN = 'https://gibs.earthdata.nasa.gov';

/** The policy, directive by directive; `tileOrigins` are added to img-src and connect-src. */
function contentSecurityPolicy(tileOrigins: readonly string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", 'data:', 'blob:', ...tileOrigins],
    'img-src': ["'self'", 'data:', 'blob:', ...tileOrigins],
    // Style attributes set from script (React's style prop, MapLibre, deck.gl) go through the CSSOM and are
    // allowed; a library that inserts <style> elements would need 'unsafe-inline' here.
    'style-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The origin of a tile URL template (`https://host/{z}/{y}/{x}.png` → `https://host`), or null. */
export function originOf(template: string | undefined | null): string | null {
  if (!template || template.trim() === 'offline') return null;
  try {
    const url = new URL(template.trim().replace(/[{}]/g, ''));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Where tiles may come from: the default, the built page's meta tag, VITE_TILE_URL, TILE_ORIGINS. */
export function tileOrigins(distDir: string, env: { VITE_TILE_URL?: string; TILE_ORIGINS?: string }): string[] {
  const origins = new Set<string>([DEFAULT_TILE_ORIGIN]);
  const index = join(distDir, 'index.html');
  if (existsSync(index)) {
    const meta = /<meta\s+name=["']ice-tile-url["']\s+content=["']([^"']*)["']/i.exec(readFileSync(index, 'utf8'));
    const origin = originOf(meta?.[1]);
    if (origin) origins.add(origin);
  }
  for (const raw of [env.VITE_TILE_URL, ...(env.TILE_ORIGINS ?? '').split(/[\s,]+/)]) {
    const origin = originOf(raw);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

export async function setupSecurityHeaders(app: FastifyInstance, distDir: string): Promise<void> {
  const env = { VITE_TILE_URL: process.env.VITE_TILE_URL, TILE_ORIGINS: app.config.tileOrigins };
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(tileOrigins(distDir, env)),
    },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // The app is also run over plain HTTP on a ship's LAN: no HSTS and no upgrade of its requests.
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
