import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click, fakeApi, render, waitFor, type Rendered } from '../../../testing/page-helpers.tsx';
import { createForecastMapStore } from '../store/forecast-map-store.ts';
import { ForecastMapStoreContext } from '../store/store-context.ts';
import { ForecastQuality } from './forecast-quality.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

function record(lead_hours: number, valid_date: string, overrides: Record<string, unknown> = {}) {
  return {
    date: '2026-11-10',
    lead_hours,
    valid_date,
    model_id: 'model_2',
    run: 'forecast',
    truth: { source: 'demo_analysis', label: 'демонстрационный анализ', demo: true },
    n_cells: 300_000,
    iiee_km2: 187_650,
    iiee_over_km2: 120_150,
    iiee_under_km2: 67_500,
    edge_length_km: 9_000,
    edge_distance_km: 20.85,
    conc_rmse: 0.0834,
    conc_mae: 0.04,
    conc_bias: 0.01,
    thick_rmse: null,
    thick_bias: null,
    persistence_iiee_km2: 243_700,
    persistence_conc_rmse: 0.0791,
    skill_iiee: 0.23,
    skill_conc_rmse: -0.054,
    ...overrides,
  };
}

/** The section for a date whose analyses are listed; `choose` sets the run or region first. */
async function show(date: string, analysisDates: string[], choose: (store: ReturnType<typeof createForecastMapStore>) => void = () => undefined) {
  const store = createForecastMapStore();
  choose(store);
  store.getState().datesLoaded([date]);
  store.getState().analysisDatesLoaded(analysisDates);
  view = await render(
    <ForecastMapStoreContext.Provider value={store}>
      <ForecastQuality />
    </ForecastMapStoreContext.Provider>,
  );
  return store;
}

const section = () => view!.container.querySelector('[data-testid="forecast-quality"]');

