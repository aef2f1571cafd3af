/** Loading data and uploading an ONNX model (src/features/upload). */
export const upload = {
  title: 'Загрузка данных',
  button: 'Загрузить данные на сегодня',
  started: 'Начало загрузки данных',
  failed: 'Ошибка при загрузке данных',
  done: (date: string) => `Данные за ${date} загружены, прогнозы построены`,
} as const;

export const onnxUpload = {
  title: 'Загрузить модель ONNX',
  hint: 'Обученная сеть в формате ONNX: вход [1, V·H, 480, 1301] — переменные анализа за H суток, выход [1, W·3, 480, 1301] — переменные на +24, +48, +72 ч.',
  file: 'Файл модели (.onnx)',
  modelId: 'Идентификатор модели',
  spec: 'Описание входа и выхода (JSON)',
  submit: 'Загрузить модель',
  started: 'Загрузка модели ONNX начата',
  failed: 'Ошибка при загрузке модели',
  noFile: 'Выберите файл модели',
  done: (modelId: string) => `Модель ${modelId} зарегистрирована, метрики рассчитаны`,
} as const;

/** The admin's import of another system's forecast on /upload (src/features/upload/forecast-import-form.tsx). */
export const forecastImport = {
  title: 'Импортировать прогноз внешней модели',
  hint: 'Файл NetCDF с прогнозом другой системы (сплочённость, толщина, дрейф льда на любой сетке с осью времени): заблаговременности +24, +48, +72 ч берутся из его шагов по времени, файл пересчитывается на сетку выбранного района.',
  file: 'Файл прогноза (.nc)',
  modelId: 'Идентификатор модели',
  date: 'Дата прогноза (если не из файла)',
  submit: 'Импортировать прогноз',
  started: 'Импорт прогноза начат',
  failed: 'Ошибка при импорте прогноза',
  noFile: 'Выберите файл прогноза',
  done: (modelId: string, date: string, region: string) => `Прогноз модели ${modelId} за ${date} импортирован (${region})`,
} as const;

/** The admin's import of an ice service's chart on /upload (src/features/upload/ice-chart-form.tsx). */
export const iceChartUpload = {
  title: 'Загрузить ледовую карту',
  hint: 'Карта ледовой службы в формате SIGRID-3: архив zip (или .imz) с файлами .shp, .shx, .dbf, .prj. Время и источник можно не указывать, если они есть в имени файла (aari_arc_ГГГГММДД_pl_a, ГГГГММДДЧЧММ_<район>_RIC|WA, cis_SGRD??_ГГГГММДДTЧЧММZ_pl_a).',
  file: 'Архив карты (.zip, .imz)',
  validTime: 'Действительна на (UTC)',
  source: 'Ледовая служба',
  replace: 'Заменить карту с теми же службой и временем',
  submit: 'Загрузить карту',
  started: 'Загрузка ледовой карты начата',
  failed: 'Ошибка при загрузке ледовой карты',
  noFile: 'Выберите архив карты',
  done: (source: string, time: string, polygons: number) => `Ледовая карта ${source} на ${time} загружена, полигонов: ${polygons}`,
} as const;
