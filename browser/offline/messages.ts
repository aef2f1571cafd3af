/** Messages between the pages (src/offline/) and the service worker (service-worker.ts). */

/** Service worker → pages: a request it handles went to the network (online) or failed and a copy answered. */
export const NETWORK_MESSAGE = 'ice-network';
export interface NetworkMessage {
  type: typeof NETWORK_MESSAGE;
  online: boolean;
}

/** Page → service worker: same-origin assets the page loaded, to keep for offline use. */
export const KEEP_MESSAGE = 'ice-keep';
export interface KeepMessage {
  type: typeof KEEP_MESSAGE;
  urls: string[];
}
