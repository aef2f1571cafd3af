import { afterEach, describe, expect, it } from 'vitest';
import { render, typeInto, type Rendered } from '../../testing/page-helpers.tsx';
import { createForecastMapStore } from './store/forecast-map-store.ts';
import { ForecastMapStoreContext } from './store/store-context.ts';
import { RegionSelect } from './region-select.tsx';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe("the sidebar's 'Район'", () => {
  it('offers the sector (chosen by default) and the whole Arctic by their Russian names, and sets the region', async () => {
    const store = createForecastMapStore();
    view = await render(
      <ForecastMapStoreContext.Provider value={store}>
        <RegionSelect />
      </ForecastMapStoreContext.Provider>,
    );
    const label = view.container.querySelector('label')!;
    expect(label.querySelector('.forecast-sidebar__title')?.textContent).toBe('Район');
    const select = view.container.querySelector<HTMLSelectElement>('[data-testid="region-select"]')!;
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([
      ['sector', 'Карское море и море Лаптевых'],
      ['arctic', 'Арктика целиком'],
    ]);
    expect(select.value).toBe('sector');
    await typeInto(select, 'arctic');
    expect(store.getState().region).toBe('arctic');
    await typeInto(select, 'sector');
    expect(store.getState().region).toBe('sector');
  });
});
