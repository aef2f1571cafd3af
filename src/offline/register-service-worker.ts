/**
 * Registers the service worker (dist/service-worker.js, built from browser/offline/service-worker.ts) from this
 * module, not from an inline script, so a strict CSP (`script-src 'self'`, `worker-src 'self'`) allows it.
 * Production builds only. A failed install is tried again (register-until-active.ts).
 * Then tells it which same-origin assets the page has loaded (including those loaded before it took control)
 * so it keeps them for offline use, and follows the connection state for the offline notice.
 */
import { Workbox } from 'workbox-window';
import { connectionStore, followConnection } from './connection-state.ts';
import { registerUntilActive } from './register-until-active.ts';
import { KEEP_MESSAGE, type KeepMessage } from '../../browser/offline/messages.ts';

/** `after`: registration waits for it too (besides the page's load), e.g. the first field on a slow link. */
export function registerServiceWorker(after: Promise<void> = Promise.resolve()): void {
  followConnection(connectionStore);
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/service-worker.js');
  void after.catch(() => undefined).then(() =>
    registerUntilActive(
      () => workbox.register(),
      () => navigator.serviceWorker.register('/service-worker.js'),
    ),
  );
  void navigator.serviceWorker.ready.then((registration) => {
    const keep = (urls: string[]) => {
      const assets = urls.filter((url) => url.startsWith(`${location.origin}/assets/`));
      if (assets.length > 0) registration.active?.postMessage({ type: KEEP_MESSAGE, urls: assets } satisfies KeepMessage);
    };
    keep(performance.getEntriesByType('resource').map((entry) => entry.name));
    new PerformanceObserver((list) => keep(list.getEntries().map((entry) => entry.name))).observe({ type: 'resource' });
  });
}
