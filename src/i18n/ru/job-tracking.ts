/** A job's status and progress while the page follows it (src/job-tracking). */
export const jobs = {
  status: {
    queued: 'В очереди',
    running: 'Выполняется',
    succeeded: 'Готово',
    failed: 'Ошибка',
  },
  progress: 'Ход выполнения',
  job: (id: number) => `Задача №${id}`,
  followFailed: 'Не удалось узнать состояние задачи',
} as const;
