/**
 * /generate-forecast: the /forecasts map (its view, store, loader and legend) with a sidebar that asks
 * the server to run chosen models for a date in a region, follows the job, then shows each model's run on the map
 * (turned to that region's view, its files asked for with the region).
 * The page owns its own map store (not the URL's): nothing is loaded until a generated run is ready.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { forecastFileUrl } from '../../api/forecast.ts';
import { ru } from '../../i18n/ru.ts';
import {
  createForecastMapStore,
  ForecastLoader,
  ForecastMapStoreContext,
  ForecastMapView,
  IceClassSelect,
  MapLegend,
  ViewControls,
} from '../forecast-map/index.ts';
import { createForecastClient, type ForecastClient } from '../../../workers/forecast-client.ts';
import { GenerateForecastControls, type ForecastRun } from './generate-forecast-controls.tsx';
import { RunSwitch } from './run-switch.tsx';

export function GenerateForecastPage() {
  const [store] = useState(createForecastMapStore);
  const workerRef = useRef<ForecastClient | null>(null);
  const [run, setRun] = useState<ForecastRun | null>(null);
  const [activeModel, setActiveModel] = useState<string | null>(null);

  // The decode worker starts with the first run to show and lives as long as the page; its file cache makes
  // switching back to a run instant.
  useEffect(
    () => () => {
      workerRef.current?.dispose();
      workerRef.current = null;
    },
    [],
  );

  // One loader per shown run: a model switch stops the old one (aborting its download) and opens the new file.
  const date = run?.date ?? null;
  const region = run?.region ?? 'sector';
  useEffect(() => {
    if (!date || !activeModel) return;
    workerRef.current ??= createForecastClient();
    const loader = new ForecastLoader({
      store,
      worker: workerRef.current,
      fileUrl: (fileDate, assimilated, _analysis, fileRegion) => forecastFileUrl(fileDate, assimilated, activeModel, fileRegion),
    });
    // The region first: the map turns to its view, and the file asked for is that region's.
    store.getState().setRegion(region);
    store.getState().setDate(date);
    return loader.start();
  }, [store, date, region, activeModel]);

  const onReady = useCallback((ready: ForecastRun) => {
    setRun(ready);
    setActiveModel(ready.modelIds[0] ?? null);
  }, []);

  return (
    <ForecastMapStoreContext.Provider value={store}>
      <div className="forecast-page" data-testid="generate-forecast-page">
        <aside className="forecast-sidebar" aria-label={ru.generateForecast.title}>
          <h1 className="generate-forecast-title">{ru.generateForecast.title}</h1>
          <GenerateForecastControls onReady={onReady} />
          {run && activeModel && (
            <>
              <RunSwitch modelIds={run.modelIds} active={activeModel} onChange={setActiveModel} />
              <ViewControls />
              <IceClassSelect />
            </>
          )}
        </aside>
        <ForecastMapView />
        <MapLegend />
      </div>
    </ForecastMapStoreContext.Provider>
  );
}
