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
  /** Under the headline badges: which run and period the IIEE scores are of ('Проверка прогнозов' shows the same). */
  /** What a card's verification scores are of: run, period and region (the region's name as 'Район' shows it). */
  verificationScope: (run: string, from: string, to: string, region: string) =>
    `IIEE и выигрыш по IIEE — как в «Проверке прогнозов»: ${run}, ${from} — ${to}, район «${region}»`,
} as const;
