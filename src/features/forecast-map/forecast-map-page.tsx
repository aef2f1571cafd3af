/**
 * /forecasts: the map, the sidebar, the legend. The page owns one forecast map store, keeps it in step with
 * the URL, and starts the loader that feeds it from the decode worker.
 */
import { useEffect, useState } from 'react';
import { fetchForecastInfo, forecastFileUrl } from '../../api/forecast.ts';
import { ForecastLoader } from './forecast-loader.ts';
import { ForecastMapView } from './forecast-map-view.tsx';
import { ForecastSidebar } from './forecast-sidebar.tsx';
import { createForecastWorker } from './forecast-worker.ts';
import { MapLegend } from './map-legend.tsx';
import { createForecastMapStore } from './store/forecast-map-store.ts';
import { ForecastMapStoreContext } from './store/store-context.ts';
import { useUrlSync } from './use-url-sync.ts';
import './forecast-map.css';

export function ForecastMapPage() {
  const [store] = useState(createForecastMapStore);
  useUrlSync(store);

  // The decode worker and the loader live as long as the page.
  useEffect(() => {
    const worker = createForecastWorker();
    const loader = new ForecastLoader({
      store,
      worker: worker.api,
      fileUrl: (date, assimilated) => forecastFileUrl(date, assimilated),
      listDates: async () => (await fetchForecastInfo()).available_dates,
      // Diagnostic switch (issue 13): localStorage 'ice.download' = 'whole' downloads whole files first, as before;
      // the slow-link benchmark's peer.
      sliceFirst: globalThis.localStorage?.getItem('ice.download') !== 'whole',
    });
    const stop = loader.start();
    return () => {
      stop();
      worker.dispose();
    };
  }, [store]);

  return (
    <ForecastMapStoreContext.Provider value={store}>
      <div className="forecast-page" data-testid="forecast-page">
        <ForecastSidebar />
        <ForecastMapView />
        <MapLegend />
      </div>
    </ForecastMapStoreContext.Provider>
  );
}
