/**
 * The choices of a 'Район' select, in the order every page shows them: the spec's sector ('Карское море и море
 * Лаптевых', the default) first, then the whole Arctic ('Арктика целиком'). The map's sidebar, /verification and
 * the generate-forecast form list them alike.
 */
import type { RegionId } from '../../common/regions/types.ts';
import { ru } from '../i18n/ru.ts';

export const REGION_CHOICES: readonly RegionId[] = ['sector', 'arctic'];

export function RegionOptions() {
  return REGION_CHOICES.map((id) => (
    <option key={id} value={id}>
      {ru.regions.names[id]}
    </option>
  ));
}
