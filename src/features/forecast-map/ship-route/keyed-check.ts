/**
 * What the route checkers share: follow the store outside React (`store.subscribe`), and whenever the key of what is
 * to be checked changes, abort the check under way and start the new one. A null key means nothing to check.
 */
import type { ForecastMapState, ForecastMapStore } from '../store/forecast-map-store.ts';

/** Starts the check for `key` on `state`; `signal` aborts it when the key moves on or the checker stops. */
export type StartCheck = (state: ForecastMapState, key: string, signal: AbortSignal) => void;

/** Returns the function that stops following (and aborts the check under way). */
export function followCheckKey(
  store: ForecastMapStore,
  keyOf: (state: ForecastMapState) => string | null,
  start: StartCheck,
  cleared: (state: ForecastMapState) => void = () => {},
): () => void {
  let current: string | null = null;
  let controller: AbortController | null = null;

  const sync = (state: ForecastMapState) => {
    const key = keyOf(state);
    if (key === current) return;
    current = key;
    controller?.abort();
    controller = null;
    if (key === null) {
      cleared(state);
      return;
    }
    controller = new AbortController();
    start(state, key, controller.signal);
  };

  sync(store.getState());
  const unsubscribe = store.subscribe(sync);
  return () => {
    unsubscribe();
    controller?.abort();
  };
}
