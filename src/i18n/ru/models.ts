/** The models page and its cards (src/features/models). */
export const models = {
  title: 'Модели',
  type: 'Тип',
  hyperparameters: 'Гиперпараметры',
  metrics: 'Метрики',
  noHyperparameters: 'Нет гиперпараметров',
  noMetrics: 'Метрики ещё не рассчитаны',
  empty: 'Моделей пока нет',
  provenance: 'Происхождение',
  importedFile: 'Файл',
  importedRun: 'Последний импортированный прогноз',
  institution: 'Организация',
  dataset: 'Датасет',
} as const;
