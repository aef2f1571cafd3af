/** The analysis run on the map (src/features/forecast-map/analysis-run). */
export const analysisRun = {
  analysis: 'Анализ',
  hint: 'Анализ на выбранную дату: один срок, время прогноза к нему не относится.',
} as const;
