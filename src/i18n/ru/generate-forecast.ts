/** Generating a forecast (src/features/generate-forecast). */
export const generateForecast = {
  title: 'Генерация прогноза',
  date: 'Дата анализа',
  datePlaceholder: 'Выберите дату',
  models: 'Модели',
  model: (modelId: string) => `Модель ${modelId}`,
  submit: 'Сделать прогноз',
  hint: 'Выберите дату и хотя бы одну модель, затем нажмите «Сделать прогноз».',
  run: 'Прогон модели',
  noDates: 'Нет доступных дат: сначала загрузите данные.',
  /** No analysis yet in the region chosen in 'Район' (its name as the map shows it). */
  noDatesInRegion: (region: string) => `В районе «${region}» пока нет анализов: сначала загрузите данные.`,
  noModels: 'Моделей пока нет',
  failed: 'Не удалось запустить прогноз',
  done: (date: string, models: string) => `Прогноз на ${date} построен: ${models}`,
} as const;
