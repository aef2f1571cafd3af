/**
 * "The page's first forecast field is on screen" (the first view's canvas or the map), for what may wait until
 * then on a slow link: the service worker's registration and its app copy (service-worker.js and index.html, a
 * few requests on the satellite link's few connections and 64 kbit/s up) go out after it, not beside it.
 */
let markDrawn: () => void = () => undefined;
const drawn = new Promise<void>((resolve) => (markDrawn = resolve));

export function markFirstFieldDrawn(): void {
  markDrawn();
}

/** Resolves once a field is on screen, or after `fallbackMs` (a page that never draws one). */
export function firstFieldDrawn(fallbackMs: number): Promise<void> {
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, fallbackMs))]);
}
