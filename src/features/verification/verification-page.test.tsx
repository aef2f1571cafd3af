import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegionId } from '../../../common/regions/types.ts';
import { createFakeApi, makeUser } from '../../testing/fake-api.ts';
import { jsonResponse } from '../../../common/testing/fake-fetch.ts';
import { cleanUpApp, renderApp, waitUntil, type RenderedApp } from '../../testing/render-app.tsx';
import { click, fakeApi, render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { VerificationPage } from './verification-page.tsx';
import { defaultPeriod } from './period.ts';
import { row } from '../../testing/verification-rows.ts';

/** The page with its region held here (the route keeps it in the URL: tested below through the app's router). */
function VerificationAt({ initial = 'sector' }: { initial?: RegionId }) {
  const [region, setRegion] = useState<RegionId>(initial);
  return <VerificationPage region={region} onRegionChange={setRegion} />;
}

let view: Rendered | undefined;
let app: RenderedApp | null = null;
afterEach(() => {
  app = cleanUpApp(app);
  view?.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const { from, to } = defaultPeriod();
const architectures = [
  { model_id: 'model_1', model_type: 'persistence', hyperparameters: {} },
  { model_id: 'model_2', model_type: 'free_drift_advection', hyperparameters: {} },
];

function routes(run = 'forecast') {
  return {
    'GET /api/v1/report/model_architecture': { status: 200, body: architectures },
    [`GET /api/v1/verification/summary?from=${from}&to=${to}`]: {
      status: 200,
      body: {
        from,
        to,
        rows: [],
        sps: [
          { date: '2026-11-19', lead_hours: 24, valid_date: '2026-11-20', members: 6, sps_km2: 30_000 },
          { date: '2026-11-20', lead_hours: 24, valid_date: '2026-11-21', members: 4, sps_km2: 50_000 },
          { date: '2026-11-20', lead_hours: 48, valid_date: '2026-11-22', members: 6, sps_km2: 70_000 },
        ],
      },
    },
    [`GET /api/v1/verification?model_id=model_1&run=${run}&from=${from}&to=${to}`]: {
      status: 200,
      body: { rows: [row({ model_id: 'model_1', run: run as 'forecast', iiee_km2: 300_000, skill_iiee: -0.2, conc_rmse: 0.12, skill_conc_rmse: -0.2 })] },
    },
    [`GET /api/v1/verification?model_id=model_2&run=${run}&from=${from}&to=${to}`]: {
      status: 200,
      body: { rows: [row({ run: run as 'forecast' }), row({ run: run as 'forecast', lead_hours: 48, valid_date: '2026-11-22' })] },
    },
  };
}

describe('/verification', () => {
  it('asks for every model over the last 30 days and shows the scorecard coloured against persistence', async () => {
    const seen = fakeApi(routes());
    view = await render(<VerificationAt />);
    await waitFor(() => expect(view!.container.querySelectorAll('[data-testid="scorecard"] tbody tr')).toHaveLength(3));
    expect(view.container.querySelector('h1')?.textContent).toBe('Проверка прогнозов');
    expect(seen.filter((r) => r.path.startsWith('/api/v1/verification?'))).toHaveLength(2);
    const lines = [...view.container.querySelectorAll('[data-testid="scorecard"] tbody tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(lines[0]).toEqual(['model_1', '+24 ч', '300,0 (250,0)', '20,0', '0,120 (0,100)', '−20 %', '−20 %', '0 %', '1']);
    expect(lines[1]).toEqual(['model_2', '+24 ч', '200,0 (250,0)', '20,0', '0,080 (0,100)', '+20 %', '+20 %', '100 %', '1']);
    await waitFor(() => expect(view!.container.querySelector('[data-testid="ensemble-sps"]')).not.toBeNull());
    expect(view.container.querySelector('[data-testid="ensemble-sps"]')!.textContent).toBe(
      'Вероятность льда по всем моделям, средний SPS (меньше — лучше): +24 ч: 40,0 тыс. км² (дат: 2, прогнозов: 5,0); +48 ч: 70,0 тыс. км² (дат: 1, прогнозов: 6,0)',
    );
    const cells = view.container.querySelectorAll('[data-testid="scorecard"] tbody tr');
    expect(cells[0].children[2].className).toContain('is-worse');
    expect(cells[1].children[2].className).toContain('is-better');
  });

  it('asks again for the other run, and for no model when none is picked', async () => {
    const seen = fakeApi({ ...routes(), ...routes('assim_forecast') });
    view = await render(<VerificationAt />);
    await waitFor(() => expect(view!.container.querySelector('[data-testid="scorecard"]')).not.toBeNull());
    const select = view.container.querySelector<HTMLSelectElement>('[data-testid="verification-run"]')!;
    select.value = 'assim_forecast';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(seen.some((r) => r.path.includes('run=assim_forecast'))).toBe(true));
    for (const box of view.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) await click(box);
    await waitFor(() => expect(view!.container.textContent).toContain('Выберите хотя бы одну модель.'));
    expect(view.container.querySelector('[data-testid="scorecard"]')).toBeNull();
  });

  it('says so when the period has no records, and shows the reason when the request fails', async () => {
    fakeApi({
      ...routes(),
      [`GET /api/v1/verification?model_id=model_1&run=forecast&from=${from}&to=${to}`]: { status: 200, body: { rows: [] } },
      [`GET /api/v1/verification?model_id=model_2&run=forecast&from=${from}&to=${to}`]: { status: 200, body: { rows: [] } },
    });
    view = await render(<VerificationAt />);
    await waitFor(() => expect(view!.container.textContent).toContain('За выбранный период оценок нет'));
    view.unmount();
    fakeApi({
      ...routes(),
      [`GET /api/v1/verification?model_id=model_2&run=forecast&from=${from}&to=${to}`]: { status: 422, body: { detail: 'bad date' } },
    });
    view = await render(<VerificationAt />);
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')?.textContent).toContain('Не удалось получить оценки прогнозов: bad date'));
  });
});

describe('/verification against ice charts', () => {
  it('lists the records against a chart apart, and keeps them out of the scorecard’s means', async () => {
    const chart = { source: 'chart:12', label: 'ААНИИ', demo: false };
    fakeApi({
      ...routes(),
      [`GET /api/v1/verification?model_id=model_2&run=forecast&from=${from}&to=${to}`]: {
        status: 200,
        body: {
          rows: [
            row({}),
            row({ truth: chart, iiee_km2: 900_000, iiee_over_km2: 100_000, iiee_under_km2: 800_000, edge_distance_km: 61.25, conc_rmse: null, persistence_iiee_km2: null, skill_iiee: null }),
          ],
        },
      },
    });
    view = await render(<VerificationAt />);
    await waitFor(() => expect(view!.container.querySelector('[data-testid="verification-chart-truths"]')).not.toBeNull());
    const scorecard = [...view.container.querySelectorAll('[data-testid="scorecard"] tbody tr')].map((tr) => tr.children[2].textContent);
    expect(scorecard).toEqual(['300,0 (250,0)', '200,0 (250,0)']);
    const lines = [...view.container.querySelectorAll('[data-testid="verification-chart-truths"] tbody tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(lines).toEqual([['model_2', '2026-11-21', '+24 ч', '900,0', '100,0 / 800,0', '61,3', 'по ледовой карте ААНИИ от 2026-11-21']]);
  });
});

describe('/verification period', () => {
  it('asks nothing while the period is upside down or half typed, and says why', async () => {
    const seen = fakeApi(routes());
    view = await render(<VerificationAt />);
    await waitFor(() => expect(view!.container.querySelector('[data-testid="scorecard"]')).not.toBeNull());
    const asked = seen.length;
    const fromInput = view.container.querySelector<HTMLInputElement>('[data-testid="verification-from"]')!;
    for (const value of ['2099-01-01', '']) {
      await act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(fromInput, value);
        fromInput.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await waitFor(() => expect(view!.container.textContent).toContain('Проверьте период: нужны обе даты, и начало не позже конца.'));
    }
    expect(seen.length).toBe(asked);
    expect(view.container.querySelector('[data-testid="scorecard"]')).toBeNull();
  });
});

describe("/verification's 'Район'", () => {
  const arcticRoutes = () =>
    Object.fromEntries(Object.entries(routes()).map(([key, reply]) => [key.includes('/verification') ? `${key}&region=arctic` : key, reply]));

  it("offers the map's regions, the sector first; the whole Arctic's records, summary and CSV name carry region=arctic", async () => {
    const seen = fakeApi({ ...routes(), ...arcticRoutes() });
    view = await render(<VerificationAt />);
    await waitFor(() => expect(view!.container.querySelector('[data-testid="scorecard"]')).not.toBeNull());
    const select = view.container.querySelector<HTMLSelectElement>('[data-testid="verification-region"]')!;
    expect(select.closest('label')!.firstChild!.textContent).toBe('Район');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Карское море и море Лаптевых', 'Арктика целиком']);
    expect(select.value).toBe('sector');
    // The sector's requests name no region: exactly what the page asked before the regions.
    expect(seen.filter((r) => r.path.startsWith('/api/v1/verification')).every((r) => !r.path.includes('region='))).toBe(true);
    const before = seen.length;
    await act(async () => {
      select.value = 'arctic';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(seen.slice(before).filter((r) => r.path.startsWith('/api/v1/verification')).map((r) => r.path).sort()).toEqual([
      `/api/v1/verification/summary?from=${from}&to=${to}&region=arctic`,
      `/api/v1/verification?model_id=model_1&run=forecast&from=${from}&to=${to}&region=arctic`,
      `/api/v1/verification?model_id=model_2&run=forecast&from=${from}&to=${to}&region=arctic`,
    ]));
    await waitFor(() => expect(view!.container.querySelectorAll('[data-testid="scorecard"] tbody tr')).toHaveLength(3));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:verification');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const csv = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Скачать CSV')!;
    await click(csv);
    expect(saved).toEqual([`verification_forecast_arctic_${from}_${to}.csv`]);
  });

  it('opens on region=arctic from the URL, and choosing the sector takes it out of the URL', async () => {
    const api = createFakeApi([], makeUser(1, 'user'), (request) => {
      const reply = { ...routes(), ...arcticRoutes() }[`GET ${request.path}`] as { status: number; body: unknown } | undefined;
      return reply ? jsonResponse(reply.status, reply.body) : undefined;
    });
    app = await renderApp('/verification?region=arctic', api);
    await waitUntil(() => app!.container.querySelector('[data-testid="scorecard"]') !== null, 'scorecard');
    const select = app.container.querySelector<HTMLSelectElement>('[data-testid="verification-region"]')!;
    expect(select.value).toBe('arctic');
    const asked = api.requests.filter((r) => r.path.startsWith('/api/v1/verification'));
    expect(asked.length).toBe(3);
    expect(asked.every((r) => r.path.endsWith('&region=arctic'))).toBe(true);
    await act(async () => {
      select.value = 'sector';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitUntil(() => !app!.router.state.location.href.includes('region='), 'the URL without region');
    expect(app.router.state.location.pathname).toBe('/verification');
    await waitUntil(() => api.requests.some((r) => r.path === `/api/v1/verification/summary?from=${from}&to=${to}`), 'the sector summary');
  });
});
