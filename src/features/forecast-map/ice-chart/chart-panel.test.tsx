import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { click, fakeApi, render, waitFor, endCase, type CaseParts } from '../../../testing/page-helpers.tsx';
import { fetchChart, fetchChartList } from '../../../api/icecharts.ts';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { ForecastMapStoreContext } from '../store/store-context.ts';
import { IceChartPanel } from './chart-panel.tsx';
import { EggCodePanel } from './egg-code-view.tsx';
import { ChartLoader } from './chart-loader.ts';
import { selectChartPolygonAt } from './chart-click.ts';
import { mapClickTarget } from '../ship-route/map-click-rule.ts';
import { chartCollection, chartFeature, chartSummary } from '../../../testing/chart-polygons.ts';

const parts: CaseParts = {};
afterEach(() => endCase(parts));

const SUMMARY = chartSummary(7, '2014-02-11T00:00:00Z', { polygons: 2, bbox: [170, 70, -170, 75] });
const CHART = chartCollection(SUMMARY, [
  chartFeature(0, [[170, 70], [-170, 70], [-170, 75], [170, 75], [170, 70]], { CT: '92', CA: '92', SA: '84', FA: '04' }),
  chartFeature(1, [[60, 70], [70, 70], [70, 75], [60, 75], [60, 70]], { CT: '92', CA: '92', SA: '99', FA: '08' }),
]);

async function show(date: string) {
  const store = createForecastMapStore();
  store.getState().datesLoaded([date]);
  parts.stop = new ChartLoader({
    store,
    listCharts: (query, signal) => fetchChartList(query, { signal }),
    loadChart: (id, tolerance, signal) => fetchChart(id, tolerance, { signal }),
  }).start();
  parts.view = await render(
    <ForecastMapStoreContext.Provider value={store}>
      <IceChartPanel />
      <EggCodePanel />
    </ForecastMapStoreContext.Provider>,
  );
  return store;
}

const text = () => parts.view!.container.textContent ?? '';

describe("the sidebar's 'Ледовая карта'", () => {
  it("says 'Ледовой карты на {date} нет' when no chart is valid by that date", async () => {
    fakeApi({ 'GET /api/v1/icecharts?from=2026-11-06&to=2026-11-20': { status: 200, body: { charts: [] } } });
    await show('2026-11-20');
    await click(parts.view!.container.querySelector('[data-testid="ice-chart-toggle"]')!);
    await waitFor(() => expect(text()).toContain('Ледовой карты на 2026-11-20 нет'));
  });

  it('names the chart, draws its legend in both codes and opens the egg of a clicked polygon', async () => {
    const seen = fakeApi({
      'GET /api/v1/icecharts?from=2014-01-28&to=2014-02-11': {
        status: 200,
        body: { charts: [SUMMARY] },
      },
      'GET /api/v1/icecharts/7': { status: 200, body: CHART },
    });
    const store = await show('2014-02-11');
    await click(parts.view!.container.querySelector('[data-testid="ice-chart-toggle"]')!);
    await waitFor(() => expect(text()).toContain('Источник: ААНИИ'));
    expect(text()).toContain('Действительна на 2014-02-11 00:00 UTC');
    const legend = () => [...parts.view!.container.querySelectorAll('[data-testid="ice-chart-legend"] li')].map((li) => li.textContent);
    expect(legend()).toEqual(['9–10/10 (очень сплочённый лёд)', 'Припай']);
    await click([...parts.view!.container.querySelectorAll('button')].find((b) => b.textContent === 'Возраст льда')!);
    expect(legend()).toEqual(['Серый лёд', 'Припай']);
    await click([...parts.view!.container.querySelectorAll('button')].find((b) => b.textContent === 'POLARIS')!);
    // PC7 (the default class): 10/10 grey ice RIO 20, the fast ice of unknown stage taken as thick first-year, RIO −20.
    expect(legend()).toEqual(['Обычная эксплуатация', 'Требует особого рассмотрения']);
    expect(parts.view!.container.querySelector('[data-testid="ice-chart-rule"]')?.textContent).toBe('стадия неизвестна: принят однолетний толстый');
    await act(async () => store.getState().setIceClass('PC5'));
    expect(legend()).toEqual(['Обычная эксплуатация']);
    expect(seen.some((request) => request.path.includes('tolerance_km'))).toBe(false);

    // The chart owns map clicks now; a click east of 180° lands in the polygon that crosses it.
    expect(mapClickTarget(store.getState())).toBe('chart');
    await act(async () => selectChartPolygonAt(store, { lng: -175, lat: 72 }));
    const egg = parts.view!.container.querySelector('[data-testid="egg-code"]')!;
    expect(egg.querySelector('[data-egg="ct"]')?.textContent).toBe('10');
    expect(egg.querySelector('[data-egg="sa"]')?.textContent).toBe('4');
    expect(egg.querySelector('[data-testid="egg-text"]')?.textContent).toContain('1. серый лёд, форма: обломки ледяных полей');
    await act(async () => selectChartPolygonAt(store, { lng: 0, lat: 72 }));
    expect(parts.view!.container.querySelector('[data-testid="egg-code"]')).toBeNull();
  });
});
