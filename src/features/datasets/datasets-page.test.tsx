import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, render, waitFor, type Rendered } from '../../testing/page-helpers.tsx';
import { DatasetsPage } from './datasets-page.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

describe('/datasets', () => {
  it('shows each dataset with description and variables, with a fallback description', async () => {
    fakeApi({
      'GET /api/v1/report/datasets': {
        status: 200,
        body: [
          {
            dataset_id: 1,
            dataset_name: 'demo_analysis',
            metadata: {
              description: 'Демонстрационные данные',
              variables: ['sithick_GLORYS', 'sea_ice_fraction_BREMEN'],
              target_variables: ['sithick_GLORYS'],
            },
          },
          { dataset_id: 2, dataset_name: 'bare', metadata: {} },
        ],
      },
    });
    view = await render(<DatasetsPage />);
    await waitFor(() => expect(view!.container.querySelectorAll('article')).toHaveLength(2));
    const [first, second] = view.container.querySelectorAll('article');
    expect(view.container.querySelector('h1')?.textContent).toBe('Датасеты');
    expect(first.querySelector('h2')?.textContent).toBe('demo_analysis');
    expect(first.textContent).toContain('Демонстрационные данные');
    expect(first.textContent).toContain('Переменные: sithick_GLORYS, sea_ice_fraction_BREMEN');
    expect(first.textContent).toContain('Целевые переменные: sithick_GLORYS');
    expect(second.textContent).toContain('Нет описания');
  });

  it('shows where a real product comes from, who makes it and its grid', async () => {
    fakeApi({
      'GET /api/v1/report/datasets': {
        status: 200,
        body: [
          {
            dataset_id: 'osisaf_conc',
            dataset_name: 'OSI SAF: сплочённость морского льда (OSI-401)',
            metadata: {
              description: 'EUMETSAT OSI SAF, ежедневная сплочённость льда',
              variables: ['ice_conc'],
              target_variables: ['sea_ice_fraction_BREMEN'],
              source: 'https://thredds.met.no/thredds/fileServer/osisaf/met.no/ice/conc/{yyyy}/{mm}/ice_conc_nh_polstere-100_multi_{yyyy}{mm}{dd}1200.nc',
              institution: 'OSISAF - EUMETSAT',
              grid: 'projected laea 432×432, 25 km',
            },
          },
        ],
      },
    });
    view = await render(<DatasetsPage />);
    await waitFor(() => expect(view!.container.querySelectorAll('article')).toHaveLength(1));
    const card = view.container.querySelector('article')!;
    expect(card.textContent).toContain('Переменные: ice_conc');
    expect(card.textContent).toContain('Источник: https://thredds.met.no/thredds/fileServer/osisaf/met.no/ice/conc/');
    expect(card.textContent).toContain('Организация: OSISAF - EUMETSAT');
    expect(card.textContent).toContain('Сетка файла: projected laea 432×432, 25 km');
  });

  it('says so when the list is empty', async () => {
    fakeApi({ 'GET /api/v1/report/datasets': { status: 200, body: [] } });
    view = await render(<DatasetsPage />);
    await waitFor(() => expect(view!.container.textContent).toContain('Датасетов пока нет'));
  });

  it('explains a 401', async () => {
    fakeApi({ 'GET /api/v1/report/datasets': { status: 401, body: { detail: 'Unauthorized' } } });
    view = await render(<DatasetsPage />);
    await waitFor(() => expect(view!.container.querySelector('[role="alert"]')?.textContent).toContain('Сессия истекла'));
  });
});
