/** The region choice of the map's sidebar: its label and the regions' names (shared with the server, common/regions/). */
import { regionNamesRu } from '../../../common/regions/names-ru.ts';

export const regions = {
  label: 'Район',
  names: regionNamesRu,
} as const;
