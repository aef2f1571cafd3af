/**
 * When the map's code may use the link (a slow link takes data before code). True (and then for good) once the
 * first field is decoded, or once there is nothing to wait for (no dates, no file, a failed file, a missing
 * variable), or after MAP_WAIT_MS whatever happens (the map must come even if the data never does).
 */
import { useEffect, useState } from 'react';
import type { ForecastMapState, ForecastMapStore } from '../store/forecast-map-store.ts';

/** Longest wait for the first field before the map's code is asked for anyway (ms). */
const MAP_WAIT_MS = 30_000;

/** Whether the page still waits for its first field (so the map's chunk should not compete with it). */
export function waitingForFirstField(state: ForecastMapState): boolean {
  if (state.field !== null || state.fieldMissing || state.localField !== null) return false;
  if (state.datesStatus === 'idle' || state.datesStatus === 'loading') return true;
  if (state.datesStatus === 'error' || state.date === null) return false;
  return state.fileStatus === 'loading' || state.fileStatus === 'ready' || state.fileStatus === 'idle';
}

export function useMapWanted(store: ForecastMapStore, atOnce: boolean): boolean {
  const [wanted, setWanted] = useState(() => atOnce || !waitingForFirstField(store.getState()));
  useEffect(() => {
    if (wanted) return;
    const check = () => {
      if (!waitingForFirstField(store.getState())) setWanted(true);
    };
    const unsubscribe = store.subscribe(check);
    const timer = setTimeout(() => setWanted(true), MAP_WAIT_MS);
    check();
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, wanted]);
  return wanted;
}
