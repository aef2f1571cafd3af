/** The app's frame (src/components, src/loading, src/routes): title, error pages, top bar, placeholders, load errors, layout at common widths. */
export const app = {
  title: 'Прогноз морского льда Арктики',
  loading: 'Загрузка...',
  logoAlt: 'Логотип',
} as const;

export const errors = {
  title: 'Что-то пошло не так',
  text: 'Произошла непредвиденная ошибка. Попробуйте обновить страницу.',
  reload: 'Обновить страницу',
  home: 'На главную',
  notFoundTitle: 'Страница не найдена',
  notFoundText: 'Такой страницы нет. Проверьте адрес или вернитесь на главную.',
} as const;

export const nav = {
  forecasts: 'Прогнозы',
  models: 'Модели',
  datasets: 'Датасеты',
  upload: 'Загрузка',
  generateModel: 'Модель',
  generateForecast: 'Генерация',
  signOut: 'Выйти',
  home: 'На главную',
  mainMenu: 'Основное меню',
} as const;

export const placeholders = {
  forecasts: 'Прогнозы',
  models: 'Модели',
  datasets: 'Датасеты',
  upload: 'Загрузка данных',
  generateModel: 'Сгенерировать модель',
  generateForecast: 'Генерация прогноза',
  soon: 'Этот раздел появится в следующей версии.',
} as const;

export const loadErrors = {
  unauthorized: 'Сессия истекла. Войдите снова.',
  forbidden: 'Недостаточно прав для этого раздела.',
  network: 'Сервер недоступен. Проверьте соединение и попробуйте снова.',
  generic: 'Не удалось загрузить данные',
  retry: 'Повторить',
  /** The server's 503 'Database unavailable' (restarting, stopped), without a wait named and with one (`Retry-After`). */
  databaseUnavailable: 'База данных недоступна. Повторите позже.',
  databaseUnavailableWait: (seconds: number, form: 'one' | 'few' | 'many') =>
    `База данных недоступна. Повторите через ${seconds} ${{ one: 'секунду', few: 'секунды', many: 'секунд' }[form]}.`,
} as const;

export const layout = {
  /** The top bar's menu of the links that do not fit. */
  more: 'Ещё',
  /** The /forecasts sidebar's collapsible groups, in their order ('Инструменты' is ru.mapTools.title,
   *  'Качество прогноза' ru.verification.section). */
  groups: { forecast: 'Прогноз', ship: 'Судно' },
  /** The dashboard's subtitle while no machine-learning model (model_type 'onnx') is registered, and once one is. */
  subtitle: 'Прогнозы сплочённости, толщины и дрейфа льда по моделям прогноза льда',
  subtitleWithMl: 'Прогнозы сплочённости, толщины и дрейфа льда по моделям прогноза льда, в том числе машинного обучения',
  /** Headings of a model card's metric groups. */
  metricsHeadline: 'Основные',
  metricsByLead: 'По заблаговременности',
  metricsByVariable: 'По переменным',
  metricsOther: 'Другие',
} as const;
