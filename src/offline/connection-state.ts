/**
 * Whether the app works from its offline copies: the notice 'Нет связи: показаны сохранённые прогнозы'
 * shows while the browser reports no network, or the service worker's last report was a request that failed and
 * was answered from a copy; a request that reached the server again hides it.
 */
import { createStore } from 'zustand/vanilla';
import { NETWORK_MESSAGE, type NetworkMessage } from '../../browser/offline/messages.ts';

export interface ConnectionState {
  /** navigator.onLine (false: no network interface at all). */
  browserOnline: boolean;
  /** The service worker's last word: true reached the server, false answered from a copy, null not yet. */
  serverReached: boolean | null;
}

/** The notice's rule. */
export function isOffline(state: ConnectionState): boolean {
  return !state.browserOnline || state.serverReached === false;
}

export function isNetworkMessage(data: unknown): data is NetworkMessage {
  return typeof data === 'object' && data !== null && (data as NetworkMessage).type === NETWORK_MESSAGE && typeof (data as NetworkMessage).online === 'boolean';
}

export function createConnectionStore(browserOnline: boolean) {
  return createStore<ConnectionState>(() => ({ browserOnline, serverReached: null }));
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;

/** Follow the browser's online/offline events and the service worker's messages. Returns stop(). */
export function followConnection(store: ConnectionStore, target: Window = window): () => void {
  const online = () => store.setState({ browserOnline: true });
  const offline = () => store.setState({ browserOnline: false });
  const message = (event: MessageEvent) => {
    if (isNetworkMessage(event.data)) store.setState({ serverReached: event.data.online });
  };
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  const container = target.navigator.serviceWorker;
  container?.addEventListener('message', message);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
    container?.removeEventListener('message', message);
  };
}

/** The app's one connection store (started by register-service-worker.ts). */
export const connectionStore = createConnectionStore(typeof navigator === 'undefined' ? true : navigator.onLine);
