/** The region choice of the map's sidebar: its label and the regions' names (shared with the server, common/regions/). */
import { regionNamesRu } from '../../../common/regions/names-ru.ts';

export const regions = {
  label: 'Район',
  names: regionNamesRu,
  /** 'Качество прогноза' of a region whose runs are not scored yet (the server scores the sector's only). */
  notScored: (name: string) => `Для района «${name}» оценки качества пока не рассчитываются.`,
} as const;
