/** The jobs page: the list of jobs and the daily cycle's status (src/features/jobs-list; the cycle also on /models). */
export const jobsList = {
  title: 'Задания',
  empty: 'Заданий пока нет.',
  id: '№',
  kind: 'Вид',
  status: 'Состояние',
  progress: 'Ход',
  who: 'Кто запустил',
  when: 'Когда',
  outcome: 'Результат или ошибка',
  nobody: '—',
  kinds: {
    daily_cycle: 'Ежедневный цикл',
    force_fetch_data: 'Загрузка данных',
    generate_model: 'Генерация модели',
    generate_forecast: 'Генерация прогноза',
    import_analysis: 'Импорт анализа',
    import_forecast: 'Импорт прогноза',
    upload_onnx_model: 'Загрузка модели ONNX',
    import_icechart: 'Импорт ледовой карты',
  } as Record<string, string>,
} as const;

export const cycle = {
  title: 'Ежедневный цикл',
  /** `Ежедневный цикл: следующий запуск 25.11.2026, 09:30`. */
  next: (when: string) => `Ежедневный цикл: следующий запуск ${when}`,
  off: 'Ежедневный цикл: выключен (CYCLE_SCHEDULE=off); данные загружаются кнопкой «Загрузить данные на сегодня»',
  nothingPlanned: 'Ежедневный цикл: запусков не запланировано',
  schedule: (cron: string) => `Расписание (UTC): ${cron}`,
  lastRun: (when: string) => `последний запуск ${when}`,
  never: 'ещё не запускался',
  disk: (size: string) => `данные занимают ${size}`,
  /** `свободно на диске 12 ГБ из 50 ГБ`. */
  free: (free: string, total: string) => `свободно на диске ${free} из ${total}`,
  /** Shown when free space is below DISK_RESERVE: the cycle starts no date until space is freed. */
  lowSpace: (free: string, reserve: string) =>
    `Недостаточно места на диске: свободно ${free}, меньше запаса ${reserve} (DISK_RESERVE); цикл не начнёт новые даты, пока место не освободят`,
  retain: (days: number) => (days > 0 ? `хранятся ${days} сут.` : 'хранятся без срока'),
  retired: (dates: number, size: string) => `при последней очистке удалено дат: ${dates}, ${size}`,
  date: 'Дата',
  analysis: 'Анализ',
  forecasts: 'Прогнозы',
  verification: 'Оценка',
  status: 'Состояние',
  message: 'Сообщение',
  yes: 'есть',
  no: 'нет',
  statuses: {
    pending: 'Не обработана',
    queued: 'В очереди',
    running: 'Выполняется',
    waiting: 'Ожидание данных',
    done: 'Готово',
    failed: 'Ошибка',
    retired: 'Удалена по сроку',
  } as Record<string, string>,
  /** On the default model's card (/models). */
  defaultModel: 'Модель по умолчанию: прогнозы строятся ежедневно',
  runDaily: 'Прогнозы строятся ежедневно',
} as const;
