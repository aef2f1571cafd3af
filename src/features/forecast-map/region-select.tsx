/**
 * 'Район' in the sidebar: the spec's sector ('Карское море и море Лаптевых', the default) or the whole Arctic
 * ('Арктика целиком'). Only calls the store: the loader lists the region's dates and opens its files, the map
 * moves to the region's view, the URL gains `region=arctic` (none for the sector).
 */
import type { RegionId } from '../../../common/regions/types.ts';
import { RegionOptions } from '../../components/region-options.tsx';
import { ru } from '../../i18n/ru.ts';
import { useForecastMap } from './store/store-context.ts';

export function RegionSelect() {
  const region = useForecastMap((state) => state.region);
  const setRegion = useForecastMap((state) => state.setRegion);
  return (
    <label className="forecast-sidebar__group">
      <span className="forecast-sidebar__title">{ru.regions.label}</span>
      <select
        className="forecast-sidebar__region"
        value={region}
        onChange={(event) => setRegion(event.target.value as RegionId)}
        data-testid="region-select"
      >
        <RegionOptions />
      </select>
    </label>
  );
}
