/**
 * Two-way sync between the store's selection and the URL's search parameters (TanStack Router): the URL is
 * read into the store on arrival and on back/forward; the store's changes are written to the URL (replacing
 * the history entry, so the back button leaves the page rather than stepping through every click).
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ForecastMapStore } from './store/forecast-map-store.ts';
import {
  sameSearch,
  searchFromSelection,
  selectionFromSearch,
  validateForecastSearch,
  type ForecastSearch,
} from './url-search.ts';
import { toolsFromSearch } from './map-tools/tools-search.ts';
import { chartFromSearch } from './ice-chart/chart-search.ts';

export function useUrlSync(store: ForecastMapStore): void {
  const rawSearch = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const search = validateForecastSearch(rawSearch);
  const searchKey = JSON.stringify(search);

  // URL → store (first render, and back/forward).
  useEffect(() => {
    const parsed = JSON.parse(searchKey) as ForecastSearch;
    store.getState().applySelection(selectionFromSearch(parsed));
    store.getState().applyTools(toolsFromSearch(parsed));
    store.getState().applyChart(chartFromSearch(parsed));
  }, [store, searchKey]);

  // Store → URL.
  useEffect(() => {
    let last = searchFromSelection(store.getState());
    return store.subscribe((state) => {
      const next = searchFromSelection(state);
      if (sameSearch(next, last)) return;
      last = next;
      void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, ...next }), replace: true });
    });
  }, [store, navigate]);
}
