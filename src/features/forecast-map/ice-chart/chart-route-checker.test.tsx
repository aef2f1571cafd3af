import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { checkRouteOnChart } from '../../../api/icecharts.ts';
import { fakeApi, render, waitFor, endCase, type CaseParts } from '../../../testing/page-helpers.tsx';
import { chartCollection, chartFeature, chartSummary } from '../../../testing/chart-polygons.ts';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { ForecastMapStoreContext } from '../store/store-context.ts';
import { prepareChart } from './chart-geometry.ts';
import { startChartRouteChecker } from './chart-route-checker.ts';
import { ChartRouteResult } from './chart-route-result.tsx';

const parts: CaseParts = {};
afterEach(() => endCase(parts));

const SUMMARY = chartSummary(12, '2014-02-11T00:00:00Z');
const sample = (distance_km: number, rio: number | null, category: 'normal' | 'elevated' | 'special' | null) => ({
  lat: 75,
  lon: 60 + distance_km / 30,
  distance_km,
  covered: true,
  concentration: 1,
  thickness_m: null,
  ice_type: 'thick_first_year' as const,
  rio,
  category,
});

describe('the route against the chart', () => {
  it('asks POST /route/check with the chart and the ship’s class, and shows the answer under the title of the chart', async () => {
    const seen = fakeApi({
      'POST /api/v1/route/check': {
        status: 200,
        body: {
          length_km: 60,
          ice_length_km: 60,
          outside_km: 0,
          min_rio: -30,
          max_concentration: 1,
          max_thickness_m: null,
          first_breach: sample(30, -30, 'special'),
          samples: [sample(0, 0, 'normal'), sample(30, -30, 'special'), sample(60, -30, 'special')],
        },
      },
    });
    const store = createForecastMapStore();
    const polygons = prepareChart(chartCollection(SUMMARY, [chartFeature(0, [[55, 70], [70, 70], [70, 80], [55, 80], [55, 70]], { CT: '92', SA: '99', FA: '08' })]).features);
    store.getState().setIceClass('IA');
    store.getState().setChartView('polaris');
    store.getState().chartShown({ info: SUMMARY, polygons, simplified: false });
    parts.stop = startChartRouteChecker(store, (request, options) => checkRouteOnChart(request, options));
    parts.view = await render(
      <ForecastMapStoreContext.Provider value={store}>
        <ChartRouteResult />
      </ForecastMapStoreContext.Provider>,
    );
    await act(async () => store.getState().loadRoute([[75, 60], [75, 62]]));
    await waitFor(() => expect(parts.view!.container.querySelector('[data-row="first-breach"] td')?.textContent).toBe('Требует особого рассмотрения: 30.0 км (75.00°, 61.00°)'));
    expect(seen.map((r) => r.body)).toEqual([{ source: 'chart', chart_id: 12, ice_class: 'IA', waypoints: [[75, 60], [75, 62]] }]);
    expect(parts.view!.container.querySelector('h4')?.textContent).toBe('По ледовой карте ААНИИ от 2014-02-11');
    expect(parts.view!.container.querySelector('[data-row="min-rio"] td')?.textContent).toBe('-30.0');

    // The chart off: no check, nothing shown.
    await act(async () => store.getState().setChartView(null));
    expect(parts.view!.container.querySelector('[data-testid="route-chart"]')).toBeNull();
  });
});
