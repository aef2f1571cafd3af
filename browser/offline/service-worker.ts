/**
 * The service worker, so that ships and polar stations open the app with no link. Built by vite-plugin-pwa
 * (injectManifest) into dist/service-worker.js and registered from src/offline/register-service-worker.ts; served
 * from 'self' as a script file.
 *
 * - App shell: index.html and the entry chunk are precached; every other hashed asset (the map page's chunk,
 *   MapLibre's worker, the offline land, the decode worker) is kept when the page uses it, cache first. Assets the
 *   page loaded before this worker took control are sent here by the page (`ice-keep`) and copied from the HTTP
 *   cache (no network: they are immutable). Navigations answer with the precached index.html.
 * - GET /api/v1/users/me: network first; a copy is kept per session (the key is a SHA-256 of the session's
 *   XSRF-TOKEN cookie, read with the Cookie Store API) and answers only while that same session's cookie is
 *   there, so a later user, or the same browser after sign-out, never gets it. Sign-in, sign-out and
 *   registration (POST /api/v1/auth/...) clear every copy.
 * - GET /api/v1/forecast/info: network first; with no network, the dates of the forecasts held offline (of the
 *   region asked for: `region=arctic`, or the sector without one).
 * - Forecast files and slices are kept by the decode worker itself (workers/forecast/offline-fetch.ts), so that
 *   a worker started before this one took control keeps them too.
 * Every answer made from a copy because the network failed tells the pages (`{type: 'ice-network', online}`).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { cachedDates, FORECAST_CACHE } from './forecast-cache.ts';
import { KEEP_MESSAGE, NETWORK_MESSAGE, type KeepMessage, type NetworkMessage } from './messages.ts';

interface ServiceWorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: WorkerLocation;
  clients: { matchAll(options?: { includeUncontrolled?: boolean; type?: string }): Promise<Array<{ postMessage(message: unknown): void }>> };
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown; waitUntil(promise: Promise<unknown>): void }) => void): void;
}
declare const self: ServiceWorkerScope;

const ASSETS_CACHE = 'ice-assets-v1';
const PERSONAL_CACHE = 'ice-personal-v1';
const XSRF_COOKIE = 'XSRF-TOKEN';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

const isAsset = (url: URL) => url.origin === self.location.origin && url.pathname.startsWith('/assets/');
registerRoute(({ url }) => isAsset(url), new CacheFirst({ cacheName: ASSETS_CACHE }));

async function tell(online: boolean): Promise<void> {
  const message: NetworkMessage = { type: NETWORK_MESSAGE, online };
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })) client.postMessage(message);
}

/** The personal cache's key for the current session, or null without a readable session cookie. */
async function sessionKey(): Promise<string | null> {
  const cookie = await self.cookieStore?.get(XSRF_COOKIE).catch(() => null);
  if (!cookie?.value) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(cookie.value));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `/__ice/users-me/${hex}`;
}

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/v1/users/me',
  async ({ request }) => {
    const key = await sessionKey();
    const cache = await caches.open(PERSONAL_CACHE);
    let response: Response;
    try {
      response = await fetch(request);
    } catch (error) {
      const copy = key ? await cache.match(key) : undefined;
      void tell(false);
      if (copy) return copy;
      throw error;
    }
    void tell(true);
    if (response.ok && key) await cache.put(key, response.clone());
    if (response.status === 401) await caches.delete(PERSONAL_CACHE);
    return response;
  },
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/api/v1/auth/'),
  async ({ request }) => {
    // Whoever signs in, out or up next must not meet the previous user's copy.
    await caches.delete(PERSONAL_CACHE);
    return fetch(request);
  },
  'POST',
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/v1/forecast/info',
  async ({ request }) => {
    try {
      const response = await fetch(request);
      void tell(true);
      return response;
    } catch {
      void tell(false);
      const keys = await (await caches.open(FORECAST_CACHE)).keys();
      // The dates held of the region asked for (`region=arctic`; none named: the sector).
      const region = new URL(request.url).searchParams.get('region') ?? 'sector';
      const body = JSON.stringify({ available_dates: cachedDates(keys.map((k) => k.url), region) });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'x-ice-offline': '1' } });
    }
  },
);

self.addEventListener('message', (event) => {
  const data = event.data as KeepMessage | null;
  if (!data || data.type !== KEEP_MESSAGE || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS_CACHE);
      for (const href of data.urls) {
        const url = new URL(href, self.location.href);
        if (!isAsset(url) || (await cache.match(url.href))) continue;
        try {
          await cache.add(url.href);
        } catch {
          // gone from the server, or no network: it will be kept the next time the page loads it
        }
      }
    })(),
  );
});
