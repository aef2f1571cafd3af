/** The first view while the map loads (src/features/forecast-map/first-view). */
export const firstView = {
  mapLoading: 'Карта загружается…',
  caption: (date: string, leadHours: number) => `Прогноз на ${date}, +${leadHours} ч`,
} as const;
