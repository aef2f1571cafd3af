/** The datasets page and its cards (src/features/datasets). */
export const datasets = {
  title: 'Датасеты',
  noDescription: 'Нет описания',
  variables: 'Переменные',
  targetVariables: 'Целевые переменные',
  none: 'нет',
  empty: 'Датасетов пока нет',
  source: 'Источник',
  institution: 'Организация',
  grid: 'Сетка файла',
} as const;
