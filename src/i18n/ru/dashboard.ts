/** The dashboard's cards (src/features/dashboard). */
export const dashboard = {
  go: 'Перейти →',
  forecastsTitle: 'Прогнозы',
  forecastsText: 'Просмотр ранее сгенерированных прогнозов',
  modelsTitle: 'Модели',
  modelsText: 'Информация о существующих моделях',
  datasetsTitle: 'Датасеты',
  datasetsText: 'Информация о доступных датасетах',
  uploadTitle: 'Загрузка данных',
  uploadText: 'Загрузка новых данных для анализа',
  generateModelTitle: 'Генерация модели',
  generateModelText: 'Создание модели на основе системного промпта',
  generateForecastTitle: 'Генерация прогноза',
  generateForecastText: 'Создание прогноза на основе моделей и даты',
} as const;
