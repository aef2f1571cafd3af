/** 'Режим' → 'Вероятность льда': the share of the date's model forecasts with ice (src/features/forecast-map/ice-probability). */
export const iceProbability = {
  legendTitle: 'Вероятность льда (≥ 15 %)',
  members: (n: number, singular: boolean) => `по ${n} ${singular ? 'прогнозу' : 'прогнозам'}`,
  loading: 'Вероятность считается по прогнозам всех моделей…',
  none: 'На эту дату нет прогнозов моделей: вероятность не посчитать.',
} as const;
