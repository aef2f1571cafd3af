/** React access to the page's forecast map store, with narrow selectors. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { ForecastMapState, ForecastMapStore } from './forecast-map-store.ts';

export const ForecastMapStoreContext = createContext<ForecastMapStore | null>(null);

export function useForecastMapStore(): ForecastMapStore {
  const store = useContext(ForecastMapStoreContext);
  if (!store) throw new Error('useForecastMapStore outside ForecastMapStoreContext');
  return store;
}

export function useForecastMap<T>(selector: (state: ForecastMapState) => T): T {
  return useStore(useForecastMapStore(), selector);
}