describe("the map's 'Качество прогноза'", () => {
  it('shows the scores of the shown run and lead against the analysis it names', async () => {
    const seen = fakeApi({
      'GET /api/v1/verification?run=forecast&from=2026-11-10&to=2026-11-10': {
        status: 200,
        body: { rows: [record(24, '2026-11-11'), record(48, '2026-11-12', { skill_iiee: -0.05, iiee_km2: 300_000 })] },
      },
    });
    const store = await show('2026-11-10', ['2026-11-10', '2026-11-11', '2026-11-12']);
    await waitFor(() => expect(section()?.textContent).toContain('лучше персистентности на 23 %'));
    const text = section()!.textContent!;
    expect(section()!.getAttribute('aria-label')).toBe('Качество прогноза');
    expect(text).toContain('187,7 тыс. км²');
    expect(text).toContain('лишний лёд 120,2, недостающий 67,5 тыс. км²');
    expect(text).toContain('20,9 км');
    expect(text).toContain('0,083');
    expect(text).toContain('243,7 тыс. км²');
    expect(text).toContain('RMSE: хуже персистентности на 5 %');
    expect(view!.container.querySelector('[data-testid="forecast-quality-truth"]')?.textContent).toBe('по анализу: демонстрационный анализ');

    // The next lead comes from the same answer: no new request.
    act(() => store.getState().setLeadIndex(1));
    await waitFor(() => expect(section()?.textContent).toContain('хуже персистентности на 5 %'));
    expect(section()!.textContent).toContain('300,0 тыс. км²');
    // Lead +72 h: its analysis (2026-11-13) has not arrived.
    act(() => store.getState().setLeadIndex(2));
    await waitFor(() => expect(section()?.textContent).toContain('Анализ на 2026-11-13 ещё не поступил'));
    expect(seen).toHaveLength(1);

    // 'Показать кромки на карте' turns the ice edges on.
    act(() => store.getState().setLeadIndex(0));
    const button = [...section()!.querySelectorAll('button')].find((b) => b.textContent === 'Показать кромки на карте')!;
    await click(button);
    expect(store.getState().iceEdge).toBe(true);
  });

  it('shows the run against the ice chart of its valid date beside the analysis, named as the chart', async () => {
    const chartTruth = { source: 'chart:3', label: 'ААНИИ', demo: false };
    fakeApi({
      'GET /api/v1/verification?run=forecast&from=2026-11-10&to=2026-11-10': {
        status: 200,
        body: {
          rows: [
            record(24, '2026-11-11'),
            record(24, '2026-11-11', { truth: chartTruth, iiee_km2: 95_000, iiee_over_km2: 15_000, iiee_under_km2: 80_000, edge_distance_km: 33.3, conc_rmse: null }),
          ],
        },
      },
    });
    await show('2026-11-10', ['2026-11-11']);
    await waitFor(() => expect(view!.container.querySelector('[data-testid="forecast-quality-chart"]')).not.toBeNull());
    const chart = view!.container.querySelector('[data-testid="forecast-quality-chart"]')!;
    expect(chart.textContent).toContain('95,0 тыс. км²');
    expect(chart.textContent).toContain('лишний лёд 15,0, недостающий 80,0 тыс. км²');
    expect(chart.textContent).toContain('33,3 км');
    expect(view!.container.querySelector('[data-testid="forecast-quality-chart-truth"]')?.textContent).toBe('по ледовой карте ААНИИ от 2026-11-11');
    // The analysis's scores stay those of the analysis.
    expect(view!.container.querySelector('[data-testid="forecast-quality-truth"]')?.textContent).toBe('по анализу: демонстрационный анализ');
    expect(section()!.textContent).toContain('187,7 тыс. км²');
  });

  it('asks for the assimilated run when it is shown', async () => {
    const seen = fakeApi({
      'GET /api/v1/verification?run=assim_forecast&from=2026-11-10&to=2026-11-10': { status: 200, body: { rows: [record(24, '2026-11-11', { run: 'assim_forecast' })] } },
    });
    await show('2026-11-10', ['2026-11-11'], (store) => store.getState().setAssimilated(true));
    await waitFor(() => expect(section()?.textContent).toContain('лучше персистентности на 23 %'));
    expect(seen.map((r) => r.path)).toEqual(['/api/v1/verification?run=assim_forecast&from=2026-11-10&to=2026-11-10']);
  });

  it("asks for the whole Arctic's own records (region=arctic) and the sector's again (no region) after a switch", async () => {
    const seen = fakeApi({
      'GET /api/v1/verification?run=forecast&from=2026-11-10&to=2026-11-10&region=arctic': {
        status: 200,
        body: { rows: [record(24, '2026-11-11', { iiee_km2: 512_300 })] },
      },
      'GET /api/v1/verification?run=forecast&from=2026-11-10&to=2026-11-10': { status: 200, body: { rows: [record(24, '2026-11-11')] } },
    });
    const store = await show('2026-11-10', ['2026-11-11'], (s) => s.getState().setRegion('arctic'));
    await waitFor(() => expect(section()?.textContent).toContain('512,3 тыс. км²'));
    act(() => store.getState().setRegion('sector'));
    await waitFor(() => expect(section()?.textContent).toContain('187,7 тыс. км²'));
    expect(seen.map((r) => r.path)).toEqual([
      '/api/v1/verification?run=forecast&from=2026-11-10&to=2026-11-10&region=arctic',
      '/api/v1/verification?run=forecast&from=2026-11-10&to=2026-11-10',
    ]);
  });

  it("shows the whole Arctic's run scored against the ice chart of its valid date, as the sector's", async () => {
    const chartTruth = { source: 'chart:7', label: 'ААНИИ', demo: false };
    fakeApi({
      'GET /api/v1/verification?run=forecast&from=2026-11-10&to=2026-11-10&region=arctic': {
        status: 200,
        body: { rows: [record(24, '2026-11-11', { iiee_km2: 512_300 }), record(24, '2026-11-11', { truth: chartTruth, iiee_km2: 402_900, conc_rmse: null })] },
      },
    });
    await show('2026-11-10', ['2026-11-11'], (s) => s.getState().setRegion('arctic'));
    await waitFor(() => expect(view!.container.querySelector('[data-testid="forecast-quality-chart-truth"]')?.textContent).toBe('по ледовой карте ААНИИ от 2026-11-11'));
    expect(view!.container.querySelector('[data-testid="forecast-quality-chart"]')?.textContent).toContain('402,9 тыс. км²');
  });

  it("says the analysis has not arrived, without asking the server, on today's date", async () => {
    const seen = fakeApi({});
    await show('2026-11-25', ['2026-11-24', '2026-11-25']);
    expect(section()?.textContent).toContain('Анализ на 2026-11-26 ещё не поступил');
    expect(seen).toHaveLength(0);
  });

  it('says the score is still being computed when the analysis is there but the record is not', async () => {
    fakeApi({ 'GET /api/v1/verification?run=forecast&from=2026-11-10&to=2026-11-10': { status: 200, body: { rows: [] } } });
    await show('2026-11-10', ['2026-11-11']);
    await waitFor(() => expect(section()?.textContent).toContain('Анализ поступил, оценка прогноза ещё считается.'));
  });
});
