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
