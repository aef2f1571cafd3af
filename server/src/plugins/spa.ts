/**
 * Serves the built app from DIST_DIR (repo root dist/) and answers everything no route matched:
 * - /api/... -> 404 {"detail": "Not Found"};
 * - any other GET/HEAD that is not a file -> index.html (history fallback: reloading /forecasts works),
 *   except paths that name a file (`/assets/gone.js`): a stale page asking for a removed chunk should get a
 *   404, not HTML that the browser then fails to run as a script;
 * - other methods -> 404 {"detail": "Not Found"}.
 * Built files go out as the build's precompressed `.br`/`.gz` copies when the client accepts them.
 * Source maps and *.md files are never served (404). Without dist/ the API still works and pages answer 404 with a hint to build the app.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Files of dist/ that are not the app: source maps (the whole source, if a staging build made them) and
 * documentation copied from public/ (README.md). They answer 404 like any missing file.
 */
const NOT_SERVED = /\.(map|md)$/i;

/** What /forecasts is answered with when the build made it (vite.config.ts `mapPageHtml`). */
const MAP_PAGE_HTML = 'forecasts.html';

/** Vite puts content-hashed files under assets/: they never change, so browsers may keep them a year (s). */
const IMMUTABLE_MAX_AGE_S = 365 * 86400;
/**
 * The logo (favicon, top bar, dashboard) is kept a day: with `no-cache` every page asked again for it, a round
 * trip each (600 ms on a satellite link) on the few connections the first field needs. index.html and the
 * service worker stay `no-cache` (a new build must reach the next load).
 */
const IMAGE_MAX_AGE_S = 86400;

export async function setupSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasApp = existsSync(join(distDir, 'index.html'));
  const hasMapPage = existsSync(join(distDir, MAP_PAGE_HTML));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      cacheControl: false,
      // Slow links: the build writes `.br` (brotli 11) and `.gz` copies of its files; send those as they are
      // (Vary: Accept-Encoding), the file itself when there is none (then @fastify/compress compresses it).
      preCompressed: true,
      allowedPath: (pathName) => !NOT_SERVED.test(pathName),
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(join(distDir, 'assets'));
        reply.header('cache-control', hashed ? `public, max-age=${IMMUTABLE_MAX_AGE_S}, immutable` : filePath.endsWith('.svg') ? `public, max-age=${IMAGE_MAX_AGE_S}` : 'no-cache');
      },
    });
  } else {
    app.log.warn(`${distDir}/index.html not found: serving the API only (run \`npx vite build\` for the app)`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$)/.test(path);
    const namesFile = /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
    if (!isPage || namesFile) return reply.code(404).send({ detail: 'Not Found' });
    if (!hasApp) {
      return reply.code(404).send({ detail: 'The app is not built: run `npx vite build` (or `npm start`)' });
    }
    // The map page's variant preloads its chunks and the decode worker (vite.config.ts `mapPageHtml`).
    const page = path === '/forecasts' && hasMapPage ? MAP_PAGE_HTML : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
