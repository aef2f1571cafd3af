/** No link: the saved forecasts and the download's rate (src/offline). */
export const offline = {
  notice: 'Нет связи: показаны сохранённые прогнозы',
  dates: (list: string) => `Сохранённые даты: ${list}.`,
  noDates: 'Сохранённых прогнозов нет.',
  saved: (used: string, limit: string) => `Сохранено для работы без связи: ${used} МБ из ${limit} МБ`,
  rate: (kilobytesPerSecond: string) => `${kilobytesPerSecond} КБ/с`,
  timeLeft: (seconds: number) => `осталось ≈ ${seconds} с`,
} as const;
